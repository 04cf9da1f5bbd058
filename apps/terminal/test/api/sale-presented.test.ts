/**
 * POST /api/sales presents the sale from the rows its transaction just wrote, without reading
 * it back (create-sale.ts, `writtenSale`); a replay after a crash presents it from storage
 * (saleReplay). Whatever the sale, the two answers are the same bytes: cash with change, a card
 * payment the terminal charges on the card-sim, one with an RRN charged elsewhere, mixed
 * payments, line and cart discounts and markups, and lines at several VAT rates. The record
 * itself (items included, which the printed receipt shows) is the one read back.
 */
import {
  calculateSale,
  DEFAULT_VAT_TABLE,
  parseSaleRequest,
  saleRequestSchema,
  VAT_CODES,
} from '@fiscal-pos/fiscal';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSale } from '../../src/sales/create-sale.js';
import { type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start();
});

/** Amounts are generated in bani and sent in MDL, as an ERP sends them. */
const mdl = (bani: number) => bani / 100;

const item = fc
  .record({
    unitPrice: fc.integer({ min: 100, max: 50_000 }),
    units: fc.integer({ min: 1, max: 4 }),
    thousandths: fc.constantFrom(0, 250, 500),
    vatCode: fc.constantFrom(...VAT_CODES),
    discountPercent: fc.constantFrom(0, 5, 12.5, 40),
    discountAbsolute: fc.integer({ min: 0, max: 50 }),
    markupPercent: fc.constantFrom(0, 0, 3),
  })
  .map((i) => ({
    name: `Item at ${mdl(i.unitPrice)}`,
    unitPrice: mdl(i.unitPrice),
    quantity: i.units + i.thousandths / 1000,
    allowDecimals: i.thousandths !== 0,
    vatCode: i.vatCode,
    discountPercent: i.discountPercent,
    discountAbsolute: mdl(i.discountAbsolute),
    markupPercent: i.markupPercent,
  }));

const saleCase = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 5 }),
  cartDiscount: fc.option(fc.record({ percent: fc.constantFrom(2, 10) }), { nil: undefined }),
  paidBy: fc.constantFrom('cash', 'card', 'card with RRN', 'cash and card', 'cash and card with RRN'),
  /** Bani handed over beyond the total (change), when cash is paid. */
  extraCash: fc.integer({ min: 0, max: 2_000 }),
  /** The share of the total paid in cash in a mixed payment, in percent. */
  cashShare: fc.integer({ min: 1, max: 99 }),
});

type SaleCase = typeof saleCase extends fc.Arbitrary<infer T> ? T : never;

/** The sale's total in bani, from the same calculation the terminal runs. */
function totalOf(lines: Pick<SaleCase, 'items' | 'cartDiscount'>): number {
  const placeholder = { payments: [{ type: '1', amount: 1 }], amountReceived: 0, change: 0 };
  const request = saleRequestSchema.parse({
    items: lines.items,
    cartDiscount: lines.cartDiscount,
    ...placeholder,
  });
  return calculateSale(request, DEFAULT_VAT_TABLE).total;
}

function saleBody(c: SaleCase) {
  const total = totalOf(c);
  const rrn = '123456789012';
  const cash = c.paidBy === 'cash' ? total : Math.max(1, Math.floor((total * c.cashShare) / 100));
  const card = total - cash;
  const payments =
    c.paidBy === 'cash'
      ? [{ type: '1', amount: mdl(total + c.extraCash) }]
      : c.paidBy === 'card'
        ? [{ type: '2', amount: mdl(total) }]
        : c.paidBy === 'card with RRN'
          ? [{ type: '2', amount: mdl(total), rrn }]
          : [
              { type: '1', amount: mdl(cash + c.extraCash) },
              { type: '2', amount: mdl(card), ...(c.paidBy === 'cash and card with RRN' ? { rrn } : {}) },
            ];
  const change = c.paidBy === 'card' || c.paidBy === 'card with RRN' ? 0 : c.extraCash;
  return {
    items: c.items,
    ...(c.cartDiscount ? { cartDiscount: c.cartDiscount } : {}),
    payments: payments.filter((p) => p.amount > 0),
    amountReceived: mdl(total + change),
    change: mdl(change),
    printReceipt: false,
  };
}

describe('the sale answered from the rows it wrote', () => {
  it('is the answer a replay rebuilds from storage, byte for byte', async () => {
    let sale = 0;
    await fc.assert(
      fc.asyncProperty(saleCase, async (c) => {
        const key = `presented-${++sale}`;
        const body = saleBody(c);
        const fresh = await terminal.call('POST', '/api/sales', body, { 'Idempotency-Key': key });
        expect(fresh.body.error).toBeNull();
        expect(fresh.status).toBe(200);
        // A crash right after the durable write: the key is left linked to the sale, without
        // its answer, so the retry rebuilds the answer from storage.
        terminal.runtime.db
          .prepare(
            `UPDATE idempotency_keys SET state = 'processing', status_code = NULL, response_body = NULL WHERE key = ?`,
          )
          .run(key);
        const replayed = await terminal.call('POST', '/api/sales', body, { 'Idempotency-Key': key });
        expect(replayed.headers.get('x-idempotency-replayed')).toBe('true');
        expect(JSON.stringify(replayed.body.data)).toBe(JSON.stringify(fresh.body.data));
      }),
      { numRuns: 30 },
    );
  });

  it('is the record SaleStore.get reads back, items included (what a printed receipt shows)', async () => {
    await fc.assert(
      fc.asyncProperty(saleCase, async (c) => {
        const rt = terminal.runtime;
        const parsed = parseSaleRequest(saleBody(c), rt.vatRates.inUse());
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
        const { saleId, sale } = await createSale(rt.fiscalContext, rt.sales, {
          draft: parsed.value,
          idempotencyKey: null,
          cashier: rt.cashier,
          card: rt.card,
          fromLot: null,
          deliveries: rt.deliveries,
        });
        expect(sale).toStrictEqual(rt.sales.get(saleId));
      }),
      { numRuns: 30 },
    );
  });

  it('names the card charge the terminal made, as the card journal keeps it', async () => {
    const body = saleBody({
      items: [
        {
          name: 'Item',
          unitPrice: 40,
          quantity: 1,
          allowDecimals: false,
          vatCode: 'B',
          discountPercent: 0,
          discountAbsolute: 0,
          markupPercent: 0,
        },
      ],
      cartDiscount: undefined,
      paidBy: 'cash and card',
      extraCash: 100,
      cashShare: 25,
    });
    const fresh = await terminal.call('POST', '/api/sales', body);
    expect(fresh.status).toBe(200);
    const [cash, card] = fresh.body.data!.payments;
    expect(cash.card).toBeNull();
    expect(card.card).toMatchObject({ status: 'approved', rrn: card.rrn });
    const read = await terminal.call('GET', `/api/sales/${fresh.body.data!.saleId}`);
    expect(read.body.data!.payments).toEqual(fresh.body.data!.payments);
    expect(read.body.data!.shiftNumber).toBe(fresh.body.data!.shiftNumber);
  });
});
