// Per-key rate limits: 429 problem details with Retry-After, counted in each process and shared
// through the database in batches, so that two cloud instances on one database share each key's
// limit within the tolerance rate-limit-store.ts writes down, and a request writes nothing.
// Every sync is one the test asks for: nothing here waits on a timer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../src/db/database.js';
import { rateLimitCounters } from '../src/db/schema.js';
import { generateApiKey } from '../src/keys/api-key.js';
import type { Cloud } from '../src/server.js';
import { kill9, signalAndWait, spawnCloud, type CloudChild } from './cloud-process.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  TEST_SECRETS_KEY,
  type TestDatabase,
} from './harness.js';

const MAX = 4;
const ping = (cloud: Cloud, key: string | undefined) => call(cloud, 'GET', '/api/public/v1/ping', { key });

/** The key's shared count in the database, undefined before any process shared one. */
async function sharedHits(database: Database, keyId: string): Promise<number | undefined> {
  const [row] = await database.db
    .select()
    .from(rateLimitCounters)
    .where(sql`${rateLimitCounters.key} = ${`key:${keyId}`}`);
  return row?.hits;
}

describe.each(DRIVERS)('rate limit on %s', (driver) => {
  let database: TestDatabase;
  /** The second instance's own connection pool on a server (PGlite has one connection per database). */
  let second: Database | undefined;
  let one: Cloud;
  let two: Cloud;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    second = database.url ? openDatabase({ url: database.url, poolSize: 4 }) : undefined;
    // No sync but the ones the tests ask for.
    const limits = { rateLimit: { max: MAX, windowMs: 60_000 }, rateLimitSyncMs: 60_000 };
    one = await startTestCloud(database, limits);
    two = await startTestCloud(second ?? database, limits);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await second?.close();
    await database?.close();
  });

  it('answers 429 with Retry-After once a key used its window, and counts each key apart', async () => {
    const first = await seedMerchant(database);
    const other = await seedMerchant(database);
    for (let i = 0; i < MAX; i++) expect((await ping(one, first.key.key)).status).toBe(200);
    const limited = await ping(one, first.key.key);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect((await ping(one, other.key.key)).status).toBe(200);
  });

  it('counts 403 insufficient_scope answers against the key, with the x-ratelimit headers, up to 429', async () => {
    // Many shops behind one NAT address share the per-address budget: the per-key limit is the one that must hold.
    const m = await seedMerchant(database, { scopes: ['orders:write'] });
    const products = () => call(one, 'GET', '/api/public/v1/products', { key: m.key.key });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < MAX; i++) {
      const res = await products();
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ code: 'insufficient_scope' });
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(MAX));
      expect(res.headers.get('x-ratelimit-reset')).not.toBeNull();
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const limited = await products();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same key's allowed routes share the window it used up.
    expect((await ping(one, m.key.key)).status).toBe(429);
  });

  it('shares one limit per key between two instances: after their syncs, both refuse', async () => {
    const m = await seedMerchant(database);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < MAX - 1; i++) {
      const res = await ping(one, m.key.key);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1']);
    await one.ctx.rateLimits.sync();
    expect(await sharedHits(database, m.key.id)).toBe(MAX - 1);
    // The other instance never saw the key: its first request reads the shared count.
    const last = await ping(two, m.key.key);
    expect(last.status).toBe(200);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    await two.ctx.rateLimits.sync();
    await one.ctx.rateLimits.sync();
    for (const cloud of [one, two]) {
      const res = await ping(cloud, m.key.key);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets a burst through both instances past the limit by at most the other’s share, then refuses', async () => {
    const m = await seedMerchant(database);
    const sent = Array.from({ length: 4 * MAX }, (_, i) => (i % 2 ? two : one));
    const results = await Promise.all(sent.map((cloud) => ping(cloud, m.key.key)));
    const admittedBy = (cloud: Cloud) =>
      results.filter((r, i) => sent[i] === cloud && r.status === 200).length;
    // The tolerance written down in rate-limit-store.ts: each instance alone never admits more
    // than the limit, so two admit at most twice it.
    expect(admittedBy(one)).toBeLessThanOrEqual(MAX);
    expect(admittedBy(two)).toBeLessThanOrEqual(MAX);
    expect(admittedBy(one) + admittedBy(two)).toBeGreaterThanOrEqual(MAX);
    await one.ctx.rateLimits.sync();
    await two.ctx.rateLimits.sync();
    await one.ctx.rateLimits.sync();
    expect(await sharedHits(database, m.key.id)).toBe(4 * MAX);
    for (const cloud of [one, two]) expect((await ping(cloud, m.key.key)).status).toBe(429);
  });

  it('never counts a key back while a sync is under way', async () => {
    // A long key cache: no request below needs the database while the sync is held.
    const held = await startTestCloud(database, {
      rateLimit: { max: 10, windowMs: 60_000 },
      rateLimitSyncMs: 60_000,
      authCacheTtlMs: 600_000,
    });
    const m = await seedMerchant(database);
    const remaining = async () => (await ping(held, m.key.key)).headers.get('x-ratelimit-remaining');
    try {
      const seen = [await remaining()];
      await held.ctx.rateLimits.sync();
      seen.push(await remaining());
      // The shared row is locked until the pings below are answered: the sync that sends the
      // last hit waits for it, its hit counted apart until the database answers.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select hits from rate_limit_counters where key = ${`key:${m.key.id}`} for update`,
        );
        locked();
        await released;
      });
      await isLocked;
      const syncing = held.ctx.rateLimits.sync();
      seen.push(await remaining(), await remaining());
      release();
      await holding;
      await syncing;
      seen.push(await remaining());
      expect(seen).toEqual(['9', '8', '7', '6', '5']);
      expect(await sharedHits(database, m.key.id)).toBe(2);
    } finally {
      await held.close();
    }
  });

  it('opens a new window once the last one has passed', async () => {
    const m = await seedMerchant(database);
    for (let i = 0; i < MAX; i++) await ping(one, m.key.key);
    await one.ctx.rateLimits.sync();
    expect((await ping(two, m.key.key)).status).toBe(429);
    await two.ctx.rateLimits.sync();
    // As if the window had opened two minutes ago: each instance learns it at its next sync.
    await database.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '2 minutes'` })
      .where(sql`${rateLimitCounters.key} = ${`key:${m.key.id}`}`);
    await two.ctx.rateLimits.sync();
    const res = await ping(two, m.key.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(MAX - 1));
  });

  it('writes nothing to count a request: the counts reach the database at the next sync', async () => {
    const quiet = await startTestCloud(database, {
      rateLimit: { max: 1000, windowMs: 60_000 },
      rateLimitSyncMs: 60_000,
    });
    const m = await seedMerchant(database);
    try {
      for (let i = 0; i < 50; i++) expect((await ping(quiet, m.key.key)).status).toBe(200);
      expect(await sharedHits(database, m.key.id)).toBeUndefined();
      await quiet.ctx.rateLimits.sync();
      expect(await sharedHits(database, m.key.id)).toBe(50);
      for (let i = 0; i < 5; i++) await ping(quiet, m.key.key);
    } finally {
      await quiet.close();
    }
    // Closing sends what was counted since.
    expect(await sharedHits(database, m.key.id)).toBe(55);
  });

  it('sweeps counters of windows long closed', async () => {
    await database.db
      .insert(rateLimitCounters)
      .values({ key: 'key:key_gone', windowStart: new Date(Date.now() - 3_600_000), hits: 7 });
    // A fresh instance sweeps at its first sync (closing is one).
    const fresh = await startTestCloud(database, { rateLimit: { max: MAX, windowMs: 60_000 } });
    try {
      await ping(fresh, (await seedMerchant(database)).key.key);
    } finally {
      await fresh.close();
    }
    const keys = (await database.db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain('key:key_gone');
    expect(keys.length).toBeGreaterThan(0);
  });

  it('limits requests per client address before authentication: missing, made-up and unknown keys too', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock = { now: () => new Date(now) };
    const guarded = await startTestCloud(
      database,
      { addressRateLimitMax: 3, rateLimit: { max: 1000, windowMs: 60_000 } },
      {},
      clock,
    );
    try {
      const unknown = generateApiKey().plaintext;
      const statuses = [];
      for (const key of [undefined, 'nope', unknown]) statuses.push((await ping(guarded, key)).status);
      expect(statuses).toEqual([401, 401, 401]);
      for (const key of [undefined, unknown, (await seedMerchant(database)).key.key]) {
        const limited = await ping(guarded, key);
        expect(limited.status).toBe(429);
        expect(limited.json()).toMatchObject({ code: 'rate_limited' });
        expect(Number(limited.headers.get('retry-after'))).toBe(60);
      }
      const unknownRoute = await call(guarded, 'GET', '/nowhere');
      expect(unknownRoute.status).toBe(429);
      expect(unknownRoute.headers.get('retry-after')).not.toBeNull();
      now += 60_000;
      expect((await ping(guarded, unknown)).status).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('behind a trusted proxy counts each client X-Forwarded-For names, and believes no one else', async () => {
    const from = (cloud: Cloud, forwardedFor: string) =>
      call(cloud, 'GET', '/api/public/v1/ping', { headers: { 'x-forwarded-for': forwardedFor } });
    const limits = { addressRateLimitMax: 2, rateLimit: { max: 1000, windowMs: 60_000 } };
    // The test's loopback connection is the TLS terminator in front of the cloud.
    const proxied = await startTestCloud(database, { ...limits, trustedProxies: ['loopback'] });
    const direct = await startTestCloud(database, limits);
    try {
      const statuses = async (cloud: Cloud, chain: string[]) => {
        const seen = [];
        for (const forwardedFor of chain) seen.push((await from(cloud, forwardedFor)).status);
        return seen;
      };
      // One client's third request is refused; another client behind the same proxy goes on,
      // and what a client writes to the left of the proxy's own entry is not believed.
      expect(await statuses(proxied, ['203.0.113.7', '203.0.113.7', '203.0.113.7'])).toEqual([401, 401, 429]);
      expect(await statuses(proxied, ['198.51.100.2', '203.0.113.7, 198.51.100.2'])).toEqual([401, 401]);
      expect(await statuses(proxied, ['198.51.100.2'])).toEqual([429]);
      // Without the list X-Forwarded-For changes nothing: the peer is the client.
      expect(await statuses(direct, ['203.0.113.7', '198.51.100.2', '192.0.2.1'])).toEqual([401, 401, 429]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('counts calls with the relay token apart, under their own limit, and not against the relay’s address', async () => {
    const relayToken = 'rt_test_rate_limit_0123456789';
    const guarded = await startTestCloud(database, {
      relayToken,
      addressRateLimitMax: 3,
      relayRateLimitMax: 6,
      rateLimit: { max: 2, windowMs: 60_000 },
    });
    const revocations = (token: string) =>
      call(guarded, 'GET', '/api/relay/v1/revocations', { headers: { authorization: `Bearer ${token}` } });
    try {
      // Over both the address limit (3) and the per-key limit (2): a mass reconnect's verifies.
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await revocations(relayToken)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      // None of them used the address's budget; a wrong token does.
      const wrong = [];
      for (let i = 0; i < 4; i++) wrong.push((await revocations(`${relayToken}x`)).status);
      expect(wrong).toEqual([401, 401, 401, 429]);
    } finally {
      await guarded.close();
    }
  });

  it.runIf(driver === 'postgres')(
    'shares the limit between two cloud processes on one PostgreSQL within the written tolerance',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cloud-rate-limit-'));
      const env = {
        DATABASE_URL: database.url!,
        CLOUD_SECRETS_KEY: TEST_SECRETS_KEY,
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: String(MAX),
        // No sync but the ones the test asks for (SIGUSR2, answered by a log line).
        RATE_LIMIT_SYNC_MS: '60000',
      };
      const [first, second] = await Promise.all([spawnCloud(env), spawnCloud(env)]);
      const share = (child: CloudChild) => signalAndWait(child, 'SIGUSR2', 'rate-limit counts shared');
      const get = async (child: CloudChild, key: string) => {
        const res = await fetch(`${child.url}/api/public/v1/ping`, { headers: { 'x-service-api-key': key } });
        await res.arrayBuffer();
        return res;
      };
      try {
        const m = await seedMerchant(database);
        const remaining = [];
        for (let i = 0; i < MAX - 1; i++)
          remaining.push((await get(first, m.key.key)).headers.get('x-ratelimit-remaining'));
        expect(remaining).toEqual(['3', '2', '1']);
        await share(first);
        expect(await sharedHits(database, m.key.id)).toBe(MAX - 1);
        const last = await get(second, m.key.key);
        expect(last.status).toBe(200);
        expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
        await share(second);
        await share(first);
        for (const child of [first, second]) {
          const res = await get(child, m.key.key);
          expect(res.status).toBe(429);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }

        // A burst through both at once: each process admits at most the limit by itself.
        const burst = await seedMerchant(database);
        const sent = Array.from({ length: 4 * MAX }, (_, i) => (i % 2 ? second : first));
        const statuses = await Promise.all(
          sent.map(async (child) => (await get(child, burst.key.key)).status),
        );
        const admittedBy = (child: CloudChild) =>
          statuses.filter((s, i) => sent[i] === child && s === 200).length;
        expect(admittedBy(first)).toBeLessThanOrEqual(MAX);
        expect(admittedBy(second)).toBeLessThanOrEqual(MAX);
        expect(admittedBy(first) + admittedBy(second)).toBeGreaterThanOrEqual(MAX);
        await share(first);
        await share(second);
        expect(await sharedHits(database, burst.key.id)).toBe(4 * MAX);
      } finally {
        await Promise.all([kill9(first), kill9(second)]);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('keeps counters in an unlogged table (no WAL flush per request)', async () => {
    const result = await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
    );
    expect(rowsOf<{ relpersistence: string }>(result)).toEqual([{ relpersistence: 'u' }]);
  });
});
