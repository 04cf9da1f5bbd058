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
