// The consumer of pushed receipts' pending stock (pending-stock.ts): every STOCK_APPLY_MS it
// moves what the pushes left pending into on-hand, one update and one inventory.updated per
// product for everything sold since the last pass. Every cloud process runs one: passes of two
// processes skip each other's rows. Rows a crashed process left are taken by the next pass of
// any process; a pass that fails is retried at the next.
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { applyAllPendingStock, PENDING_BATCH } from './pending-stock.js';

export class StockApplier {
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      periodMs: number;
      logger: Logger;
      /** Called when a pass queued webhook deliveries. */
      onDeliveries: () => void;
    },
  ) {}

  start(): void {
    if (this.options.periodMs === 0) return;
    const tick = () => {
      this.passing = this.pass().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'applying pending stock failed; retried at the next pass'),
      );
      // The next pass a period after this one ends, never two at once.
      void this.passing.then(() => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, this.options.periodMs);
        this.timer.unref();
      });
    };
    tick();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.passing;
  }

  /** Applies every pending row there is now, in bounded batches; answers how many. */
  async pass(): Promise<number> {
    let total = 0;
    for (;;) {
      const { taken, deliveries } = await applyAllPendingStock(this.options.db);
      if (deliveries > 0) this.options.onDeliveries();
      total += taken;
      if (taken < PENDING_BATCH) return total;
    }
  }
}
