import nodemailer, { type Transporter } from 'nodemailer';
import QRCode from 'qrcode';
import { QR_CONTENT_ID, type ReceiptMessage } from './receipt-message.js';

/**
 * E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.md:587), with nodemailer.
 * Each message carries a stable Message-ID (the delivery's id), so a message resent after a
 * crash between the server's acceptance and the outbox update is recognisable as the same one.
 */
export class SmtpReceiptSender {
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(smtpUrl);
  }

  async send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void> {
    const qr = await QRCode.toBuffer(message.qrCodeData, { type: 'png', margin: 2, scale: 6 });
    await this.#transport.sendMail({
      from: this.from,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${deliveryId}@fiscal-pos>`,
      attachments: [{ filename: 'bon-qr.png', content: qr, contentType: 'image/png', cid: QR_CONTENT_ID }],
    });
  }

  close(): void {
    this.#transport.close();
  }
}
