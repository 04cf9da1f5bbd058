import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The QR payload of a delivery lot: `DL1.<lot id, 32 hex digits>.<check, 10 hex digits>`, upper
 * case (47 characters, all in the QR alphanumeric set, so the symbol stays small). The check is
 * the first 40 bits of HMAC-SHA256 of `delivery-lot:<lotId>` with the terminal's own secret: a
 * mistyped code or one made up for another lot id is refused before any lookup.
 */

const FORMAT = /^DL1\.([0-9A-F]{32})\.([0-9A-F]{10})$/;

function check(secret: string, lotId: string): string {
  return createHmac('sha256', secret)
    .update(`delivery-lot:${lotId}`)
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
}

export function qrPayloadOf(secret: string, lotId: string): string {
  return `DL1.${lotId.replaceAll('-', '').toUpperCase()}.${check(secret, lotId)}`;
}

/** The lot id a payload names, or null when it is malformed or its check does not match. */
export function lotIdOfQrPayload(secret: string, payload: string): string | null {
  const match = FORMAT.exec(payload.trim().toUpperCase());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  const lotId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(check(secret, lotId));
  return timingSafeEqual(expected, Buffer.from(match[2]!)) ? lotId : null;
}
