// Signing in to the console, the session cookie and its expiries, CSRF, signing out: over real
// HTTP against a real cloud on PGlite (and PostgreSQL when configured).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type SeededConsoleUser } from './console-harness.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  type TestDatabase,
} from './harness.js';

const MINUTE = 60_000;

describe.each(DRIVERS)('console sign-in and sessions on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let owner: SeededConsoleUser;
  let merchantId: string;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ({ merchantId } = await seedMerchant(database, { name: 'Magazinul Ana' }));
    owner = await seedConsoleUser(database, { merchantId, role: 'owner', email: 'Ana@Shop.test' });
    cloud = await startTestCloud(
      database,
      {
        console: {
          ...startConfig(),
          signIn: { maxPerAddress: 1000, maxPerAccount: 5, windowMs: 15 * MINUTE },
        },
      },
      {},
      clock,
    );
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const startConfig = () => ({
    ...testConfig().console,
    session: { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE },
    secureCookie: false,
  });

  it('signs in with any case of the address and answers the session, merchant and CSRF token', async () => {
    const response = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
      body: { email: ' ana@shop.TEST ', password: owner.password },
    });
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: owner.id, email: 'ana@shop.test', role: 'owner', totpEnabled: false });
    expect(body.merchant).toEqual({ id: merchantId, name: 'Magazinul Ana' });
    expect(body.csrfToken).toMatch(/^[0-9A-Za-z]{40,}$/);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^fpos_session=[0-9A-Za-z]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown address alike, without a cookie', async () => {
    const wrong = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
      body: { email: 'ana@shop.test', password: 'not the password' },
    });
    const unknown = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
      body: { email: 'nobody@shop.test', password: 'not the password' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.json().code).toBe('invalid_credentials');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('refuses malformed sign-ins with 400', async () => {
    for (const body of [
      { email: 'x', password: 'y' },
      { email: 'a@b.test' },
      { email: 'a@b.test', password: 'p', extra: 1 },
    ]) {
      const response = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', { body });
      expect(response.status).toBe(400);
    }
  });

  it('limits attempts per account, the right password included, with Retry-After', async () => {
    const target = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    for (let i = 0; i < 5; i++) {
      const response = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
        body: { email: target.email, password: 'guess number ' + i },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
      body: { email: target.email, password: target.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    offsetMs += 15 * MINUTE;
    await signInConsole(cloud, target);
  });

  it('needs a session for GET /session, and answers it with the cookie', async () => {
    expect((await call(cloud, 'GET', '/api/console/v1/session')).json().code).toBe('not_signed_in');
    const forged = await call(cloud, 'GET', '/api/console/v1/session', {
      headers: { cookie: 'fpos_session=forged' },
    });
    expect(forged.status).toBe(401);
    const browser = await signInConsole(cloud, owner);
    const session = await browser.call('GET', '/session');
    expect(session.status).toBe(200);
    expect(session.json().csrfToken).toBe(browser.csrfToken);
  });

  it('refuses a change without the CSRF token, or with another session’s', async () => {
    const browser = await signInConsole(cloud, owner);
    const other = await signInConsole(cloud, owner);
    const without = await call(cloud, 'POST', '/api/console/v1/auth/sign-out', {
      headers: { cookie: browser.cookie },
    });
    expect(without.status).toBe(403);
    expect(without.json().code).toBe('csrf_token_invalid');
    const foreign = await browser.call('POST', '/auth/sign-out', undefined, {
      'x-csrf-token': other.csrfToken,
    });
    expect(foreign.status).toBe(403);
    expect((await browser.call('GET', '/session')).status).toBe(200);
  });

  it('ends a session after 30 idle minutes, and keeps one in use alive', async () => {
    const idle = await signInConsole(cloud, owner);
    const busy = await signInConsole(cloud, owner);
    for (let i = 0; i < 3; i++) {
      offsetMs += 20 * MINUTE;
      expect((await busy.call('GET', '/session')).status).toBe(200);
    }
    const expired = await idle.call('GET', '/session');
    expect(expired.status).toBe(401);
    expect(expired.json().code).toBe('not_signed_in');
  });

  it('ends every session at its absolute expiry however busy', async () => {
    const browser = await signInConsole(cloud, owner);
    // A request every 20 minutes for 11 h 40 min, then 20 minutes more: 12 hours since sign-in.
    for (let i = 0; i < 35; i++) {
      offsetMs += 20 * MINUTE;
      expect((await browser.call('GET', '/session')).status).toBe(200);
    }
    offsetMs += 20 * MINUTE;
    expect((await browser.call('GET', '/session')).status).toBe(401);
  });

  it('signs out of one browser, or of every browser', async () => {
    const first = await signInConsole(cloud, owner);
    const second = await signInConsole(cloud, owner);
    const third = await signInConsole(cloud, owner);
    const out = await first.call('POST', '/auth/sign-out');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^fpos_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await first.call('GET', '/session')).status).toBe(401);
    expect((await second.call('GET', '/session')).status).toBe(200);
    expect((await second.call('POST', '/auth/sign-out-everywhere')).status).toBe(204);
    expect((await second.call('GET', '/session')).status).toBe(401);
    expect((await third.call('GET', '/session')).status).toBe(401);
  });

  it('sets Secure on the cookie when configured to be behind TLS', async () => {
    const secure = await startTestCloud(database, {
      console: {
        ...startConfig(),
        secureCookie: true,
        signIn: { maxPerAddress: 100, maxPerAccount: 100, windowMs: MINUTE },
      },
    });
    try {
      const response = await call(secure, 'POST', '/api/console/v1/auth/sign-in', {
        body: { email: owner.email, password: owner.password },
      });
      expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('sets Secure on the cookie when the console’s public URL is https, even without CONSOLE_SECURE_COOKIE', async () => {
    // Production as the docs tell it: CONSOLE_PUBLIC_URL set, behind a TLS proxy (so the request
    // the cloud sees is plain http). Forgetting CONSOLE_SECURE_COOKIE must not send the session
    // cookie in clear on a visit over http.
    const { console: fromEnv } = loadConfig({ CONSOLE_PUBLIC_URL: 'https://console.example.md' });
    const behindTls = await startTestCloud(database, {
      console: { ...fromEnv, signIn: { maxPerAddress: 100, maxPerAccount: 100, windowMs: MINUTE } },
    });
    try {
      const response = await call(behindTls, 'POST', '/api/console/v1/auth/sign-in', {
        body: { email: owner.email, password: owner.password },
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
    } finally {
      await behindTls.close();
    }
  });
});
