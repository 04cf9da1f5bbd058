// Fiscal documents as a terminal pushes them, for the ingest tests and bench.
import { randomUUID } from 'node:crypto';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';

export interface LineSpec {
  productId: string | null;
  quantityMilli: number;
  /** Unit price in bani. */
  unitPrice?: number;
}

/** A synced sale (or refund, cash operation...) of the given lines, all at VAT B 20 %. */
export function fiscalDocument(lines: LineSpec[], overrides: Partial<PushedDocument> = {}): PushedDocument {
  const stored = lines.map((l, position) => {
    const unitPrice = l.unitPrice ?? 1000;
    return {
      position,
      productId: l.productId,
      name: `Item ${position}`,
      quantityMilli: l.quantityMilli,
      unitPrice,
      amount: Math.round((unitPrice * l.quantityMilli) / 1000),
      vatCode: 'B' as const,
    };
  });
  const total = stored.reduce((sum, l) => sum + l.amount, 0);
  const vatAmount = Math.round((total * 20) / 120);
  return {
    operationId: randomUUID(),
    revision: 1,
    type: 'sale',
    createdAt: new Date().toISOString(),
    receiptNumber: 1,
    reportNumber: 1,
    status: 'synced',
    fiscalCode: 'FC-1',
    offlineFiscalCode: null,
    mevId: 'mev-1',
    total,
    vat: total ? [{ code: 'B', rateBp: 2000, taxableAmount: total - vatAmount, vatAmount }] : [],
    payments: total ? [{ code: '1', amount: total }] : [],
    saleId: randomUUID(),
    refundId: null,
    lines: stored,
    ...overrides,
  };
}
