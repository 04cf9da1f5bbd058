// Webhook signatures, two headers with two rules:
// - X-Service-Signature, the spec's: base64 HMAC-SHA256 keyed with the bytes of the signing
//   secret string exactly as returned at registration (`whsec_...`, UTF-8, prefix included).
// - webhook-signature, Standard Webhooks': `v1,<base64>` keyed with the base64-decoded bytes
//   after `whsec_`, so any Standard Webhooks library verifies it as is.
// Both sign `<webhook id>.<unix seconds>.<raw body>`. While a rotated-out secret is still in
// its grace window, each header carries one signature per secret, space-separated (newest
// first), and a receiver accepts a delivery when any of them matches.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

const signedString = (webhookId: string, timestamp: number, body: string) =>
  `${webhookId}.${timestamp}.${body}`;

/** X-Service-Signature: the secret string's own bytes are the key (the spec's recipe). */
function serviceSignature(secret: string, webhookId: string, timestamp: number, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(signedString(webhookId, timestamp, body))
    .digest('base64');
}

/** webhook-signature's value without the `v1,`: the decoded bytes after `whsec_` are the key. */
function standardWebhooksSignature(
  secret: string,
  webhookId: string,
  timestamp: number,
  body: string,
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  return createHmac('sha256', key)
    .update(signedString(webhookId, timestamp, body))
    .digest('base64');
}

export function deliveryHeaders(options: {
  /** The current secret first, then a rotated-out one still in its grace window. */
  secrets: readonly string[];
  webhookId: string;
  timestamp: number;
  eventType: string;
  body: string;
}): Record<string, string> {
  const { secrets, webhookId, timestamp, body } = options;
  return {
    'content-type': 'application/json',
    'user-agent': 'FiscalPOS-Webhooks/1',
    'x-service-signature': secrets.map((s) => serviceSignature(s, webhookId, timestamp, body)).join(' '),
    'x-service-webhook-id': webhookId,
    'x-service-timestamp': String(timestamp),
    'x-service-event': options.eventType,
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((s) => `v1,${standardWebhooksSignature(s, webhookId, timestamp, body)}`)
      .join(' '),
  };
}
