// Webhook signatures. The signing secret is `whsec_` + base64 of 32 random bytes, as in
// Standard Webhooks; the HMAC key is those decoded bytes. The same signature goes in
// X-Service-Signature (base64) and webhook-signature (`v1,<base64>`), so receivers can use
// either our documented recipe or any Standard Webhooks library.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function secretKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** base64 HMAC-SHA256 of `<webhook id>.<unix seconds>.<raw body>`. */
export function signPayload(secret: string, webhookId: string, timestamp: number, body: string): string {
  return createHmac('sha256', secretKey(secret)).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
}

export function deliveryHeaders(options: {
  secret: string;
  webhookId: string;
  timestamp: number;
  eventType: string;
  body: string;
}): Record<string, string> {
  const signature = signPayload(options.secret, options.webhookId, options.timestamp, options.body);
  return {
    'content-type': 'application/json',
    'user-agent': 'FiscalPOS-Webhooks/1',
    'x-service-signature': signature,
    'x-service-webhook-id': options.webhookId,
    'x-service-timestamp': String(options.timestamp),
    'x-service-event': options.eventType,
    'webhook-id': options.webhookId,
    'webhook-timestamp': String(options.timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
