// Rate-limit counters in the database, so the limit of a key holds across every cloud process
// sharing it (a store for @fastify/rate-limit, which keeps the 429, Retry-After and the
// x-ratelimit-* headers). A fixed window per key opens at the key's first request and lasts the
// configured time; one atomic upsert counts a request and says how long the window has left,
// so concurrent requests from several processes never lose a count. Times come from the
// database's clock, the one clock every process shares.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { rowsOf, type Db } from '../db/database.js';

interface Counted {
  current: number;
  /** Milliseconds until the window closes, at least 1 (Retry-After is never 0). */
  ttl: number;
}

async function countRequest(db: Db, key: string, windowMs: number): Promise<Counted> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(
    await db.execute(sql`
      insert into rate_limit_counters as c (key, window_start, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        window_start = case when c.window_start <= now() - ${window} then now() else c.window_start end,
        hits = case when c.window_start <= now() - ${window} then 1 else c.hits + 1 end
      returning hits,
        greatest(1, ceil(extract(epoch from (window_start + ${window} - now())) * 1000))::int as ttl_ms`),
  );
  return { current: Number(row!.hits), ttl: Number(row!.ttl_ms) };
}

/** Drops counters whose window closed at least one window ago (keys revoked, clients gone). */
async function sweep(db: Db, windowMs: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where window_start < now() - make_interval(secs => ${(2 * windowMs) / 1000})`,
  );
}

/**
 * The store class the plugin instantiates, bound to one database. The clock only paces the
 * sweeps; windows are timed by the database's clock.
 */
export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  let nextSweepAt = 0;
  async function count(key: string, windowMs: number): Promise<Counted> {
    const counted = await countRequest(db, key, windowMs);
    // At most once a window per process, after the request's own count.
    const now = clock.now().getTime();
    if (now >= nextSweepAt) {
      nextSweepAt = now + windowMs;
      await sweep(db, windowMs);
    }
    return counted;
  }
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      count(key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}
