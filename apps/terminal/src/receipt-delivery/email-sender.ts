import nodemailer, { type Transporter } from 'nodemailer';
import QRCode from 'qrcode';
import type { SmtpTimeouts } from '../config.js';
import { PermanentRefusal } from './permanent-refusal.js';
import { QR_CONTENT_ID, type ReceiptMessage } from './receipt-message.js';

/**
 * E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.md:587), with nodemailer.
 * Each message carries a stable Message-ID (the delivery's id), so a message resent after a
 * crash between the server's acceptance and the outbox update is recognisable as the same one.
 * Every stage has its timeout, so a server that hangs costs one attempt, not the queue; a 5xx
 * reply is a PermanentRefusal.
 */
export class SmtpReceiptSender {
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeouts: SmtpTimeouts,
  ) {
    this.#transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  }

  async send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void> {
    const qr = await QRCode.toBuffer(message.qrCodeData, { type: 'png', margin: 2, scale: 6 });
    try {
      await this.#transport.sendMail({
        from: this.from,
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${deliveryId}@fiscal-pos>`,
        attachments: [{ filename: 'bon-qr.png', content: qr, contentType: 'image/png', cid: QR_CONTENT_ID }],
      });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        throw new PermanentRefusal(`SMTP server refused the message: ${(error as Error).message}`);
      }
      throw error;
    }
  }

  close(): void {
    this.#transport.close();
  }
}
