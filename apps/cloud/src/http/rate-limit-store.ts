// Rate-limit counters kept in each cloud process and shared through the database in batches
// (a store for @fastify/rate-limit, which keeps the 429, Retry-After and the x-ratelimit-*
// headers). A request is counted and decided in memory and writes nothing; a key's first
// request of a window in a process reads the key's shared count once. Every `syncMs` one
// statement adds each key's new hits to its shared row and returns the total of every process,
// and one more reads the totals of the keys used here that had no new hits.
//
// A key's count in a process is what the database held at the last sync (this process's hits
// up to then included) + the hits of the sync under way + the hits counted since. The hits of
// a sync stay counted apart until the total that includes them is read, so within a window a
// key's count never goes back, in whatever order requests and syncs interleave.
//
// The tolerance of the shared count, written down once (docs/cloud-api.md, Rate limits): one
// process never admits more than the limit in a window by itself; with N processes a key can be
// admitted up to N x the limit in a window, when its requests reach every process before any
// of them syncs; once each process has synced after the others did (within two sync intervals)
// every process refuses. The window is fixed per key and timed by the database's clock (the
// one clock every process shares); until its first sync a process times a new key's window by
// its own clock.
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
  /** The shared total last read, this process's hits up to that sync included. */
  shared: number;
  /** Hits sent by the sync under way, counted here until the total including them is read. */
  sending: number;
  /** Hits counted here since the last sync began. */
  pending: number;
  /** When the window closes, on this process's clock. */
  closesAt: number;
}

/** A key's shared row as the database sees it now. */
interface SharedRow {
  key: string;
  hits: number;
  /** Milliseconds left in the shared window; 0 or less once it closed. */
  ttl_ms: number;
}

export interface SharedRateLimits {
  store: FastifyRateLimitStoreCtor;
  /**
   * Sends the hits counted since the last sync and reads every used key's total (the timer does
   * it every `syncMs`; tests and SIGUSR2 call it to know a sync happened).
   */
  sync(): Promise<void>;
  /** Stops the timer and sends what is left. */
  close(): Promise<void>;
}

/** The counters of one process, shared through `db`; `windowMs` is the limit's window. */
export function sharedRateLimits(
  db: Db,
  clock: Clock,
  options: { windowMs: number; syncMs: number; logger?: FastifyBaseLogger | undefined },
): SharedRateLimits {
  const windows = new Map<string, KeyWindow>();
  /** Windows being opened: concurrent first requests of a key wait for the same read. */
  const opening = new Map<string, Promise<KeyWindow>>();
  let nextSweepAt = 0;
  let syncing: Promise<void> | undefined;
  const now = () => clock.now().getTime();

  const windowInterval = sql`make_interval(secs => ${options.windowMs / 1000})`;
  const sharedColumns = sql`key, hits,
    ceil(extract(epoch from (window_start + ${windowInterval} - now())) * 1000)::float8 as ttl_ms`;

  async function addHits(batch: readonly { key: string; hits: number }[]): Promise<SharedRow[]> {
    return rowsOf<SharedRow>(
      await db.execute(sql`
        insert into rate_limit_counters as c (key, window_start, hits)
          select key, now(), hits from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as b(key text, hits int)
        on conflict (key) do update set
          window_start = case when c.window_start <= now() - ${windowInterval} then now() else c.window_start end,
          hits = case when c.window_start <= now() - ${windowInterval} then excluded.hits else c.hits + excluded.hits end
        returning ${sharedColumns}`),
    );
  }

  async function readShared(keys: readonly string[]): Promise<SharedRow[]> {
    return rowsOf<SharedRow>(
      await db.execute(sql`
        select ${sharedColumns} from rate_limit_counters
        where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`),
    );
  }

  /** A window as the shared row says, or a new one of this process's when there is none open. */
  function windowFrom(row: SharedRow | undefined): KeyWindow {
    const open = row && Number(row.ttl_ms) > 0;
    return {
      shared: open ? Number(row.hits) : 0,
      sending: 0,
      pending: 0,
      closesAt: now() + (open ? Number(row.ttl_ms) : options.windowMs),
    };
  }

  /**
   * A key's first request in this process, or its first after its window closed, reads the
   * shared count, so a process that never saw a key still refuses one used up elsewhere: one
   * read per key and window, never a write.
   */
  function open(key: string): Promise<KeyWindow> {
    let opened = opening.get(key);
    if (opened) return opened;
    opened = readShared([key])
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'rate-limit counter not read; counting from zero');
        return [];
      })
      .then(([row]) => {
        const window = windowFrom(row);
        windows.set(key, window);
        return window;
      })
      .finally(() => opening.delete(key));
    opening.set(key, opened);
    return opened;
  }

  function count(window: KeyWindow): Counted {
    window.pending++;
    return {
      current: window.shared + window.sending + window.pending,
      ttl: Math.max(1, window.closesAt - now()),
    };
  }

  /** Takes in a key's shared row read after the hits being sent reached it. */
  function learn(key: string, window: KeyWindow, row: SharedRow, syncedAt: number): void {
    const ttl = Number(row.ttl_ms);
    if (ttl <= 0) {
      // The shared window closed (on the database's clock): the next request opens a new one.
      if (windows.get(key) === window && window.pending === 0) windows.delete(key);
      return;
    }
    // Within one shared window its total only grows and includes what this sync sent, so the
    // count does not go back; only a new shared window starts it again.
    window.shared = Number(row.hits);
    window.closesAt = syncedAt + ttl;
  }

  async function send(): Promise<void> {
    const started = now();
    const batch: { key: string; window: KeyWindow }[] = [];
    const idle: { key: string; window: KeyWindow }[] = [];
    for (const [key, window] of windows) {
      if (window.pending > 0) {
        window.sending = window.pending;
        window.pending = 0;
        batch.push({ key, window });
      } else if (started < window.closesAt) idle.push({ key, window });
    }
    try {
      const sent = batch.length
        ? await addHits(batch.map(({ key, window }) => ({ key, hits: window.sending })))
        : [];
      const read = idle.length ? await readShared(idle.map(({ key }) => key)) : [];
      const syncedAt = now();
      const rows = new Map([...sent, ...read].map((row) => [row.key, row]));
      for (const { key, window } of [...batch, ...idle]) {
        const row = rows.get(key);
        if (row) learn(key, window, row, syncedAt);
        // A used key without a row: swept, or reset by hand; its window is over.
        else if (windows.get(key) === window && window.pending === 0) windows.delete(key);
        window.sending = 0;
      }
    } catch (error) {
      // Sent again at the next sync; meanwhile the process keeps counting them.
      for (const { window } of batch) {
        window.pending += window.sending;
        window.sending = 0;
      }
      options.logger?.warn({ err: error }, 'rate-limit counters not shared; retrying at the next sync');
      return;
    }
    await sweep();
  }

  /** Forgets windows closed here and, once a window, drops shared rows closed a window ago. */
  async function sweep(): Promise<void> {
    const at = now();
    for (const [key, window] of windows)
      if (at >= window.closesAt && window.pending === 0) windows.delete(key);
    if (at < nextSweepAt) return;
    nextSweepAt = at + options.windowMs;
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

  const timer = setInterval(() => {
    sync().catch((error: unknown) => options.logger?.warn({ err: error }, 'rate-limit sweep failed'));
  }, options.syncMs);
  timer.unref();

  class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counted) => void): void {
      const window = windows.get(key);
      // A key whose window is open here is counted at once, without a promise.
      if (window && now() < window.closesAt) return callback(null, count(window));
      open(key).then(
        (opened) => callback(null, count(opened)),
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
