// Two-factor sign-in in a real browser against a real cloud: a user sets it up on the Settings
// page (the test reads the secret the page shows and computes codes from it, as an authenticator
// app would), signs out, and signs in again: the code field comes after the password, a wrong code
// is refused inline, the right one signs in; a password reset asks for the code too; then the
// password turns it off. The cloud's clock
// is moved on one 30-second step before each new code: a code is never accepted twice.
import type { Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../cloud/src/clock.js';
import { hashSecretToken, newSecretToken } from '../../cloud/src/console-users/secret-tokens.js';
import { consolePasswordResets } from '../../cloud/src/db/schema.js';
import { newId } from '../../cloud/src/ids.js';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  signIn,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

describe.skipIf(noBrowser !== null)(
  'two-factor sign-in in the console',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;
    let offsetMs = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
    /** The code an authenticator app shows at the next step of the cloud's clock (not used yet). */
    const nextCode = (totp: TOTP) => {
      offsetMs += 30_000;
      return totp.generate({ timestamp: clock.now().getTime() });
    };
    const heading = (page: Page) => page.getByRole('heading', { level: 1 });
    const invalid = (page: Page, label: string) => page.getByLabel(label).getAttribute('aria-invalid');

    /** A reset link's token, as the cloud mails it (no mail server here). */
    const resetToken = async (userId: string) => {
      const token = newSecretToken();
      const now = clock.now();
      await app.database.db.insert(consolePasswordResets).values({
        id: newId('pwr'),
        userId,
        tokenHash: hashSecretToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 30 * 60_000),
      });
      return token;
    };

    beforeAll(async () => {
      app = await startConsoleApp({ clock });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('is set up on Settings, asked for at sign-in and at a password reset, turned off by the password', async () => {
      const user = app.users.manager;
      const page = await app.signedInPage('manager');
      await page.getByRole('link', { name: 'Settings' }).click();
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await section.getByRole('button', { name: 'Set up' }).click();
      const qr = section.getByRole('img', { name: 'QR code to add your account to an authenticator app' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const secret = (await section.locator('.ui-secret__value').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const totp = new TOTP({ secret });
      await screenshots(page, 'settings-totp');

      // The password is asked too (a session alone does not turn it on): a wrong one is said
      // under its field. A wrong code does not turn it on either.
      const right = nextCode(totp);
      await section.getByLabel('Password').fill('not the password');
      await section.getByLabel('Authenticator code').fill(right);
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expect.poll(() => invalid(page, 'Password')).toBe('true');
      await section.getByLabel('Password').fill(user.password);
      await section.getByLabel('Authenticator code').fill(right === '123456' ? '654321' : '123456');
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expect.poll(() => invalid(page, 'Authenticator code')).toBe('true');
      await section.getByLabel('Authenticator code').fill(right);
      await section.getByRole('button', { name: 'Turn on' }).click();
      await section.getByText('On: signing in asks for a code from your authenticator app.').waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Sign in');
      await signIn(page, user);
      const code = page.getByLabel('Authenticator code');
      await code.waitFor();
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      await expect.poll(() => code.evaluate((element) => element === document.activeElement)).toBe(true);
      await screenshots(page, 'sign-in-totp');

      const current = nextCode(totp);
      await code.fill(current === '000000' ? '999999' : '000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
      expect(
        await page.getByText('The code is wrong or was used already.', { exact: false }).isVisible(),
      ).toBe(true);
      expect(await heading(page).textContent()).toBe('Sign in');

      await code.fill(current);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Overview');

      // The mailed reset link asks for the code too, after the new password.
      const password = 'a new password, long enough';
      const reset = await app.open(`/password-reset/${await resetToken(user.id)}`);
      await reset.getByLabel('New password').fill(password);
      await reset.getByRole('button', { name: 'Set the password' }).click();
      const resetCode = reset.getByLabel('Authenticator code');
      await resetCode.waitFor();
      const next = nextCode(totp);
      await resetCode.fill(next === '000000' ? '999999' : '000000');
      await reset.getByRole('button', { name: 'Set the password' }).click();
      await expect.poll(() => resetCode.getAttribute('aria-invalid')).toBe('true');
      await resetCode.fill(next);
      await reset.getByRole('button', { name: 'Set the password' }).click();
      await reset.getByText('Your password is changed. Sign in with it.').waitFor();

      // A lost phone: the password turns it off, and sign-in asks for no code again.
      await signIn(reset, { email: user.email, password });
      await reset.getByLabel('Authenticator code').fill(nextCode(totp));
      await reset.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => heading(reset).textContent()).toBe('Overview');
      await reset.getByRole('link', { name: 'Settings' }).click();
      const own = reset.getByRole('region', { name: 'Two-factor sign-in' });
      await own.getByRole('button', { name: 'Turn off' }).click();
      await own.getByLabel('Code from your app, or your password').fill(password);
      await own.getByRole('button', { name: 'Turn off' }).click();
      await own.getByRole('button', { name: 'Set up' }).waitFor();
      const again = await app.open('/sign-in');
      await signIn(again, { email: user.email, password });
      await expect.poll(() => heading(again).textContent()).toBe('Overview');
    });
  },
);
