// The Users page: everyone sees who may use the console; an owner invites (the invitation's link
// shown once), changes a role and removes a user after confirming, and the invited person accepts
// at the link and signs in. A viewer sees the list without the owner's controls.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  signIn,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

// The page is built to the payloads of src/api/pending-api.ts; it runs here once the cloud declares them.
const declared = (
  JSON.parse(readFileSync(new URL('../../../docs/cloud-openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, unknown>;
  }
).paths;
const missing = ['/api/console/v1/users', '/api/console/v1/auth/invitations/accept'].filter(
  (path) => !(path in declared),
);

describe.skipIf(noBrowser !== null || missing.length > 0)(
  'the Users page in Chromium',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;

    beforeAll(async () => {
      app = await startConsoleApp();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('lets an owner invite a user, whose link is shown once and accepted', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Users' }).click();
      const table = page.getByRole('table', { name: 'Users' });
      await table.getByRole('cell', { name: app.users.viewer.email, exact: true }).waitFor();
      await screenshots(page, 'users');

      await page.getByRole('button', { name: 'Invite a user' }).click();
      const email = page.getByLabel('E-mail address');
      await email.fill('no-at-sign');
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      await screenshots(page, 'users-invite');

      await email.fill('casier@alfa.test');
      await page.getByLabel('Role', { exact: true }).selectOption('manager');
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      const link = page.locator('.ui-secret__value');
      await link.waitFor();
      const invitation = (await link.textContent())!;
      expect(invitation).toMatch(new RegExp(`^${app.url}/invitation/.+`));
      await table.getByRole('cell', { name: 'casier@alfa.test', exact: true }).waitFor();
      await screenshots(page, 'users-invited');

      const invited = await app.open(new URL(invitation).pathname.replace(/^\/console/, ''));
      await invited.getByRole('heading', { name: 'Accept the invitation' }).waitFor();
      await screenshots(invited, 'invitation');
      await invited.getByLabel('New password').fill('short');
      await invited.getByRole('button', { name: 'Create my account' }).click();
      expect(await invited.getByText('At least 10 characters.', { exact: false }).count()).toBeGreaterThan(0);
      await invited.getByLabel('New password').fill('a long enough password');
      await invited.getByRole('button', { name: 'Create my account' }).click();
      await invited.getByText('Your account is ready. Sign in with it.').waitFor();
      await signIn(invited, { email: 'casier@alfa.test', password: 'a long enough password' });
      await invited.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    });

    it('lets an owner change a role and remove a user after confirming', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Users' }).click();
      const role = page.getByLabel(`Role of ${app.users.manager.email}`);
      await role.selectOption('viewer');
      await page.getByText(`${app.users.manager.email}: Viewer.`).waitFor();

      await page.getByRole('button', { name: `Remove ${app.users.viewer.email}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${app.users.viewer.email}?` });
      await dialog.waitFor();
      // Cancel has the focus: Enter does no harm.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await expectAccessible(page);
      await screenshots(page, 'users-remove');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByText(`${app.users.viewer.email} was removed.`).waitFor();
      // The toast comes with the answer; the list is read again after it.
      const removed = page.getByRole('cell', { name: app.users.viewer.email, exact: true });
      await removed.waitFor({ state: 'detached' });
      expect(await removed.count()).toBe(0);
    });

    it('shows a viewer the users without the owner’s controls', async () => {
      const page = await app.signedInPage('manager');
      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      expect(await page.getByRole('button', { name: 'Invite a user' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      expect(await page.getByText('Only an owner can invite users').isVisible()).toBe(true);
    });
  },
);
