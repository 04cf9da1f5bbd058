// Password reset by e-mail link over real HTTP, the link mailed through a real SMTP server
// (the mail-catcher process): the same answer for every address, single use, 30 minutes,
// every session ended, limits per address and per account, the second factor still asked.
import { startMailCatcherProcess, type MailCatcherProcess } from '@fiscal-pos/mail-catcher';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import type { Cloud } from '../src/server.js';
import { mailedLink, seedConsoleUser, signInConsole } from './console-harness.js';
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
const NEW_PASSWORD = 'a brand new password';

describe.each(DRIVERS)('console password reset on %s', (driver) => {
  let database: TestDatabase;
  let catcher: MailCatcherProcess;
  let cloud: Cloud;
  let merchantId: string;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    catcher = await startMailCatcherProcess({ dataDir: mkdtempSync(join(tmpdir(), 'cloud-mail-')) });
    ({ merchantId } = await seedMerchant(database));
    const base = testConfig();
    cloud = await startTestCloud(
      database,
      {
        console: {
          ...base.console,
          publicUrl: 'https://console.example.test',
          signIn: { maxPerAddress: 10_000, maxPerAccount: 10_000, windowMs: MINUTE },
          passwordReset: { maxPerAddress: 10_000, maxPerAccount: 3, windowMs: 15 * MINUTE },
        },
        mail: { ...base.mail, smtpUrl: catcher.url, pollIntervalMs: 20 },
      },
      {},
      clock,
    );
  }, 60_000);
  afterAll(async () => {
    await cloud?.close();
    await catcher?.stop();
    await database?.close();
  });

  const ask = (email: string) =>
    call(cloud, 'POST', '/api/console/v1/auth/password-reset', { body: { email } });
  const complete = (body: object) =>
    call(cloud, 'POST', '/api/console/v1/auth/password-reset/complete', { body });

  it('answers 202 whether or not the address has an account, and mails a link only to an account', async () => {
    const user = await seedConsoleUser(database, { merchantId, role: 'manager' });
    const unknown = `nobody-${Date.now()}@shop.test`;
    const known = await ask(user.email);
    const nobody = await ask(unknown);
    expect([known.status, nobody.status]).toEqual([202, 202]);
    expect(known.text).toBe(nobody.text);
    const mail = await mailedLink(catcher, user.email, 'password-reset');
    expect(mail.text).toContain(`https://console.example.test/console/password-reset/${mail.token}`);
    const outbox = await database.db.query.mailOutbox.findMany();
    expect(outbox.map((row) => row.toAddress)).not.toContain(unknown);
  });

  it('sets the new password once, ends every session and signs in', async () => {
    const user = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    const before = await signInConsole(cloud, user);
    await ask(user.email);
    const { token } = await mailedLink(catcher, user.email, 'password-reset');

    expect((await complete({ token, password: 'short' })).status).toBe(400);
    const done = await complete({ token, password: NEW_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(done.json().user.email).toBe(user.email);
    expect(done.headers.getSetCookie()[0]).toMatch(/^fpos_session=/);
    expect((await before.call('GET', '/session')).status).toBe(401);
    const old = await call(cloud, 'POST', '/api/console/v1/auth/sign-in', {
      body: { email: user.email, password: user.password },
    });
    expect(old.json().code).toBe('invalid_credentials');
    await signInConsole(cloud, { email: user.email, password: NEW_PASSWORD });

    const reused = await complete({ token, password: 'yet another password' });
    expect(reused.status).toBe(422);
    expect(reused.json().code).toBe('reset_link_invalid');
  });

  it('lets a link expire after 30 minutes', async () => {
    const user = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    await ask(user.email);
    const { token } = await mailedLink(catcher, user.email, 'password-reset');
    offsetMs += 30 * MINUTE;
    const late = await complete({ token, password: NEW_PASSWORD });
    expect(late.status).toBe(422);
    expect(late.json().code).toBe('reset_link_expired');
  });

  it('limits requests per account, known or not, with Retry-After', async () => {
    for (const email of [
      `limit-${Date.now()}@shop.test`,
      (await seedConsoleUser(database, { merchantId, role: 'viewer' })).email,
    ]) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(202);
      const refused = await ask(email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('still asks a user with two-factor sign-in for a code', async () => {
    const owner = await seedConsoleUser(database, { merchantId, role: 'owner' });
    const browser = await signInConsole(cloud, owner);
    const { secret } = (await browser.call('POST', '/auth/totp/setup')).json();
    const totp = new TOTP({ secret });
    const code = (offset: number) => totp.generate({ timestamp: clock.now().getTime() + offset });
    expect(
      (await browser.call('POST', '/auth/totp/enable', { code: code(0), password: owner.password })).status,
    ).toBe(204);

    await ask(owner.email);
    const { token } = await mailedLink(catcher, owner.email, 'password-reset');
    const without = await complete({ token, password: NEW_PASSWORD });
    expect(without.status).toBe(401);
    expect(without.json().code).toBe('totp_required');
    offsetMs += 30_000;
    const wrong = await complete({
      token,
      password: NEW_PASSWORD,
      totp: code(0) === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('verification_failed');
    const right = await complete({ token, password: NEW_PASSWORD, totp: code(0) });
    expect(right.status, right.text).toBe(200);
  });
});
