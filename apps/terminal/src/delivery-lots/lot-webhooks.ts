import type { UrlGuard } from '@fiscal-pos/url-guard';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import type { Clock } from '../clock.js';
import type { LotStore } from './lot-store.js';

/**
 * The delivery-lot webhook (spec, Events): one plain POST of the sale report to the lot's
 * receiver, no signature and no retry. Each send is fire-and-forget and bounded by a short
 * timeout, so a hanging receiver costs nothing but that timeout in the background; the outcome
 * is stored on the lot.
 *
 * Whoever holds the terminal's key chooses the URL, through the relay from anywhere: the
 * guard keeps the terminal from calling itself, its simulators, the link-local metadata
 * services and the like (a LAN ERP is a legitimate receiver). A URL is checked when the lot is
 * recorded, again before the attempt, and the connection resolves names through the guard, so
 * a name that changes its address in between is refused too.
 */
export class LotWebhooks {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly dispatcher: Agent;

  constructor(
    private readonly o: { lots: LotStore; clock: Clock; logger: Logger; timeoutMs: number; guard: UrlGuard },
  ) {
    this.dispatcher = new Agent({ connect: { lookup: o.guard.lookup } });
  }

  /** Why the terminal will not call this URL, or null when it may. */
  async refusal(url: string): Promise<string | null> {
    const check = await this.o.guard.check(url);
    return check.ok ? null : check.reason;
  }

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

  /** After `idle`: closes the connections kept to receivers. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async attempt(lotId: string): Promise<void> {
    const { lots, clock, logger, timeoutMs } = this.o;
    const claimed = lots.claimWebhook(lotId, clock.now().toISOString());
    if (!claimed) return;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const refused = await this.refusal(claimed.url);
      if (refused !== null) throw new Error(`not sent: ${refused}`);
      const response = await request(claimed.url, {
        dispatcher: this.dispatcher,
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
