// The console's foundation in a real browser against a real cloud: signing in (and the inline
// error of a wrong password), signing out, a session that ends under the page (401), the Users
// page, the language switch and keyboard focus; each page checked by axe-core at 1280 and 360 px
// and pictured for docs/console.md.
import type { Page } from 'playwright-core';
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

describe.skipIf(noBrowser !== null)('the console in Chromium', { timeout: BROWSER_TEST_TIMEOUT_MS }, () => {
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsoleApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });

  it('checks the sign-in form inline, in the cloud’s own rules, before sending anything', async () => {
    const page = await app.open('/sign-in');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/sign-in')) sent++;
    });
    await page.getByLabel('E-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const email = page.getByLabel('E-mail address');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Enter an e-mail address').isVisible()).toBe(true);
    expect(await page.getByText('Fill this in.').isVisible()).toBe(true);
    // The first field in error has the focus.
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(sent).toBe(0);
    await screenshots(page, 'sign-in-errors');
  });

  it('says a wrong password under the password field, then signs in with the right one', async () => {
    const page = await app.open('/sign-in');
    await screenshots(page, 'sign-in');
    await signIn(page, { email: app.users.owner.email, password: 'wrong password, surely' });
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const described = await password.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toContain(
      'The e-mail address or the password is wrong.',
    );
    await expectAccessible(page);

    await password.fill(app.users.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/?$/);
    expect(await page.getByText('Magazinul Alfa').first().isVisible()).toBe(true);
    await screenshots(page, 'overview');
  });

  it('sends a signed-out deep link to sign-in, and back to it after signing in', async () => {
    const page = await app.open('/users');
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    await signIn(page, app.users.viewer);
    await expect.poll(() => heading(page).textContent()).toBe('Users');
    expect(new URL(page.url()).pathname).toBe('/console/users');
  });

  it('answers an address it does not know with a page that leads back', async () => {
    const page = await app.signedInPage('viewer');
    await page.goto(`${app.url}/no/such/page`);
    await expect.poll(() => heading(page).textContent()).toBe('There is no page at this address.');
    await page.getByRole('link', { name: 'Back to the overview' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Overview');
  });

  it('signs out: the cookie is gone, and a reload stays on sign-in', async () => {
    const page = await app.signedInPage('manager');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    expect(await page.getByText('You are signed out.').isVisible()).toBe(true);
    await page.goto(`${app.url}/settings`);
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
  });

  it('takes a page whose session ended elsewhere (401) back to sign-in with a message', async () => {
    const page = await app.signedInPage('manager');
    await page.getByRole('link', { name: 'Settings' }).click();
    const elsewhere = await app.signedInPage('manager');
    await elsewhere.getByRole('link', { name: 'Settings' }).click();
    await screenshots(elsewhere, 'settings');
    await elsewhere.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = elsewhere.getByRole('dialog', { name: 'Sign out of every device?' });
    await dialog.waitFor();
    await screenshots(elsewhere, 'settings-confirm');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => heading(elsewhere).textContent()).toBe('Sign in');

    // The first page still shows Settings; its next call to the cloud answers 401.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Sign in');
    expect(await page.getByText('Your session ended. Sign in again to continue.').isVisible()).toBe(true);
    // Said once, on the sign-in page: no error toast on top of it.
    expect(await page.locator('.ui-toast').count()).toBe(0);
    await signIn(page, app.users.manager);
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
  });

  it('asks for a password reset link by e-mail, checking the address first', async () => {
    const page = await app.open('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Reset your password');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'reset-request');
  });

  it('switches the language, keeps it after a reload, and marks the page’s language', async () => {
    const page = await app.signedInPage('viewer');
    await page.getByLabel('Language').first().selectOption('ro');
    await expect.poll(() => heading(page).textContent()).toBe('Prezentare');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ro');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Prezentare');
    await page.getByLabel('Limba').first().selectOption('ru');
    await expect.poll(() => heading(page).textContent()).toBe('Обзор');
    await expectAccessible(page);
    await page.getByLabel('Язык').first().selectOption('en');
  });

  it('shows where the keyboard is: skip link first, a visible outline, focus on the new page’s heading', async () => {
    const page = await app.signedInPage('viewer');
    // Signing in puts the focus on the overview's heading, and the overview's content follows it:
    // the keyboard starts again from the top of the document, where the skip link is the first stop.
    await page.evaluate(() => {
      const start = document.createElement('span');
      start.tabIndex = -1;
      document.body.prepend(start);
      start.focus();
      start.remove();
    });
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          text: element.textContent,
          outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
        };
      });
    expect(await focused()).toMatchObject({ text: 'Skip to content', outline: 'solid' });
    // Tab through the header to the navigation: every stop shows its outline.
    for (let stop = 0; stop < 12; stop++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.outline, `focus stop ${stop} (${now.text})`).not.toBe('none');
      expect(now.width).toBeGreaterThanOrEqual(2);
      if (now.text === 'Users') break;
    }
    expect((await focused()).text).toBe('Users');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await heading(page).textContent()).toBe('Users');
  });

  it('collapses the navigation into a menu at 360 px', async () => {
    const page = await app.signedInPage('viewer', 360);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await screenshots(page, 'menu');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    expect(await nav.isVisible()).toBe(false);
  });
});
