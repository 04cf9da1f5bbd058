import { fromMilli, fromMinor, type DeliveryLotRequest } from '@fiscal-pos/fiscal';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain-error.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import type { LotDeps } from './lot-deps.js';
import type { DeliveryLot } from './lot-store.js';
import { qrPayloadOf } from './qr-payload.js';

/**
 * Records a lot (lines keep the caller's lotLineId, or get one) and links the request's
 * Idempotency-Key to it in the same transaction, so a retry after a crash answers this lot.
 * A webhookUrl the terminal may not call (loopback, link-local, credentials...) is refused
 * here, before anything is written, with the reason.
 */
export async function createLot(
  d: LotDeps,
  request: DeliveryLotRequest,
  idempotencyKey: string | null,
): Promise<DeliveryLot> {
  const refused = request.webhookUrl === null ? null : await d.lotWebhooks.refusal(request.webhookUrl);
  if (refused !== null)
    throw DomainError.validation([
      { field: 'webhookUrl', code: 'WEBHOOK_URL_INVALID', message: `webhookUrl is refused: ${refused}` },
    ]);
  const id = randomUUID();
  d.db.transaction(() => {
    d.lots.insert({
      id,
      reference: request.reference,
      webhookUrl: request.webhookUrl,
      // Stored in UTC so that it compares as text with the terminal's own times.
      expiresAt: request.expiresAt === null ? null : new Date(request.expiresAt).toISOString(),
      createdAt: d.clock.now().toISOString(),
      lines: request.lines.map((line, position) => ({
        lotLineId: line.lotLineId ?? `L${position + 1}-${randomUUID().slice(0, 8)}`,
        productId: line.productId,
        name: line.name,
        quantityMilli: line.quantity,
        unitPrice: line.unitPrice,
        vatCode: line.vatCode,
        allowDecimals: line.allowDecimals,
        discountBp: line.discountBp,
        discountAbsolute: line.discountAbsolute,
        markupBp: line.markupBp,
        markupAbsolute: line.markupAbsolute,
      })),
    });
    if (idempotencyKey) d.idempotency.link(idempotencyKey, 'delivery-lot', id);
  })();
  const lot = d.lots.get(id);
  if (!lot) throw new Error(`delivery lot ${id} vanished after its insert`);
  if (request.printQr) {
    // Queued like every fiscal document's paper (spec rule 6): the answer never waits for it.
    d.printQueue.enqueue(deliveryNote(lot, qrPayloadOf(d.lotSecret(), lot.id)), `delivery lot ${id}`);
  }
  return lot;
}

/** The courier's paper: the lot's lines and the QR code the terminal scans to sell it. */
function deliveryNote(lot: DeliveryLot, qrPayload: string): PrintDocument {
  return {
    kind: 'text',
    lines: [
      ['DELIVERY NOTE'],
      ...(lot.reference ? [['Reference', lot.reference]] : []),
      [''],
      ...lot.lines.map((line) => [
        line.name,
        `${fromMilli(line.quantityMilli)} x ${fromMinor(line.unitPrice).toFixed(2)}`,
      ]),
      [''],
      [qrPayload],
    ],
    qrCode: qrPayload,
    feedLines: 3,
    cut: true,
  };
}
