import { createHmac } from 'node:crypto';

export interface OfflineCodeInput {
  operationId: string;
  registrationNumber: string;
  operationType: string;
  receiptNumber: number | null;
  reportNumber: number;
  totalAmount: number;
  occurredAt: string;
}

/**
 * The fiscal code printed on a document registered while the fiscal server is unreachable.
 * Deterministic, so it can be recomputed and verified later by anyone holding the terminal's
 * offline secret (the device and, on request, the tax authority):
 *
 *   canonical = "v1|<registrationNumber>|<operationId>|<operationType>|<receiptNumber or ->|<reportNumber>|<total in bani>|<occurredAt>"
 *   code      = "OFF-" + uppercase hex of the first 8 bytes of HMAC-SHA256(secret, canonical)
 *
 * See docs/offline-mode.md.
 */
export function offlineFiscalCode(secret: string, input: OfflineCodeInput): string {
  const canonical = [
    'v1',
    input.registrationNumber,
    input.operationId,
    input.operationType,
    input.receiptNumber === null ? '-' : String(input.receiptNumber),
    String(input.reportNumber),
    String(input.totalAmount),
    input.occurredAt,
  ].join('|');
  const digest = createHmac('sha256', secret).update(canonical).digest('hex');
  return `OFF-${digest.slice(0, 16).toUpperCase()}`;
}
