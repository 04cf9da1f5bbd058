/**
 * What an ERP must know before it asks (issue 24 §4): a refund quote that prices a return exactly
 * as the refund will, without writing; the figures a payment refusal expected; and a refund
 * request that refuses the fields it does not know. Real HTTP, mev-sim and card-sim processes.
 */
import { describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

/** Three units whose line is worth 52.69: a unit is worth 17.56, then 17.57, then 17.56. */
const threeUnits = {
  items: [{ name: 'Tea', unitPrice: 17.57, quantity: 3, vatCode: 'B', discountAbsolute: 0.02 }],
  payments: [{ type: '1', amount: 52.69 }],
  amountReceived: 52.69,
  change: 0,
  printReceipt: false,
};

async function sell(body: unknown): Promise<string> {
  const res = await ctx.terminal.call('POST', '/api/sales', body);
  expect(res.status).toBe(200);
  return res.body.data!.saleId as string;
}

async function refundsOf(saleId: string): Promise<unknown[]> {
  const res = await ctx.terminal.call('GET', `/api/sales/${saleId}`);
  return res.body.data!.refunds as unknown[];
}

describe('POST /api/sales/{saleId}/refund/quote', () => {
  it('refuses a fractional quantity of a line sold in whole units, refund and quote alike', async () => {
    const saleId = await sell({
      ...cashSale(201.5),
      items: [
        { name: 'Kettle', unitPrice: 100, quantity: 2, vatCode: 'B' },
        { name: 'Cheese', unitPrice: 3, quantity: 0.5, vatCode: 'B', allowDecimals: true },
      ],
    });
    const half = {
      items: [
        { index: 1, quantity: 0.25 },
        { index: 0, quantity: 0.5 },
      ],
      printReceipt: false,
    };
    for (const path of ['refund/quote', 'refund']) {
      const refused = await ctx.terminal.call('POST', `/api/sales/${saleId}/${path}`, half);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error!.details!.map((d) => [d.field, d.code])).toEqual([
        ['items[1].quantity', 'REFUND_QUANTITY_INVALID'],
      ]);
    }
    expect(await refundsOf(saleId)).toEqual([]);
    const whole = {
      items: [
        { index: 1, quantity: 0.25 },
        { index: 0, quantity: 1 },
      ],
      printReceipt: false,
    };
    const quote = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, whole);
    expect(quote.body.data).toMatchObject({ total: 100.75 });
    const refund = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, whole);
    expect(refund.body.data).toMatchObject({ total: 100.75 });

    // A sale written before lines kept allowDecimals (NULL, migration 0032): returned as before.
    ctx.terminal.runtime.db
      .prepare('UPDATE sale_items SET allow_decimals = NULL WHERE sale_id = ?')
      .run(saleId);
    const before = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, {
      items: [{ index: 0, quantity: 0.5 }],
    });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ total: 50 });
  });

  it('answers what each partial refund will give back, writing nothing', async () => {
    const saleId = await sell(threeUnits);
    const oneUnit = { items: [{ index: 0, quantity: 1 }], printReceipt: false };
    for (const expected of [17.56, 17.57]) {
      const quote = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, oneUnit);
      expect(quote.status).toBe(200);
      expect(quote.body.data).toEqual({
        saleId,
        total: expected,
        items: [{ index: 0, quantity: 1, amount: expected, vatAmount: expect.any(Number) }],
        vatBreakdown: { B: expect.objectContaining({ code: 'B', percent: 20, totalWithVat: expected }) },
        paymentBreakdown: [{ type: '1', amount: expected }],
      });
      const before = await refundsOf(saleId);
      // Asked twice, the quote is the same: it took nothing.
      const again = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, oneUnit);
      expect(again.body.data).toEqual(quote.body.data);
      expect(await refundsOf(saleId)).toEqual(before);

      const refund = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, oneUnit);
      expect(refund.status).toBe(200);
      expect(refund.body.data).toMatchObject({
        total: quote.body.data!.total,
        vatBreakdown: quote.body.data!.vatBreakdown,
        paymentBreakdown: quote.body.data!.paymentBreakdown,
      });
    }
    // Everything left, by default.
    const rest = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, {});
    expect(rest.body.data).toMatchObject({ total: 17.56, items: [{ index: 0, quantity: 1, amount: 17.56 }] });
  });

  it('gives back a line’s VAT exactly, unit by unit, as quoted and as its rows record it', async () => {
    // Code B: 52.71 + 10.00 contains 10.45 of VAT, 8.78 of it Tea's share and 1.67 Salt's. A unit
    // of Tea is 17.57, whose own VAT would be 2.93 three times (8.79): it gives back its share of 8.78.
    const sale = await ctx.terminal.call('POST', '/api/sales', {
      items: [
        { name: 'Tea', unitPrice: 17.57, quantity: 3, vatCode: 'B' },
        { name: 'Salt', unitPrice: 10, quantity: 1, vatCode: 'B' },
      ],
      payments: [{ type: '1', amount: 62.71 }],
      amountReceived: 62.71,
      change: 0,
      printReceipt: false,
    });
    const saleId = sale.body.data!.saleId as string;
    const saleVat = (sale.body.data!.vatBreakdown as Record<string, { vatAmount: number }>).B!.vatAmount;
    expect(saleVat).toBe(10.45);
    const sold = (await ctx.terminal.call('GET', `/api/sales/${saleId}`)).body.data as {
      items: { netAmount: number; vatAmount: number }[];
    };
    expect(sold.items.map((i) => [i.netAmount, i.vatAmount])).toEqual([
      [52.71, 8.78],
      [10, 1.67],
    ]);
    const rowsOf = (refundId: string) =>
      ctx.terminal.runtime.db
        .prepare('SELECT item_index, amount, vat_amount FROM refund_items WHERE refund_id = ?')
        .all(refundId) as { item_index: number; amount: number; vat_amount: number }[];
    const rows: ReturnType<typeof rowsOf> = [];
    const quotedVat: number[] = [];
    for (const body of [...[1, 2, 3].map(() => ({ items: [{ index: 0, quantity: 1 }] })), {}]) {
      const quote = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, body);
      const items = quote.body.data!.items as { index: number; amount: number; vatAmount: number }[];
      const refund = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, {
        ...body,
        printReceipt: false,
      });
      expect(refund.status).toBe(200);
      const data = refund.body.data as {
        refundId: string;
        vatBreakdown: Record<string, { vatAmount: number }>;
      };
      // The quote, the rows written and the refund's VAT per code say the same.
      const written = rowsOf(data.refundId);
      expect(written.map((r) => [r.item_index, r.amount / 100, r.vat_amount / 100])).toEqual(
        items.map((i) => [i.index, i.amount, i.vatAmount]),
      );
      expect(Math.round(data.vatBreakdown.B!.vatAmount * 100)).toBe(
        written.reduce((sum, r) => sum + r.vat_amount, 0),
      );
      quotedVat.push(...items.map((i) => i.vatAmount));
      rows.push(...written);
    }
    expect(quotedVat).toEqual([2.93, 2.92, 2.93, 1.67]);
    const back = (index: number, column: 'amount' | 'vat_amount') =>
      rows.filter((r) => r.item_index === index).reduce((sum, r) => sum + r[column], 0) / 100;
    expect([0, 1].map((index) => [back(index, 'amount'), back(index, 'vat_amount')])).toEqual(
      sold.items.map((i) => [i.netAmount, i.vatAmount]),
    );
    expect(rows.reduce((sum, r) => sum + r.vat_amount, 0) / 100).toBe(saleVat);
  });

  it('refuses what the refund would refuse, with the same codes', async () => {
    const saleId = await sell(threeUnits);
    const tooMany = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund/quote`, {
      items: [{ index: 0, quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items[0].quantity', code: 'REFUND_QUANTITY_INVALID' }),
    ]);
    const unknown = await ctx.terminal.call(
      'POST',
      '/api/sales/00000000-0000-4000-8000-000000000000/refund/quote',
      {},
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error!.code).toBe('SALE_NOT_FOUND');
  });
});

describe('the refund request', () => {
  it('refuses fields it does not know, naming them, and gives nothing back', async () => {
    const saleId = await sell(threeUnits);
    const res = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, {
      dryRun: true,
      items: [{ index: 0, quantity: 1, price: 1 }],
      printReceipt: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        expect.objectContaining({ field: 'items[0].price', code: 'UNKNOWN_FIELD' }),
        expect.objectContaining({ field: 'dryRun', code: 'UNKNOWN_FIELD' }),
      ],
    });
    expect(await refundsOf(saleId)).toEqual([]);
  });
});

describe('a payment refusal says the figure it expected', () => {
  it('PAYMENT_SUM_MISMATCH: the sum the payments must reach', async () => {
    const res = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(100),
      payments: [{ type: '1', amount: 90 }],
    });
    expect(res.body.error!.details).toEqual([
      expect.objectContaining({ field: 'payments', code: 'PAYMENT_SUM_MISMATCH', expected: 100 }),
    ]);
  });

  it('INSUFFICIENT_PAYMENT: the total', async () => {
    const res = await ctx.terminal.call('POST', '/api/sales', {
      ...threeUnits,
      payments: [{ type: '1', amount: 50 }],
      amountReceived: 50,
    });
    expect(res.body.error!.details).toEqual([
      expect.objectContaining({ field: 'amountReceived', code: 'INSUFFICIENT_PAYMENT', expected: 52.69 }),
    ]);
  });

  it('CHANGE_MISMATCH: the computed change', async () => {
    const res = await ctx.terminal.call('POST', '/api/sales', {
      ...threeUnits,
      payments: [{ type: '1', amount: 100 }],
      amountReceived: 100,
      change: 47,
    });
    expect(res.body.error!.details).toEqual([
      expect.objectContaining({ field: 'change', code: 'CHANGE_MISMATCH', expected: 47.31 }),
    ]);
  });

  it('a refund’s PAYMENT_SUM_MISMATCH: the refund total', async () => {
    const saleId = await sell(threeUnits);
    const res = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, {
      items: [{ index: 0, quantity: 1 }],
      payments: [{ type: '1', amount: 10 }],
      printReceipt: false,
    });
    expect(res.body.error!.details).toEqual([
      expect.objectContaining({ field: 'payments', code: 'PAYMENT_SUM_MISMATCH', expected: 17.56 }),
    ]);
  });
});
