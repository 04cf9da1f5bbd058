// One e-mail over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.md:587), with nodemailer,
// for every server that mails: the terminal its receipts, the cloud its console mail
// (invitations, password resets). Every stage of the conversation has its timeout, so a server
// that hangs costs one attempt, not the sender's queue; a 5xx reply is a SmtpRefusal (the
// message will never be accepted as it is), anything else a failure worth retrying.
import { int, text } from '@fiscal-pos/env-config';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

/** How long one SMTP conversation may take at each stage (SMTP_*_TIMEOUT_MS). */
export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** From the connection to the server's 220 greeting. */
  greetingMs: number;
  /** Of silence on the socket once talking (nodemailer's own default is 10 minutes). */
  socketMs: number;
}

/** The settings every mailing server reads (each adds its own MAIL_FROM default). */
export const SMTP_SETTINGS = {
  /** Unset: the server sends no mail (the development entries start a mail-catcher instead). */
  SMTP_URL: text(null, { secret: true }),
  SMTP_CONNECTION_TIMEOUT_MS: int(10_000, { min: 1 }),
  SMTP_GREETING_TIMEOUT_MS: int(10_000, { min: 1 }),
  SMTP_SOCKET_TIMEOUT_MS: int(30_000, { min: 1 }),
};

export const smtpTimeoutsOf = (e: {
  SMTP_CONNECTION_TIMEOUT_MS: number;
  SMTP_GREETING_TIMEOUT_MS: number;
  SMTP_SOCKET_TIMEOUT_MS: number;
}): SmtpTimeouts => ({
  connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS,
  greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
  socketMs: e.SMTP_SOCKET_TIMEOUT_MS,
});

/** The server answered 5xx: this message is refused for good, retrying changes nothing. */
export class SmtpRefusal extends Error {}

export type MailMessage = Pick<
  SendMailOptions,
  'from' | 'to' | 'subject' | 'text' | 'html' | 'messageId' | 'attachments'
>;

export class SmtpSender {
  readonly #transport: Transporter;

  constructor(smtpUrl: string, timeouts: SmtpTimeouts) {
    this.#transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  }

  /** Resolves once the server accepted the message; throws SmtpRefusal on a 5xx reply. */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.#transport.sendMail(message);
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600)
        throw new SmtpRefusal(`SMTP server refused the message: ${(error as Error).message}`);
      throw error;
    }
  }

  close(): void {
    this.#transport.close();
  }
}
