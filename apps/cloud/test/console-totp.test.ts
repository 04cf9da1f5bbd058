// Two-factor sign-in (TOTP) over real HTTP: set up, enabled by a code, asked at sign-in (a
// distinct 401 when missing, invalid_credentials when wrong), a code never accepted twice, the
// secret sealed at rest, turned off by a code or the password.
import { randomBytes } from 'node:crypto';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import type { Cloud } from '../src/server.js';
import {
  seedConsoleUser,
  signInConsole,
  type ConsoleBrowser,
  type SeededConsoleUser,
} from './console-harness.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  TEST_OPERATOR_TOKEN,
  TEST_SECRETS_KEY,
  type TestDatabase,
} from './harness.js';

describe.each(DRIVERS)('console two-factor sign-in on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let owner: SeededConsoleUser;
  let browser: ConsoleBrowser;
  let totp: TOTP;
  let merchantId: string;
  // Stopped in the middle of a 30 s step, moved only by nextStep(): a code made here and checked
  // by the cloud a moment later is of the same step even when the wall clock crosses into the next.
  let offsetMs = 0;
  const startedAt = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  const clock: Clock = { now: () => new Date(startedAt + offsetMs) };
  const code = () => totp.generate({ timestamp: clock.now().getTime() });
  /** The next 30-second step: a code not used yet. */
  const nextStep = () => (offsetMs += 30_000);
  const signIn = (body: object) => call(cloud, 'POST', '/api/console/v1/auth/sign-in', { body });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ({ merchantId } = await seedMerchant(database));
    owner = await seedConsoleUser(database, {
      merchantId,
      role: 'owner',
      email: `totp-${Date.now()}@shop.test`,
    });
    cloud = await startTestCloud(
      database,
      {
        console: {
          ...testConfig().console,
          signIn: { maxPerAddress: 10_000, maxPerAccount: 10_000, windowMs: 60_000 },
        },
      },
      {},
      clock,
    );
    browser = await signInConsole(cloud, owner);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('sets up a secret for an authenticator app, sealed at rest, off until a code confirms it', async () => {
    const setup = await browser.call('POST', '/auth/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Fiscal%20POS:${encodeURIComponent(owner.email)}?issuer=Fiscal%20POS&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    totp = new TOTP({ secret });
    const row = await database.db.query.consoleUsers.findFirst({ where: (u, { eq }) => eq(u.id, owner.id) });
    expect(row!.totpSecretCiphertext).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await browser.call('GET', '/session')).json().user.totpEnabled).toBe(false);
    // Not in force yet: signing in asks for no code.
    await signInConsole(cloud, owner);
  });

  it('turns on only with the password and a right code, ending the other sessions and keeping this one', async () => {
    const elsewhere = await signInConsole(cloud, owner);
    // The session alone is not enough: whoever holds it would bind the account to their own
    // authenticator, sign its owner out everywhere and keep them out (a reset asks for a code).
    const sessionOnly = await browser.call('POST', '/auth/totp/enable', { code: code() });
    expect(sessionOnly.status).toBe(400);
    const wrongPassword = await browser.call('POST', '/auth/totp/enable', {
      code: code(),
      password: 'not the password',
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.json()).toMatchObject({
      code: 'verification_failed',
      errors: [{ path: 'body.password' }],
    });
    expect((await elsewhere.call('GET', '/session')).json().user.totpEnabled).toBe(false);
    const wrong = await browser.call('POST', '/auth/totp/enable', {
      code: code() === '123456' ? '654321' : '123456',
      password: owner.password,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('verification_failed');
    expect((await elsewhere.call('GET', '/session')).status).toBe(200);
    expect(
      (await browser.call('POST', '/auth/totp/enable', { code: code(), password: owner.password })).status,
    ).toBe(204);
    expect((await browser.call('GET', '/session')).json().user.totpEnabled).toBe(true);
    // Signed in with the password alone: it must sign in again, with a code.
    const ended = await elsewhere.call('GET', '/session');
    expect(ended.status).toBe(401);
    expect(ended.json().code).toBe('not_signed_in');
    expect((await browser.call('POST', '/auth/totp/setup')).json().code).toBe('totp_state_conflict');
  });

  it('asks for the code at sign-in: missing 401 totp_required, wrong or reused invalid_credentials', async () => {
    nextStep();
    const missing = await signIn({ email: owner.email, password: owner.password });
    expect(missing.status).toBe(401);
    expect(missing.json().code).toBe('totp_required');
    expect(missing.headers.getSetCookie()).toEqual([]);
    // A wrong password never learns that a code is asked.
    const wrongPassword = await signIn({ email: owner.email, password: 'not the password' });
    expect(wrongPassword.json().code).toBe('invalid_credentials');
    const wrongCode = await signIn({
      email: owner.email,
      password: owner.password,
      totp: code() === '000000' ? '999999' : '000000',
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json().code).toBe('invalid_credentials');

    const current = code();
    const right = await signIn({ email: owner.email, password: owner.password, totp: current });
    expect(right.status, right.text).toBe(200);
    const replayed = await signIn({ email: owner.email, password: owner.password, totp: current });
    expect(replayed.json().code).toBe('invalid_credentials');
    nextStep();
    expect((await signIn({ email: owner.email, password: owner.password, totp: code() })).status).toBe(200);
  });

  it('accepts a code of the step before (clock drift), not two steps', async () => {
    // Two steps on, so the step before was not used.
    nextStep();
    nextStep();
    const previous = totp.generate({ timestamp: clock.now().getTime() - 30_000 });
    expect((await signIn({ email: owner.email, password: owner.password, totp: previous })).status).toBe(200);
    nextStep();
    nextStep();
    const stale = totp.generate({ timestamp: clock.now().getTime() - 60_000 });
    expect((await signIn({ email: owner.email, password: owner.password, totp: stale })).status).toBe(401);
  });

  it('turns off with the password (a wrong one changes nothing), then signs in without a code', async () => {
    const wrong = await browser.call('POST', '/auth/totp/disable', { password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect((await browser.call('GET', '/session')).json().user.totpEnabled).toBe(true);
    expect((await browser.call('POST', '/auth/totp/disable', { password: owner.password })).status).toBe(204);
    expect((await browser.call('POST', '/auth/totp/disable', { password: owner.password })).json().code).toBe(
      'totp_state_conflict',
    );
    await signInConsole(cloud, owner);
  });

  it('turns off with a current code too', async () => {
    totp = new TOTP({ secret: (await browser.call('POST', '/auth/totp/setup')).json().secret });
    nextStep();
    expect(
      (await browser.call('POST', '/auth/totp/enable', { code: code(), password: owner.password })).status,
    ).toBe(204);
    nextStep();
    expect((await browser.call('POST', '/auth/totp/disable', { code: code() })).status).toBe(204);
    await signInConsole(cloud, owner);
  });

  it('keeps working across a secrets key rotation: resealed by reencrypt-webhook-secrets', async () => {
    totp = new TOTP({ secret: (await browser.call('POST', '/auth/totp/setup')).json().secret });
    nextStep();
    expect(
      (await browser.call('POST', '/auth/totp/enable', { code: code(), password: owner.password })).status,
    ).toBe(204);
    const newKey = randomBytes(32).toString('base64');
    const withKeys = (key: string, previousKeys: string[]) =>
      startTestCloud(database, { secrets: { key, previousKeys } }, {}, clock);
    const rotating = await withKeys(newKey, [TEST_SECRETS_KEY]);
    try {
      const resealed = await call(rotating, 'POST', '/api/admin/v1/webhook-secrets/reseal', {
        operator: TEST_OPERATOR_TOKEN,
      });
      expect(resealed.json()).toMatchObject({ resealed: 1, unreadable: [] });
    } finally {
      await rotating.close();
    }
    const rotated = await withKeys(newKey, []);
    try {
      nextStep();
      const signedIn = await call(rotated, 'POST', '/api/console/v1/auth/sign-in', {
        body: { email: owner.email, password: owner.password, totp: code() },
      });
      expect(signedIn.status, signedIn.text).toBe(200);
    } finally {
      await rotated.close();
    }
  });

  it('counts password and code checks of a signed-in user against the account’s sign-in limit', async () => {
    // A session alone (a browser left signed in) must not guess the account's password, or its
    // codes, faster than signing in would.
    const limited = await startTestCloud(
      database,
      {
        console: {
          ...testConfig().console,
          signIn: { maxPerAddress: 10_000, maxPerAccount: 4, windowMs: 60_000 },
        },
      },
      {},
      clock,
    );
    try {
      const user = await seedConsoleUser(database, { merchantId, role: 'viewer' });
      const session = await signInConsole(limited, user);
      const secret = (await session.call('POST', '/auth/totp/setup')).json().secret;
      const guess = new TOTP({ secret }).generate({ timestamp: clock.now().getTime() });
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          (await session.call('POST', '/auth/totp/enable', { code: guess, password: `guess number ${i}` }))
            .status,
        );
      expect(answers).toEqual([422, 422, 422, 429]);
      const blocked = await session.call('POST', '/auth/totp/disable', { password: 'another guess' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
