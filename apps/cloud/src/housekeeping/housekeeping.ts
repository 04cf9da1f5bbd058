// Deletes what the retention rules (retention.ts) say is past its time: at start, then every
// SWEEP_EVERY_MS. Rows go in batches of BATCH, each its own short statement, so a first sweep
// over a large backlog never holds locks long nor fills the WAL at once. Every cloud process runs
// one: two sweeping together delete disjoint or already-deleted rows, which is harmless.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { rowsOf, type Db } from '../db/database.js';
import { RETENTION_RULES } from './retention.js';

const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 1_000;

export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly options: {
      db: Db;
      clock: Clock;
      sessionIdleMs: number;
      logger: Logger;
    },
  ) {}

  start(): void {
    const tick = () => {
      this.sweeping = this.sweep().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'housekeeping sweep failed; retried at the next'),
      );
      this.timer = setTimeout(tick, SWEEP_EVERY_MS);
      this.timer.unref();
    };
    tick();
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.sweeping;
  }

  /** Deletes every rule's expired rows; answers how many per table (tables with none left out). */
  async sweep(): Promise<Record<string, number>> {
    const { db, clock, sessionIdleMs, logger } = this.options;
    const deleted: Record<string, number> = {};
    for (const rule of RETENTION_RULES) {
      const expired = rule.expired(clock.now(), sessionIdleMs);
      let count = 0;
      for (;;) {
        const batch = rowsOf(
          await db.execute(sql`
            delete from ${rule.table} where ctid in (
              select ctid from ${rule.table} where ${expired} limit ${BATCH}
            ) returning 1`),
        ).length;
        count += batch;
        if (batch < BATCH) break;
      }
      if (count > 0) deleted[rule.name] = count;
    }
    if (Object.keys(deleted).length > 0) logger.info({ deleted }, 'expired rows deleted');
    return deleted;
  }
}
