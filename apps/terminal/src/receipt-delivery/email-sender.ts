import { SmtpRefusal, SmtpSender, type SmtpTimeouts } from '@fiscal-pos/smtp-mail';
import QRCode from 'qrcode';
import { PermanentRefusal } from './permanent-refusal.js';
import { QR_CONTENT_ID, type ReceiptMessage } from './receipt-message.js';

/**
 * Receipts by e-mail through SMTP (@fiscal-pos/smtp-mail: a timeout per stage). Each message
 * carries a stable Message-ID (the delivery's id), so a message resent after a crash between
 * the server's acceptance and the outbox update is recognisable as the same one. A 5xx reply
 * is a PermanentRefusal.
 */
export class SmtpReceiptSender {
  readonly #sender: SmtpSender;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeouts: SmtpTimeouts,
  ) {
    this.#sender = new SmtpSender(smtpUrl, timeouts);
  }

  async send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void> {
    const qr = await QRCode.toBuffer(message.qrCodeData, { type: 'png', margin: 2, scale: 6 });
    try {
      await this.#sender.send({
        from: this.from,
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${deliveryId}@fiscal-pos>`,
        attachments: [{ filename: 'bon-qr.png', content: qr, contentType: 'image/png', cid: QR_CONTENT_ID }],
      });
    } catch (error) {
      if (error instanceof SmtpRefusal) throw new PermanentRefusal(error.message);
      throw error;
    }
  }

  close(): void {
    this.#sender.close();
  }
}
