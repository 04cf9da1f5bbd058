import { request } from 'undici';
import type { ReceiptMessage } from './receipt-message.js';

/**
 * SMS through an HTTP gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN). The contract, so that a real
 * provider is one adapter away (docs/receipt-delivery.md): POST <url> with
 * `Authorization: Bearer <token>` and JSON `{ "to": "+373...", "text": "...", "reference": "<id>" }`;
 * any 2xx is accepted. `reference` is the delivery's id, the same on every attempt, so the gateway
 * can drop a resend.
 */
export class HttpSmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | null,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(to: string, message: ReceiptMessage, deliveryId: string): Promise<void> {
    const response = await request(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token === null ? {} : { authorization: `Bearer ${this.token}` }),
      },
      body: JSON.stringify({ to, text: message.sms, reference: deliveryId }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = await response.body.text();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`SMS gateway answered ${response.statusCode}: ${body.slice(0, 200)}`);
    }
  }
}
