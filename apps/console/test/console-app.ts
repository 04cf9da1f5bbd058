/**
 * A real cloud serving the console's production build, and Debian's Chromium to drive it: what
 * the browser tests (console-browser.ts adds their checks) and the load benchmark (bench/) share.
 * The console is built by Vite once per process into a temporary directory; the cloud runs on
 * PostgreSQL when TEST_DATABASE_URL names a server (as in CI: a database of its own per test
 * file, dropped at close, so files run side by side), on PGlite otherwise, with a merchant, an
 * activated terminal and one console user per role.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../../test-support/browser.js';
import {
  activeTerminal,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  type ActiveTerminal,
  type TestDatabase,
} from '../../cloud/test/harness.js';
import { seedConsoleUser, type SeededConsoleUser } from '../../cloud/test/console-harness.js';
import type { Cloud } from '../../cloud/src/server.js';
import type { Clock } from '../../cloud/src/clock.js';

const CONSOLE_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The widths every page is checked and pictured at: a laptop and a small phone. */
export const WIDTHS = [1280, 360] as const;

let built: Promise<string> | undefined;

/** Vite's production build of the console into a directory of this process, made once. */
function buildConsole(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'fiscal-pos-console-'));
    await build({ root: CONSOLE_ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    return outDir;
  })();
  return built;
}

type Role = SeededConsoleUser['role'];

export interface ConsoleApp {
  cloud: Cloud;
  database: TestDatabase;
  merchantId: string;
  terminal: ActiveTerminal;
  /** One user per role, seeded with a password. */
  users: Record<Role, SeededConsoleUser>;
  /** The console's address: `${cloud.url}/console`. */
  url: string;
  browser: Browser;
  /** A fresh browser context (own cookies) at `width` px, on a page of the console (path under /console). */
  open(path: string, width?: number): Promise<Page>;
  /** A page signed in through the sign-in form as the user of `role`, on the overview. */
  signedInPage(role: Role, width?: number): Promise<Page>;
  close(): Promise<void>;
}

/** `clock`: the cloud's, for a test that moves time on (two-factor codes of later steps). */
export async function startConsoleApp({ clock }: { clock?: Clock } = {}): Promise<ConsoleApp> {
  const consoleDir = await buildConsole();
  // The last driver is the server's when there is one: the cloud as it runs in production.
  const database = await openTestDatabase(DRIVERS.at(-1)!);
  // The pages' suites sign the same users in, and turn two-factor on and off, more often than a
  // person would in the account limit's window (every check counts, right or wrong): the limit
  // itself is tested over HTTP (console-auth, console-totp), not here.
  const { console: consoleConfig } = testConfig();
  const signInLimits = { ...consoleConfig.signIn, maxPerAccount: 1_000 };
  const cloud = await startTestCloud(
    database,
    { consoleDir, console: { ...consoleConfig, signIn: signInLimits } },
    {},
    clock,
  );
  const { merchantId } = await seedMerchant(database, { name: 'Magazinul Alfa' });
  const terminal = await activeTerminal(cloud, merchantId);
  const users = {
    owner: await seedConsoleUser(database, { merchantId, role: 'owner', email: 'owner@alfa.test' }),
    manager: await seedConsoleUser(database, { merchantId, role: 'manager', email: 'manager@alfa.test' }),
    viewer: await seedConsoleUser(database, { merchantId, role: 'viewer', email: 'viewer@alfa.test' }),
  };
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const url = `${cloud.url}/console`;

  const open = async (path: string, width = WIDTHS[0]) => {
    // English whatever the machine's locale, so that tests read the same words everywhere.
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${url}${path}`);
    return page;
  };

  const signedInPage = async (role: Role, width = WIDTHS[0]) => {
    const page = await open('/sign-in', width);
    await signIn(page, users[role]);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    return page;
  };

  return {
    cloud,
    database,
    merchantId,
    terminal,
    users,
    url,
    browser,
    open,
    signedInPage,
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await cloud.close();
      await database.close();
    },
  };
}

/** Fills and sends the sign-in form (the page must show it). */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
