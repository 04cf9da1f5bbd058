// The verified-key cache: it saves the database a query per request, and it must never let a
// key work longer than documented: a change in this process takes effect at once, a change
// made elsewhere (another process, the admin command line) within the cache's TTL.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { digestToken } from '../src/secrets/access-tokens.js';
import { systemClock } from '../src/clock.js';
import { CloudMetrics } from '../src/metrics/cloud-metrics.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAttempts } from '../src/console-users/sign-in.js';
import { resetAttempts } from '../src/console-users/password-reset.js';
import { MailOutbox } from '../src/mail/mail-outbox.js';
import { AddressLimiter } from '../src/http/address-limiter.js';
import { sharedRateLimits } from '../src/http/rate-limit-store.js';
import { buildApp } from '../src/app.js';
import { announceAuthChange } from '../src/keys/auth-changes.js';
import { KeyCache } from '../src/keys/key-cache.js';
import type { ResolvedKey } from '../src/keys/keys.js';
import { createKey, revokeKey, rotateKey } from '../src/keys/keys.js';
import { setIntegrationActive } from '../src/merchants/merchants.js';
import { UrlGuard } from '@fiscal-pos/url-guard';
import {
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  testConfig,
  testSecrets,
  TEST_OPERATOR_TOKEN,
  type TestDatabase,
} from './harness.js';

const TTL = 5_000;

