/**
 * The receiver's side of the integration webhooks, exactly as the spec says: the signed string is
 * `<X-Service-Webhook-Id>.<X-Service-Timestamp>.<raw body>`, the signature base64 of its
 * HMAC-SHA256 under the signing secret, compared in constant time; a delivery whose timestamp is
 * more than 5 minutes from the receiver's clock is refused (a replayed capture). During a secret
 * rotation's grace window the header holds several signatures separated by spaces: one match is
 * enough.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookVerdict =
  | { ok: true; webhookId: string; event: string | null; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'stale_timestamp' | 'bad_signature' };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export function verifyWebhook(
  secret: string,
  headers: HeaderBag,
  rawBody: string | Uint8Array,
  now: Date = new Date(),
): WebhookVerdict {
  const id = header(headers, 'x-service-webhook-id');
  const timestampText = header(headers, 'x-service-timestamp');
  const signatures = header(headers, 'x-service-signature');
  if (id === null || timestampText === null || signatures === null)
    return { ok: false, reason: 'missing_header' };
  const timestamp = /^\d{1,12}$/.test(timestampText) ? Number(timestampText) : NaN;
  if (!(Math.abs(now.getTime() / 1000 - timestamp) <= WEBHOOK_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'stale_timestamp' };
  }
  const expected = createHmac('sha256', secret)
    .update(`${id}.${timestampText}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
  const matches = signatures.split(' ').some((signature) => {
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches
    ? { ok: true, webhookId: id, event: header(headers, 'x-service-event'), timestamp }
    : { ok: false, reason: 'bad_signature' };
}

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  if (found === undefined) return null;
  return Array.isArray(found) ? (found[0] ?? null) : found;
}
