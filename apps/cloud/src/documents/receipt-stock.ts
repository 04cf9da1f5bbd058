// What a receipt does to stock. A sale's catalog lines take stock out and a refund's put it
// back, each line once (source id `<operationId>:<position>`); a receipt the tax server
// refused was never sold, so once its status is `failed` each of those movements is reversed,
// once too (`<operationId>:<position>:failed`). Both ids are unique in the ledger, so replays
// and revisions arriving in any number move nothing twice. `failed` is final: a later revision
// leaving it does not take the stock out again.
import type { BatchMovement } from '../products/stock-ledger.js';
import type { FiscalDocumentRow, ReceiptType } from './document-schemas.js';

type Receipt = FiscalDocumentRow & { type: ReceiptType };

export function receiptMovements(receipt: Receipt, options: { created: boolean }): BatchMovement[] {
  const outward = receipt.type === 'sale' ? -1 : 1;
  const label = `${receipt.type} ${receipt.receiptNumber ?? receipt.operationId}`;
  const movements: BatchMovement[] = [];
  for (const line of receipt.lines) {
    if (line.productId === null) continue;
    const id = `${receipt.operationId}:${line.position}`;
    const base = { productId: line.productId, source: { kind: receipt.type, id } };
    if (options.created) movements.push({ ...base, deltaMilli: outward * line.quantityMilli, reason: label });
    if (receipt.status === 'failed')
      movements.push({
        ...base,
        source: { kind: receipt.type, id: `${id}:failed` },
        deltaMilli: -outward * line.quantityMilli,
        reason: `${label} refused by the tax server`,
      });
  }
  return movements;
}
