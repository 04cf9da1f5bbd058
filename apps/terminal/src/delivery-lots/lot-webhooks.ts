import type { Logger } from 'pino';
import { request } from 'undici';
import type { Clock } from '../clock.js';
import type { LotStore } from './lot-store.js';

/**
 * The delivery-lot webhook (spec, Events): one plain POST of the sale report to the lot's
 * receiver, no signature and no retry. Each send is fire-and-forget and bounded by a short
 * timeout, so a hanging receiver costs nothing but that timeout in the background; the outcome
 * is stored on the lot.
 */
export class LotWebhooks {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly o: { lots: LotStore; clock: Clock; logger: Logger; timeoutMs: number }) {}

  /** Starts the one attempt of the lot's pending webhook, if it has one; never throws. */
  send(lotId: string): void {
    const sending = this.attempt(lotId).catch((error: unknown) =>
      this.o.logger.error({ err: error, lotId }, 'delivery-lot webhook could not be recorded'),
    );
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /**
   * At start: the webhooks of lots sold just before a crash, whose attempt never started. One
   * whose attempt started is not sent again, even if the crash cut it short (no retry).
   */
  sendPending(): number {
    const pending = this.o.lots.pendingWebhooks();
    for (const lotId of pending) this.send(lotId);
    return pending.length;
  }

  /** Resolves when the attempts under way have ended (each within the timeout). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async attempt(lotId: string): Promise<void> {
    const { lots, clock, logger, timeoutMs } = this.o;
    const claimed = lots.claimWebhook(lotId, clock.now().toISOString());
    if (!claimed) return;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await request(claimed.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(claimed.body),
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      statusCode = response.statusCode;
      await response.body.dump();
      if (statusCode < 200 || statusCode > 299) error = `the receiver answered HTTP ${statusCode}`;
    } catch (failure) {
      error = failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure);
    }
    lots.recordWebhook(lotId, { statusCode, error, at: clock.now().toISOString() });
    if (error) logger.warn({ lotId, statusCode, error }, 'delivery-lot webhook failed');
    else logger.info({ lotId, statusCode }, 'delivery-lot webhook delivered');
  }
}
