/**
 * Debian's Chromium driven by playwright-core, for tests of what a person or a web page sees.
 * `.ci/run` installs the `chromium` package when it is missing; a machine without it skips these
 * tests and says so (playwright's own browser download cannot reach its host here).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. */
export const noBrowser: string | null = existsSync(CHROMIUM)
  ? null
  : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // As root in CI Chromium needs --no-sandbox; the rest keep it off the network this machine
    // does not have (it would retry the connections many times).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Where tests put screenshots a person can look at (gitignored). */
export function screenshotDir(): string {
  const dir = new URL('../.tmp/screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  return dir;
}
