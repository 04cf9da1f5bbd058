// The Activity page: who changed what, in words, on what by its name (the operator's changes
// too), and who signed in or failed to; filtered by person and by part of the console, a page at
// a time; a submission retried after its answer was lost carries the same Idempotency-Key, so the
// cloud acts once and the page lists one change answered twice. A viewer has no Activity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../cloud/src/db/schema.js';
import { signInConsole } from '../../cloud/test/console-harness.js';
import { call } from '../../cloud/test/harness.js';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

describe.skipIf(noBrowser !== null)(
  'the Activity page in Chromium',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;

    beforeAll(async () => {
      app = await startConsoleApp();
      // A few changes of the owner's, one of them refused.
      const owner = await signInConsole(app.cloud, app.users.owner);
      const changes = [
        await owner.call('POST', '/integration-keys', { name: 'ERP', scopes: ['orders:read'] }),
        await owner.call('PATCH', `/terminals/${app.terminal.terminalId}`, { name: 'Casa 1' }),
        await owner.call('POST', '/categories', { name: 'Raft' }),
        await owner.call('PATCH', '/terminals/term_none', { name: 'Nowhere' }),
      ];
      expect(changes.map((c) => c.status)).toEqual([201, 200, 201, 404]);
      // Someone guessing at the manager's password.
      const guess = await call(app.cloud, 'POST', '/api/console/v1/auth/sign-in', {
        body: { email: app.users.manager.email, password: 'not the password' },
      });
      expect(guess.status).toBe(401);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('acts once on a submission retried after its answer was lost, and lists who did it', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=categories`);
      // The cloud gets the first request and acts; its answer never reaches the page.
      let lost = false;
      const keys: (string | null)[] = [];
      await page.route('**/api/console/v1/categories', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(await route.request().headerValue('idempotency-key'));
        if (lost) return route.continue();
        lost = true;
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.getByRole('button', { name: 'New category' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Lactate');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The cloud did not answer.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Lactate was saved.').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      // Made once: the list read again after the answer holds one.
      const lactate = page.locator('.ui-tree__name', { hasText: /^Lactate$/ });
      await lactate.first().waitFor();
      expect(await lactate.count()).toBe(1);

      await page.getByRole('link', { name: 'Activity' }).click();
      const table = page.getByRole('table', { name: 'Activity' });
      const mine = table
        .getByRole('row')
        .filter({ hasText: app.users.manager.email })
        .filter({ hasText: 'Lactate' });
      await mine.first().waitFor();
      expect(await mine.allTextContents()).toEqual([
        expect.stringMatching(/Created a categoryLactateDone \(a retry, answered again\)$/),
        expect.stringMatching(/Created a categoryLactateDone$/),
      ]);
    });

    it('shows who did what in words, and on what by its name', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Activity' }).click();
      const table = page.getByRole('table', { name: 'Activity' });
      await table.getByRole('row').nth(1).waitFor();
      const { owner, manager } = app.users;
      const rows = async (who: string) =>
        (await table.getByRole('row').filter({ hasText: who }).allTextContents()).map((row) =>
          row.slice(row.indexOf(who) + who.length),
        );
      // The operator's change in the same words as a console one, on the terminal by its name then.
      expect(await rows('Fiscal POS operator')).toEqual(['Created a terminalCasaDone']);
      expect(await rows(owner.email)).toEqual([
        'Signed in—Done',
        'Renamed a terminalTerminal term_noneRefused (404)',
        'Created a categoryRaftDone',
        'Renamed a terminalCasa 1Done',
        'Created an integration keyERPDone',
        'Signed in—Done',
      ]);
      expect(await rows(manager.email)).toEqual([
        'Created a categoryLactateDone (a retry, answered again)',
        'Created a categoryLactateDone',
        'Signed in—Done',
        'Failed sign-in (wrong password or code)—Refused (401)',
      ]);
      // No path and no operation id anywhere.
      expect(await table.textContent()).not.toMatch(/\/api\/|\/categories|admin[A-Z]|console[A-Z]/);
      await screenshots(page, 'activity');
    });

    it('shows one person’s changes and sign-ins', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Activity' }).click();
      const table = page.getByRole('table', { name: 'Activity' });
      await table.getByRole('row').nth(1).waitFor();
      await page.getByLabel('Person').selectOption({ label: app.users.manager.email });
      // Lactate and its retry, the manager's sign-in and the guess at their password.
      await expect.poll(() => table.getByRole('row').count()).toBe(5);
      await screenshots(page, 'activity-filtered');
    });

    it('says it in the page’s language', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Activity' }).click();
      await page.getByLabel('Language').selectOption('ro');
      const table = page.getByRole('table', { name: 'Activitate' });
      await table.getByRole('row').filter({ hasText: 'Autentificare eșuată' }).waitFor();
      expect(await table.textContent()).toMatch(/A creat un terminal.*Casa/);
    });

    it('filters by part of the console, and pages', async () => {
      // A long history: 55 more category changes, written straight to the log (more than a page of 50).
      await app.database.db.insert(adminAuditLog).values(
        Array.from({ length: 55 }, (_, i) => ({
          requestId: `req-history-${i}`,
          operation: 'consoleCreateCategory',
          method: 'POST',
          path: '/api/console/v1/categories',
          status: 201,
          actorKind: 'console_user' as const,
          actorUserId: app.users.owner.id,
          actorEmail: app.users.owner.email,
          merchantId: app.merchantId,
        })),
      );
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Activity' }).click();
      const table = page.getByRole('table', { name: 'Activity' });
      await page.getByLabel('Part of the console').selectOption({ label: 'Webhooks' });
      await page.getByText('Nothing was changed yet.').waitFor();
      await page.getByLabel('Part of the console').selectOption({ label: 'Categories' });
      await expect.poll(() => table.getByRole('row').count()).toBe(51);
      // 58 changes: Raft, Lactate and its retry, and the 55.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => table.getByRole('row').count()).toBe(9);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect.poll(() => table.getByRole('row').count()).toBe(51);
    });

    it('shows a viewer no Activity', async () => {
      const page = await app.signedInPage('viewer');
      expect(await page.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    });
  },
);
