// Creates a Draft customer order. No fiscal document and no journal entry: the order only
// becomes a sale when the merchant rings it up on a terminal.
// Idempotent on externalOrderId: the same body returns the stored order, another body is a conflict.
import { createHash } from 'node:crypto';
import { canonicalJson, fromMilli, fromMinor, toMilli } from '@fiscal-pos/fiscal';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders, products } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { listVatRates, vatTableOf } from '../catalog/vat-rates.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import { computeOrderTotals, orderAmountErrors } from './order-totals.js';
import { presentOrder, type CreateOrderBody, type Order, type OrderLine } from './order-schemas.js';

export type CreateOrderResult = { kind: 'created'; order: Order } | { kind: 'replayed'; order: Order };

export interface CreateOrderOptions {
  merchantId: string;
  body: CreateOrderBody;
}

export async function createOrder(db: Db, options: CreateOrderOptions): Promise<CreateOrderResult> {
  const { merchantId, body } = options;
  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  return db.transaction(async (tx) => {
    const existing = await findByExternalId(tx, merchantId, body.externalOrderId);
    if (existing) return replay(existing, requestHash);

    const codes = [...new Set(body.lines.map((l) => l.productCode))];
    const found = await tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.merchantId, merchantId),
          inArray(products.code, codes),
          isNull(products.deletedAt),
          eq(products.active, true),
        ),
      );
    const byCode = new Map(found.map((p) => [p.code, p]));
    const missing = body.lines.flatMap((l, i) =>
      byCode.has(l.productCode)
        ? []
        : [{ path: `body.lines.${i}.productCode`, message: `no active product ${l.productCode}` }],
    );
    if (missing.length > 0)
      throw new ProblemError(
        'unknown_product',
        'Some lines refer to products that do not exist or are inactive.',
        missing,
      );

    const priced = body.lines.map((l) => {
      const product = byCode.get(l.productCode)!;
      return { product, quantityMilli: toMilli(l.quantity)! };
    });
    // Priced at the merchant's rates as they are now; each line keeps the rate it was priced at.
    const totals = computeOrderTotals(
      priced.map((p) => ({
        unitPriceMinor: p.product.priceMinor,
        quantityMilli: p.quantityMilli,
        vatCode: p.product.vatCode,
      })),
      vatTableOf(await listVatRates(tx, merchantId)),
    );
    const amountErrors = orderAmountErrors(totals);
    if (amountErrors.length > 0)
      throw new ProblemError('invalid_request', 'The order amounts are out of bounds.', amountErrors);
    const lines: OrderLine[] = priced.map((p, i) => ({
      position: i + 1,
      productCode: p.product.code,
      name: p.product.name,
      quantity: fromMilli(p.quantityMilli),
      unit: p.product.unit,
      unitPrice: fromMinor(p.product.priceMinor),
      vatCode: p.product.vatCode,
      vatRate: totals.lines[i]!.vatRate,
      amount: fromMinor(totals.lines[i]!.amountMinor),
      vat: fromMinor(totals.lines[i]!.vatMinor),
    }));

    const [inserted] = await tx
      .insert(orders)
      .values({
        id: newId('ord'),
        merchantId,
        externalOrderId: body.externalOrderId,
        requestHash,
        status: 'draft',
        currency: 'MDL',
        customer: body.customer,
        delivery: body.delivery ?? null,
        note: body.note ?? null,
        lines,
        subtotalMinor: totals.totalMinor,
        vatMinor: totals.vatMinor,
        totalMinor: totals.totalMinor,
        vatBreakdown: totals.breakdown.map((b) => ({
          vatCode: b.vatCode,
          rate: b.rate,
          amount: fromMinor(b.amountMinor),
          vat: fromMinor(b.vatMinor),
          taxableBase: fromMinor(b.taxableBaseMinor),
        })),
      })
      // A concurrent request with the same externalOrderId may have committed since the check.
      .onConflictDoNothing({ target: [orders.merchantId, orders.externalOrderId] })
      .returning();
    if (!inserted) {
      const winner = await findByExternalId(tx, merchantId, body.externalOrderId);
      return replay(winner!, requestHash);
    }
    const order = presentOrder(inserted);
    await emitEvent(tx, { merchantId, type: 'order.created', data: { object: order } });
    return { kind: 'created', order };
  });
}

async function findByExternalId(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  merchantId: string,
  externalOrderId: string,
) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.externalOrderId, externalOrderId)))
    .limit(1);
  return row;
}

function replay(row: typeof orders.$inferSelect, requestHash: string): CreateOrderResult {
  if (row.requestHash !== requestHash) {
    throw new ProblemError(
      'idempotency_conflict',
      `An order with externalOrderId ${row.externalOrderId} already exists with a different body.`,
    );
  }
  return { kind: 'replayed', order: presentOrder(row) };
}
