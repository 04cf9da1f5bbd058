import { fromBp, fromMilli, fromMinor } from '@fiscal-pos/fiscal';
import type { DeliveryLotView } from './lot-contract.js';
import { effectiveStatus } from './lot-status.js';
import type { DeliveryLot } from './lot-store.js';
import { qrPayloadOf } from './qr-payload.js';

export function presentLot(lot: DeliveryLot, secret: string, now: Date): DeliveryLotView {
  return {
    lotId: lot.id,
    qrPayload: qrPayloadOf(secret, lot.id),
    status: effectiveStatus(lot.status, lot.expiresAt, now),
    reference: lot.reference,
    webhookUrl: lot.webhookUrl,
    expiresAt: lot.expiresAt,
    createdAt: lot.createdAt,
    closedAt: lot.closedAt,
    lines: lot.lines.map((line) => ({
      lotLineId: line.lotLineId,
      productId: line.productId,
      name: line.name,
      quantity: fromMilli(line.quantityMilli),
      unitPrice: fromMinor(line.unitPrice),
      vatCode: line.vatCode,
      allowDecimals: line.allowDecimals,
      discountPercent: fromBp(line.discountBp),
      discountAbsolute: fromMinor(line.discountAbsolute),
      markupPercent: fromBp(line.markupBp),
      markupAbsolute: fromMinor(line.markupAbsolute),
    })),
    sale: lot.sold,
    webhook: lot.webhook,
  };
}
