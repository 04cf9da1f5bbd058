// Per-key rate limits: 429 problem details with Retry-After, counted in each process and shared
// through the database in batches, so that two cloud instances on one database share each key's
// limit within the tolerance http/rate-limit-store.ts writes down, and a request writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../src/db/database.js';
import { rateLimitCounters } from '../src/db/schema.js';
import { generateApiKey } from '../src/keys/api-key.js';
import type { Cloud } from '../src/server.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from './harness.js';

const MAX = 4;
const SYNC_MS = 20;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

/** Waits until the shared row of `key` holds `hits` (the instances sync every SYNC_MS). */
async function shared(database: Database, key: string, hits: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await database.db
        .select()
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${key}`);
      expect(row?.hits).toBe(hits);
    },
    { timeout: 5_000, interval: 10 },
  );
}
const ping = (cloud: Cloud, key: string | undefined) => call(cloud, 'GET', '/api/public/v1/ping', { key });

describe.each(DRIVERS)('rate limit on %s', (driver) => {
  let database: TestDatabase;
  /** The second instance's own connection pool on a server (PGlite has one connection per database). */
  let second: Database | undefined;
  let one: Cloud;
  let two: Cloud;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    second = database.url ? openDatabase({ url: database.url, poolSize: 4 }) : undefined;
    const limits = { rateLimit: { max: MAX, windowMs: 60_000 }, rateLimitSyncMs: SYNC_MS };
    one = await startTestCloud(database, limits, {}, clock);
    two = await startTestCloud(second ?? database, limits, {}, clock);
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

  it('shares one limit per key between two instances: after a sync, both refuse', async () => {
    const m = await seedMerchant(database);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < MAX - 1; i++) {
      const res = await ping(one, m.key.key);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1']);
    await shared(database, `key:${m.key.id}`, MAX - 1);
    // The other instance never saw the key: its first request reads the shared count.
    const last = await ping(two, m.key.key);
    expect(last.status).toBe(200);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    await shared(database, `key:${m.key.id}`, MAX);
    // The first instance reads the total at its next sync (every SYNC_MS); ten of them pass here.
    await new Promise((resolve) => setTimeout(resolve, 10 * SYNC_MS));
    for (const cloud of [one, two]) {
      const res = await ping(cloud, m.key.key);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets a burst through both instances at once past the limit by at most the other instance’s share, then refuses', async () => {
    const m = await seedMerchant(database);
    const results = await Promise.all(
      Array.from({ length: 4 * MAX }, (_, i) => ping(i % 2 ? two : one, m.key.key)),
    );
    const admitted = results.filter((r) => r.status === 200).length;
    // Each instance alone never admits more than the limit: (instances - 1) x MAX over it at most.
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(2 * MAX);
    await shared(database, `key:${m.key.id}`, 4 * MAX);
    for (const cloud of [one, two]) expect((await ping(cloud, m.key.key)).status).toBe(429);
  });

  it('opens a new window once the last one has passed', async () => {
    const m = await seedMerchant(database);
    for (let i = 0; i < MAX; i++) await ping(one, m.key.key);
    await shared(database, `key:${m.key.id}`, MAX);
    expect((await ping(two, m.key.key)).status).toBe(429);
    await shared(database, `key:${m.key.id}`, MAX + 1);
    // As if the window had opened two minutes ago, for the database and for both instances.
    await database.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '2 minutes'` })
      .where(sql`${rateLimitCounters.key} = ${`key:${m.key.id}`}`);
    offsetMs += 120_000;
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
      const rows = await database.db
        .select()
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${`key:${m.key.id}`}`);
      expect(rows).toEqual([]);
    } finally {
      await quiet.close();
    }
    // Closing sends what was counted.
    await shared(database, `key:${m.key.id}`, 50);
  });

  it('sweeps counters of windows long closed', async () => {
    await database.db
      .insert(rateLimitCounters)
      .values({ key: 'key:key_gone', windowStart: new Date(Date.now() - 3_600_000), hits: 7 });
    // A fresh instance sweeps with its first count.
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

  it('keeps counters in an unlogged table (no WAL flush per request)', async () => {
    const result = await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
    );
    expect(rowsOf<{ relpersistence: string }>(result)).toEqual([{ relpersistence: 'u' }]);
  });
});