function key(overrides: Partial<ResolvedKey> = {}): ResolvedKey {
  return {
    keyId: 'key_1',
    merchantId: 'mer_1',
    displayPrefix: 'rk_abcdef',
    scopes: ['products:read'],
    integrationActive: true,
    expiresAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

describe('KeyCache', () => {
  let clock = 0;
  let loads = 0;
  let cache: KeyCache;
  const load = (value: ResolvedKey | undefined) => () => {
    loads++;
    return Promise.resolve(value);
  };
  beforeEach(() => {
    clock = 1_000_000;
    loads = 0;
    cache = new KeyCache({ ttlMs: TTL, now: () => clock });
  });

  it('answers from memory until the TTL ends, then asks again', async () => {
    await cache.resolve('h', load(key()));
    clock += TTL - 1;
    expect(await cache.resolve('h', load(undefined))).toEqual(key());
    expect(loads).toBe(1);
    clock += 1;
    expect(await cache.resolve('h', load(undefined))).toBeUndefined();
    expect(loads).toBe(2);
  });

  it('never keeps a key past its own expiry (rotation grace)', async () => {
    await cache.resolve('h', load(key({ expiresAt: new Date(clock + 1000) })));
    clock += 1000;
    expect(await cache.resolve('h', load(undefined))).toBeUndefined();
  });

  it('remembers unknown keys for the TTL: a flood of one unknown key costs one lookup', async () => {
    for (let i = 0; i < 5; i++) expect(await cache.resolve('h', load(undefined))).toBeUndefined();
    expect(loads).toBe(1);
    clock += TTL;
    expect(await cache.resolve('h', load(undefined))).toBeUndefined();
    expect(loads).toBe(2);
    // Another hash (a key created meanwhile) is looked up at once.
    expect(await cache.resolve('h2', load(key()))).toEqual(key());
  });

  it('evicts by key and by merchant when a change is announced in this process', async () => {
    await cache.resolve('a', load(key({ keyId: 'key_a', merchantId: 'mer_1' })));
    await cache.resolve('b', load(key({ keyId: 'key_b', merchantId: 'mer_2' })));
    announceAuthChange({ keyId: 'key_a' });
    await cache.resolve('a', load(undefined));
    await cache.resolve('b', load(undefined));
    expect(loads).toBe(3);
    announceAuthChange({ merchantId: 'mer_2' });
    await cache.resolve('b', load(undefined));
    expect(loads).toBe(4);
  });

  it('does not keep a lookup that was under way when a change was announced', async () => {
    let finish!: (k: ResolvedKey) => void;
    const pending = cache.resolve('h', () => new Promise<ResolvedKey>((resolve) => (finish = resolve)));
    announceAuthChange({ keyId: 'key_1' });
    finish(key());
    await pending;
    await cache.resolve('h', load(undefined));
    expect(loads).toBe(1);
  });

  it('with a TTL of 0 asks every time', async () => {
    const uncached = new KeyCache({ ttlMs: 0, now: () => clock });
    await uncached.resolve('h', load(key()));
    await uncached.resolve('h', load(key()));
    expect(loads).toBe(2);
    uncached.close();
  });

  it('stops listening once closed', async () => {
    await cache.resolve('h', load(key()));
    cache.close();
    expect(await cache.resolve('h', load(key()))).toEqual(key());
    announceAuthChange({ keyId: 'key_1' });
    await cache.resolve('h', load(key()));
    expect(loads).toBe(2);
  });
});

describe.each(DRIVERS)('authentication through the key cache on %s', (driver) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let keyCache: KeyCache;
  let clock = Date.now();

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const config = testConfig({ authCacheTtlMs: TTL, rateLimit: { max: 100_000, windowMs: 60_000 } });
    keyCache = new KeyCache({ ttlMs: TTL, now: () => clock });
    app = await buildApp({
      db: database.db,
      config,
      urlGuard: new UrlGuard({ protocols: ['https:'], alsoAllow: ['loopback'] }),
      keyCache,
      secrets: testSecrets,
      notifyDeliveries: () => undefined,
      clock: systemClock,
      rateLimits: sharedRateLimits(database.db, systemClock, { windowMs: 60_000, syncMs: 60_000 }),
      activationAttempts: new AddressLimiter({ ...config.activationRateLimit, clock: systemClock }),
      signInAttempts: signInAttempts(config.console.signIn, systemClock),
      resetAttempts: resetAttempts(config.console.passwordReset, systemClock),
      linkAttempts: new AddressLimiter({ max: 100, windowMs: 60_000, clock: systemClock }),
      consoleUrl: () => 'http://127.0.0.1',
      mail: new MailOutbox({
        configured: false,
        secrets: testSecrets,
        clock: systemClock,
        onQueued: () => undefined,
      }),
      operatorTokenDigest: digestToken(TEST_OPERATOR_TOKEN),
      metricsTokenDigest: digestToken(TEST_OPERATOR_TOKEN),
      metrics: new CloudMetrics(database.db),
    });
  });
  afterAll(async () => {
    await app?.close();
    keyCache?.close();
    await database?.close();
  });

  const ping = async (apiKey: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/public/v1/ping',
        headers: { 'x-service-api-key': apiKey },
      })
    ).statusCode;

  it('refuses a key revoked in this process on the very next request', async () => {
    const m = await seedMerchant(database);
    expect(await ping(m.key.key)).toBe(200);
    expect(await revokeKey(database.db, m.key.id)).toBe(true);
    expect(await ping(m.key.key)).toBe(401);
  });

  it('refuses at once a key rotated without grace, and a merchant whose module was switched off', async () => {
    const m = await seedMerchant(database);
    const other = await createKey(database.db, { merchantId: m.merchantId, scopes: ['products:read'] });
    expect(await ping(m.key.key)).toBe(200);
    expect(await ping(other.key)).toBe(200);
    const rotated = await rotateKey(database.db, m.key.id, 0);
    expect(await ping(m.key.key)).toBe(401);
    expect(await ping(rotated!.key)).toBe(200);
    await setIntegrationActive(database.db, m.merchantId, false);
    expect(await ping(other.key)).toBe(403);
    expect(await ping(rotated!.key)).toBe(403);
  });

  it('refuses a key revoked by another process once the bound has passed, not before', async () => {
    const m = await seedMerchant(database);
    expect(await ping(m.key.key)).toBe(200);
    // What the admin command line does from its own process: this process hears nothing.
    await database.db.execute(sql`update api_keys set revoked_at = now() where id = ${m.key.id}`);
    clock += TTL - 1;
    expect(await ping(m.key.key)).toBe(200);
    clock += 1;
    expect(await ping(m.key.key)).toBe(401);
  });
});
