import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type DeliveryOutbox,
  type ReceiptDelivery,
} from './delivery-outbox.js';
import { PermanentRefusal } from './permanent-refusal.js';
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
  /** Messages of one channel sent at the same time (DELIVERY_CONCURRENCY). */
  concurrency: number;
}

/**
 * Sends the receipt-delivery outbox: each channel on its own, up to `concurrency` messages of a
 * channel at a time, so a hanging SMTP server holds at most that many e-mails and never an SMS.
 * Each attempt's outcome is written back; a failure is retried with exponential backoff
 * (retryBaseMs doubling up to retryMaxMs) until maxAttempts, then the message is `failed`; a
 * PermanentRefusal (SMTP 5xx, gateway 4xx) is `failed` at once with its reason. What is queued
 * survives a restart: the worker starts from the outbox. Delivery is at least once: a kill -9
 * between the server's acceptance and the outbox update sends the message again, under the same
 * Message-ID (e-mail) or reference (SMS).
 */
/** The outbox as health and the metrics show it: waiting in all, and being sent per channel. */
export interface DeliveryBacklog {
  queued: number;
  sending: Readonly<Record<DeliveryChannel, number>>;
}

export class DeliveryWorker {
  #timer: NodeJS.Timeout | null = null;
  /** The attempts under way, by delivery id: not picked again while they run. */
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #busy: Record<DeliveryChannel, number> = { email: 0, sms: 0 };
  #stopped = false;

  constructor(private readonly o: DeliveryWorkerOptions) {}

  start(): void {
    this.wake();
  }

  /** Something was queued or an attempt ended: start what is due on the channels with room. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    try {
      const now = this.o.clock.now().toISOString();
      for (const channel of DELIVERY_CHANNELS) {
        const room = this.o.concurrency - this.#busy[channel];
        if (room <= 0) continue;
        for (const delivery of this.o.outbox.due(now, channel, room, [...this.#inFlight.keys()]))
          this.#begin(delivery);
      }
      this.#scheduleNext();
    } catch (error) {
      // The outbox could not be read (the disk, say): look again later rather than never.
      this.o.logger.error({ err: error }, 'receipt delivery pass failed');
      this.#timer = setTimeout(() => this.wake(), this.o.retryBaseMs);
      this.#timer.unref();
    }
  }

  /** Resolves when nothing is being sent. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight.values());
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.idle();
  }

  /** Messages being sent now, per channel (the metrics). */
  inFlight(): Readonly<Record<DeliveryChannel, number>> {
    return { ...this.#busy };
  }

  #begin(delivery: ReceiptDelivery): void {
    this.#busy[delivery.channel]++;
    const attempt = this.#attempt(delivery)
      .catch((error: unknown) =>
        this.o.logger.error({ err: error, id: delivery.id }, 'receipt delivery failed'),
      )
      .finally(() => {
        this.#inFlight.delete(delivery.id);
        this.#busy[delivery.channel]--;
        this.wake();
      });
    this.#inFlight.set(delivery.id, attempt);
  }

  /** A timer for the next due message of a channel with room; a full channel wakes when one ends. */
  #scheduleNext(): void {
    const open = DELIVERY_CHANNELS.filter((channel) => this.#busy[channel] < this.o.concurrency);
    const next = this.o.outbox.nextDueAt(open, [...this.#inFlight.keys()]);
    if (next === null) return;
    const delay = Math.max(0, Date.parse(next) - this.o.clock.now().getTime());
    this.#timer = setTimeout(() => this.wake(), Math.min(delay, 2 ** 31 - 1));
    this.#timer.unref();
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
      const permanent = error instanceof PermanentRefusal;
      const retry = sender !== null && !permanent && attempts < this.o.maxAttempts;
      const wait = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (attempts - 1));
      const retryAt = retry ? new Date(this.o.clock.now().getTime() + wait).toISOString() : null;
      this.o.outbox.markAttemptFailed(delivery.id, message, retryAt);
      this.o.logger.warn(
        { id: delivery.id, channel: delivery.channel, attempts, retryAt, err: message },
        retry
          ? 'receipt not sent yet: retried later'
          : permanent
            ? 'receipt refused for good: not retried'
            : 'receipt not sent: given up',
      );
    }
  }
}
