// The cloud's outgoing mail is written to the mail_outbox table in the transaction of what it
// announces (an invitation, a password reset) and sent later by the mail worker
// (mail-worker.ts): an HTTP request never waits on a mail server, and a message survives a
// restart. The body carries a link with a token: it is sealed with the secrets keyring, bound
// to the row's id, and erased once the message is sent or given up.
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Queryable } from '../db/database.js';
import { mailOutbox } from '../db/schema.js';
import { newId } from '../ids.js';
import type { Opened, SecretsKeyring } from '../secrets/secrets-keyring.js';

export type MailKind = 'invitation' | 'password_reset';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MailBody = z.object({ text: z.string(), html: z.string() });
export type MailBody = z.infer<typeof MailBody>;

/** Whether a message went to the outbox, or no mail server is configured (SMTP_URL unset). */
export type Queued = 'queued' | 'not_configured';

export class MailOutbox {
  constructor(
    private readonly options: {
      /** False without SMTP_URL: nothing is queued, and callers say so in their answers. */
      configured: boolean;
      secrets: SecretsKeyring;
      clock: Clock;
      /** Tells this process's worker to look now rather than at its next poll. */
      onQueued: () => void;
    },
  ) {}

  get configured(): boolean {
    return this.options.configured;
  }

  async enqueue(db: Queryable, mail: OutgoingMail): Promise<Queued> {
    if (!this.options.configured) return 'not_configured';
    const id = newId('mail');
    const now = this.options.clock.now();
    const sealed = this.options.secrets.seal(JSON.stringify({ text: mail.text, html: mail.html }), id);
    await db.insert(mailOutbox).values({
      id,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      bodyCiphertext: sealed.ciphertext,
      bodyKeyId: sealed.keyId,
      nextAttemptAt: now,
      createdAt: now,
    });
    this.options.onQueued();
    return 'queued';
  }
}

/** The body of a claimed row, opened; or why it cannot be (the message is then given up). */
export function openMailBody(
  secrets: SecretsKeyring,
  row: { id: string; bodyCiphertext: string | null; bodyKeyId: string | null },
): { ok: true; body: MailBody } | { ok: false; reason: string } {
  if (row.bodyCiphertext === null || row.bodyKeyId === null) return { ok: false, reason: 'body erased' };
  const opened: Opened = secrets.open({ ciphertext: row.bodyCiphertext, keyId: row.bodyKeyId }, row.id);
  if (!opened.ok) return opened;
  return { ok: true, body: MailBody.parse(JSON.parse(opened.plaintext)) };
}
