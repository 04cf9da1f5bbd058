// The spec's signature recipe, written from the spec's words alone (not the project's signing
// code): X-Service-Signature is base64 of HMAC-SHA256 of `<webhook id>.<timestamp>.<raw body>`
// keyed with the signing secret exactly as returned. Several space-separated signatures (a
// secret rotation's grace window) pass when any one matches.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifySpecSignature(
  secret: string,
  headers: Record<string, string>,
  rawBody: string,
): boolean {
  const id = headers['x-service-webhook-id'];
  const timestamp = headers['x-service-timestamp'];
  const given = headers['x-service-signature'];
  if (id === undefined || timestamp === undefined || given === undefined) return false;
  const expected = createHmac('sha256', secret).update(`${id}.${timestamp}.${rawBody}`).digest();
  return given.split(' ').some((signature) => {
    const bytes = Buffer.from(signature, 'base64');
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
}
