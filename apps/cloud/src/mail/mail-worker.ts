// Sends the mail outbox. One message at a time (console mail is a few messages an hour), each
// attempt bounded by the SMTP stages' timeouts; a failure is retried on MAIL_RETRY_SCHEDULE_MS,
// a 5xx refusal or an exhausted schedule gives the message up (status failed, the reason kept).
// Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several cloud processes may each
// run a worker, and a worker that dies mid-send only delays its message until the lease lapses.
// Delivery is at least once: each message has a stable Message-ID for a resend after a crash.
// Sent rows (their bodies already erased) are deleted after SENT_RETENTION_MS, checked when the
// outbox is idle at most once an hour; given-up rows stay, with their reason, for the operator.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { SmtpRefusal, type MailMessage } from '@fiscal-pos/smtp-mail';
import type { Clock } from '../clock.js';
import type { MailConfig } from '../config.js';
import { rowsOf, type Db } from '../db/database.js';
import { mailOutbox } from '../db/schema.js';
import { PollWait } from '../poll-wait.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { openMailBody } from './mail-outbox.js';

/** Longer than the three SMTP stages' timeouts together, so a live attempt keeps its row. */
const LEASE_MS = 5 * 60_000;
const ERROR_EXCERPT = 500;
/**
 * How long a sent message's row is kept: 30 days, enough to answer "did the invitation go out
 * last week?" from the table, short enough that addresses do not pile up.
 */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** What sends one message (SmtpSender; tests give it a real SMTP server). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface ClaimedMail {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  body_ciphertext: string | null;
  body_key_id: string | null;
  attempts: number;
}

export class MailWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly pause = new PollWait();
  private prunedAt: number | undefined;

  constructor(
    private readonly options: {
      db: Db;
      mailer: Mailer;
      config: MailConfig;
      secrets: SecretsKeyring;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the message in hand (bounded by its timeouts) and closes the connection. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.options.mailer.close();
  }

  wake(): void {
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = false;
      try {
        sent = await this.sendNext();
        if (!sent) await this.pruneWhenDue();
      } catch (error) {
        this.options.logger.error({ err: error }, 'the mail outbox could not be read or written');
      }
      if (!sent) await this.pause.wait(this.options.config.pollIntervalMs);
    }
  }

  private async pruneWhenDue(): Promise<void> {
    const now = this.options.clock.now().getTime();
    if (this.prunedAt !== undefined && now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.pruneSent();
  }

  /** Deletes the rows of messages sent more than SENT_RETENTION_MS ago; answers how many. */
  async pruneSent(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - SENT_RETENTION_MS);
    const deleted = await this.options.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)))
      .returning({ id: mailOutbox.id });
    if (deleted.length > 0) this.options.logger.info({ count: deleted.length }, 'sent mail pruned');
    return deleted.length;
  }

  /** Claims one due message and tries it; false when none is due. */
  async sendNext(): Promise<boolean> {
    const { db, clock } = this.options;
    const now = clock.now();
    const [row] = rowsOf<ClaimedMail>(
      await db.execute(sql`
        update mail_outbox set lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}
        where id = (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= ${now.toISOString()}
            and (lease_until is null or lease_until <= ${now.toISOString()})
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning id, kind, to_address, subject, body_ciphertext, body_key_id, attempts`),
    );
    if (!row) return false;
    await this.attempt(row);
    return true;
  }

  private async attempt(row: ClaimedMail): Promise<void> {
    const { config, secrets, logger } = this.options;
    const log = logger.child({ mailId: row.id, kind: row.kind });
    const body = openMailBody(secrets, {
      id: row.id,
      bodyCiphertext: row.body_ciphertext,
      bodyKeyId: row.body_key_id,
    });
    if (!body.ok) {
      log.error({ reason: body.reason }, 'a queued message cannot be opened: given up');
      return this.finish(row, 'failed', body.reason);
    }
    try {
      await this.options.mailer.send({
        from: config.from,
        to: row.to_address,
        subject: row.subject,
        text: body.body.text,
        html: body.body.html,
        messageId: `<${row.id}@fiscal-pos>`,
      });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_EXCERPT);
      const attempts = row.attempts + 1;
      const delay = config.retryScheduleMs[attempts - 1];
      if (error instanceof SmtpRefusal || delay === undefined) {
        log.error({ reason, attempts }, 'mail given up');
        return this.finish(row, 'failed', reason);
      }
      log.warn({ reason, attempts, retryInMs: delay }, 'mail not sent; retrying later');
      await this.options.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reason,
          leaseUntil: null,
          nextAttemptAt: new Date(this.options.clock.now().getTime() + delay),
        })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    log.info({ attempts: row.attempts + 1 }, 'mail sent');
    return this.finish(row, 'sent', null);
  }

  /** Sent or given up: the body (with its link) is erased. */
  private async finish(row: ClaimedMail, status: 'sent' | 'failed', reason: string | null): Promise<void> {
    const now = this.options.clock.now();
    await this.options.db
      .update(mailOutbox)
      .set({
        status,
        attempts: row.attempts + 1,
        lastError: reason,
        leaseUntil: null,
        bodyCiphertext: null,
        bodyKeyId: null,
        ...(status === 'sent' ? { sentAt: now } : {}),
      })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
  }
}
