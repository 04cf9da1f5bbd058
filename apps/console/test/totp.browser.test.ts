// Two-factor sign-in in a real browser against a real cloud: a user sets it up on the Settings
// page (the test reads the secret the page shows and computes codes from it, as an authenticator
// app would), signs out, and signs in again: the code field comes after the password, a wrong code
// is refused inline, the right one signs in; then the password turns it off. The cloud's clock
// is moved on one 30-second step before each new code: a code is never accepted twice.
import type { Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../cloud/src/clock.js';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  signIn,
  startConsoleApp,
  type ConsoleApp,
} from './console-browser.js';

describe.skipIf(noBrowser !== null)('two-factor sign-in in the console', () => {
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

  beforeAll(async () => {
    app = await startConsoleApp({ clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is set up on Settings, then asked for at sign-in after the password', async () => {
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

    // A wrong code does not turn it on.
    const right = nextCode(totp);
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
    expect(await page.getByText('The code is wrong or was used already.', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await heading(page).textContent()).toBe('Sign in');

    await code.fill(current);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Overview');

    // A lost phone: the password turns it off, and sign-in asks for no code again.
    await page.getByRole('link', { name: 'Settings' }).click();
    await section.getByRole('button', { name: 'Turn off' }).click();
    await section.getByLabel('Code from your app, or your password').fill(user.password);
    await section.getByRole('button', { name: 'Turn off' }).click();
    await section.getByRole('button', { name: 'Set up' }).waitFor();
    const again = await app.signedInPage('manager');
    expect(await again.getByLabel('Authenticator code').count()).toBe(0);
  });
});
