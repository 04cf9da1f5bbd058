// Rate-limit counters kept in each cloud process and shared through the database in batches
// (a store for @fastify/rate-limit, which keeps the 429, Retry-After and the x-ratelimit-*
// headers). A request is counted in memory and decided there: it writes nothing (a key's first
// request in a window reads its shared count once). Every `syncMs` one statement adds each
// key's new hits to its shared row and reads back the total of every process, which the next
// decisions count from.
//
// What that costs in exactness, written down once: a process never admits more than the limit
// of a window by itself; across processes, a key can get past its limit by what the other
// processes admitted since their last sync, at most (processes - 1) x the limit, within one
// sync interval of the burst. After a sync every process refuses, one that never saw the key too. A fixed window per key opens
// at its first shared count and lasts the configured time, timed by the database's clock (the
// one every process shares); until its first sync a process times a new key's window by its own.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { rowsOf, type Db } from '../db/database.js';

interface Counted {
  current: number;
  /** Milliseconds until the window closes, at least 1 (Retry-After is never 0). */
  ttl: number;
}

interface KeyWindow {
  /** The shared total at the last sync, this process's synced hits included. */
  shared: number;
  /** Hits counted here since the last sync. */
  pending: number;
  /** When the window closes, on the injected clock. */
  closesAt: number;
}

export interface SharedRateLimits {
  store: FastifyRateLimitStoreCtor;
  /** Sends the pending counts now (the sync timer does it every `syncMs`; closing does it last). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The counters of one process, shared through `db`. `windowMs` is the limit's window; the clock
 * paces the windows between syncs and the sweeps of counters long closed.
 */
export function sharedRateLimits(
  db: Db,
  clock: Clock,
  options: { windowMs: number; syncMs: number; logger?: FastifyBaseLogger | undefined },
): SharedRateLimits {
  const windows = new Map<string, KeyWindow>();
  let nextSweepAt = 0;
  let syncing: Promise<void> | undefined;

  /** Windows being opened: concurrent first requests of a key wait for the same read. */
  const opening = new Map<string, Promise<KeyWindow>>();

  /**
   * A key's first request in this process (or its first after its window closed) reads the
   * shared count, so a process that never saw a key still refuses one used up elsewhere: one
   * read per key and window, never a write.
   */
  function open(key: string, windowMs: number): Promise<KeyWindow> {
    let pending = opening.get(key);
    if (pending) return pending;
    pending = readShared(key)
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'rate-limit counter not read; counting from zero');
        return undefined;
      })
      .then((row) => {
        const now = clock.now().getTime();
        const window = { shared: row?.hits ?? 0, pending: 0, closesAt: now + (row?.ttlMs ?? windowMs) };
        windows.set(key, window);
        return window;
      })
      .finally(() => opening.delete(key));
    opening.set(key, pending);
    return pending;
  }

  async function readShared(key: string): Promise<{ hits: number; ttlMs: number } | undefined> {
    const [row] = await readTotals([key]);
    return row ? { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) } : undefined;
  }

  async function count(key: string, windowMs: number): Promise<Counted> {
    const now = clock.now().getTime();
    let window = windows.get(key);
    if (!window || now >= window.closesAt) window = await open(key, windowMs);
    window.pending++;
    return {
      current: window.shared + window.pending,
      ttl: Math.max(1, window.closesAt - clock.now().getTime()),
    };
  }

  /** Adds the hits counted here since the last sync and reads back every process's totals. */
  async function send(): Promise<void> {
    const now = clock.now().getTime();
    const open = [...windows].filter(([, window]) => now < window.closesAt || window.pending > 0);
    const batch = open
      .filter(([, window]) => window.pending > 0)
      .map(([key, window]) => ({ key, window, hits: window.pending }));
    // Keys used here whose window is still open learn what the other processes counted, by a read.
    const idle = open.filter(([, window]) => window.pending === 0).map(([key]) => key);
    for (const entry of batch) entry.window.pending -= entry.hits;
    try {
      const rows = [
        ...(batch.length > 0 ? await addHits(batch) : []),
        ...(idle.length > 0 ? await readTotals(idle) : []),
      ];
      const syncedAt = clock.now().getTime();
      for (const row of rows) {
        const window = windows.get(row.key);
        if (!window) continue;
        window.shared = Number(row.hits);
        window.closesAt = syncedAt + Number(row.ttl_ms);
      }
    } catch (error) {
      // Counted again at the next sync; meanwhile each process still holds its own count.
      for (const entry of batch) entry.window.pending += entry.hits;
      options.logger?.warn({ err: error }, 'rate-limit counters not shared; retrying at the next sync');
      return;
    }
    await sweep();
  }

  interface Total {
    key: string;
    hits: number;
    ttl_ms: number;
  }

  const windowInterval = sql`make_interval(secs => ${options.windowMs / 1000})`;
  const ttlMs = sql`greatest(1, ceil(extract(epoch from (window_start + ${windowInterval} - now())) * 1000))::int`;

  async function addHits(batch: readonly { key: string; hits: number }[]): Promise<Total[]> {
    const hits = JSON.stringify(batch.map(({ key, hits }) => ({ key, hits })));
    return rowsOf<Total>(
      await db.execute(sql`
        insert into rate_limit_counters as c (key, window_start, hits)
          select key, now(), hits from jsonb_to_recordset(${hits}::jsonb) as b(key text, hits int)
        on conflict (key) do update set
          window_start = case when c.window_start <= now() - ${windowInterval} then now() else c.window_start end,
          hits = case when c.window_start <= now() - ${windowInterval} then excluded.hits else c.hits + excluded.hits end
        returning key, hits, ${ttlMs} as ttl_ms`),
    );
  }

  async function readTotals(keys: readonly string[]): Promise<Total[]> {
    return rowsOf<Total>(
      await db.execute(sql`
        select key, hits, ${ttlMs} as ttl_ms from rate_limit_counters
        where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
          and window_start > now() - ${windowInterval}`),
    );
  }

  /** Forgets windows closed here and, once a window, drops shared rows closed a window ago. */
  async function sweep(): Promise<void> {
    const now = clock.now().getTime();
    for (const [key, window] of windows)
      if (now >= window.closesAt && window.pending === 0) windows.delete(key);
    if (now < nextSweepAt) return;
    nextSweepAt = now + options.windowMs;
    await db.execute(
      sql`delete from rate_limit_counters where window_start < now() - make_interval(secs => ${(2 * options.windowMs) / 1000})`,
    );
  }

  /** One sync at a time; a call during one waits for it, then sends what came since. */
  async function sync(): Promise<void> {
    while (syncing) await syncing;
    syncing = send().finally(() => (syncing = undefined));
    await syncing;
  }

  const timer = setInterval(() => void sync(), options.syncMs);
  timer.unref();

  class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      count(key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new SharedRateLimitStore();
    }
  }

  return {
    store: SharedRateLimitStore,
    sync,
    close: async () => {
      clearInterval(timer);
      await sync();
    },
  };
}
