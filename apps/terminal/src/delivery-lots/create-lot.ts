import {
  calculateSale,
  formatMinor,
  fromMilli,
  isVatCode,
  type DeliveryLotRequest,
  type VatTable,
} from '@fiscal-pos/fiscal';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain-error.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { dateTimeLine, merchantHeader, type ReceiptHeader } from '../receipts/receipt-parts.js';
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
    d.printQueue.enqueue(
      deliveryNote(lot, qrPayloadOf(d.lotSecret(), lot.id), d.header(), d.vatTable()),
      `delivery lot ${id}`,
    );
  }
  return lot;
}

/**
 * The courier's paper, in Romanian like every document the terminal prints: the merchant's
 * header, the date, the lot's lines with their amounts, the total (computed as the sale would,
 * each line's discount and markup included), and the QR code the terminal scans to sell it.
 * It is not a fiscal document: the receipt comes with the sale.
 */
function deliveryNote(
  lot: DeliveryLot,
  qrPayload: string,
  header: ReceiptHeader,
  vatTable: VatTable,
): PrintDocument {
  const calculation = calculateSale(
    {
      items: lot.lines.map((line) => ({
        unitPrice: line.unitPrice,
        quantity: line.quantityMilli,
        // Validated when the lot was recorded; the amounts do not depend on the rate anyway.
        vatCode: isVatCode(line.vatCode) ? line.vatCode : '_',
        discountBp: line.discountBp,
        discountAbsolute: line.discountAbsolute,
        markupBp: line.markupBp,
        markupAbsolute: line.markupAbsolute,
      })),
      cartDiscount: null,
      cartMarkup: null,
      payments: [],
      amountReceived: 0,
    },
    vatTable,
  );
  return {
    kind: 'text',
    lines: [
      ...merchantHeader(header),
      [''],
      ['', 'NOTA DE LIVRARE', ''],
      ...(lot.reference ? [['REFERINTA', lot.reference]] : []),
      dateTimeLine(lot.createdAt),
      [''],
      ...lot.lines.flatMap((line, index) => [
        [line.name],
        [
          `  ${fromMilli(line.quantityMilli)} x ${formatMinor(line.unitPrice)}`,
          formatMinor(calculation.items[index]!.netAmount),
        ],
      ]),
      [''],
      { large: ['TOTAL', formatMinor(calculation.total)] },
      [''],
      ['', 'NU ESTE DOCUMENT FISCAL', ''],
      [qrPayload],
    ],
    qrCode: qrPayload,
    feedLines: 3,
    cut: true,
  };
}
