import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { DeliveryOutbox, ReceiptDelivery } from './delivery-outbox.js';
import type { ReceiptMessage } from './receipt-message.js';

export interface ChannelSender {
  send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void>;
}

export interface DeliveryWorkerOptions {
  outbox: DeliveryOutbox;
  /** The message of one delivery, from the document it is the receipt of. */
  render: (delivery: ReceiptDelivery) => Promise<ReceiptMessage>;
  /** Null: the channel is not configured, its messages fail at once with why. */
  email: ChannelSender | null;
  sms: ChannelSender | null;
  clock: Clock;
  logger: Logger;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
}

/**
 * Sends the receipt-delivery outbox: due messages one after another, each attempt's outcome
 * written back; a failure is retried with exponential backoff (retryBaseMs doubling up to
 * retryMaxMs) until maxAttempts, then the message is `failed`. What is queued survives a restart:
 * the worker starts from the outbox. Delivery is at least once: a kill -9 between the server's
 * acceptance and the outbox update sends the message again, under the same Message-ID (e-mail) or
 * reference (SMS).
 */
export class DeliveryWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(private readonly o: DeliveryWorkerOptions) {}

  start(): void {
    this.wake();
  }

  /** Something was queued: send it now rather than at the next timer. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#running = this.#drain()
      .catch((error: unknown) => this.o.logger.error({ err: error }, 'receipt delivery pass failed'))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        } else this.#scheduleNext();
      });
  }

  /** Resolves when nothing is being sent. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.idle();
  }

  #scheduleNext(): void {
    if (this.#stopped) return;
    const next = this.o.outbox.nextDueAt();
    if (next === null) return;
    const delay = Math.max(0, Date.parse(next) - this.o.clock.now().getTime());
    this.#timer = setTimeout(() => this.wake(), Math.min(delay, 2 ** 31 - 1));
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    for (;;) {
      const due = this.o.outbox.due(this.o.clock.now().toISOString(), 20);
      if (due.length === 0) return;
      for (const delivery of due) {
        if (this.#stopped) return;
        await this.#attempt(delivery);
      }
    }
  }

  async #attempt(delivery: ReceiptDelivery): Promise<void> {
    const sender = delivery.channel === 'email' ? this.o.email : this.o.sms;
    try {
      if (!sender) {
        throw new Error(
          delivery.channel === 'email' ? 'no SMTP_URL is configured' : 'no SMS_GATEWAY_URL is configured',
        );
      }
      await sender.send(delivery.recipient, await this.o.render(delivery), delivery.id);
      this.o.outbox.markSent(delivery.id, this.o.clock.now().toISOString());
      this.o.logger.info(
        { id: delivery.id, channel: delivery.channel, saleId: delivery.saleId },
        'receipt sent',
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = delivery.attempts + 1;
      const retry = sender !== null && attempts < this.o.maxAttempts;
      const wait = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (attempts - 1));
      const retryAt = retry ? new Date(this.o.clock.now().getTime() + wait).toISOString() : null;
      this.o.outbox.markAttemptFailed(delivery.id, message, retryAt);
      this.o.logger.warn(
        { id: delivery.id, channel: delivery.channel, attempts, retryAt, err: message },
        retry ? 'receipt not sent yet: retried later' : 'receipt not sent: given up',
      );
    }
  }
}
