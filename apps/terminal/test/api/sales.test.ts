import { listRegistrations } from '@fiscal-pos/mev-sim';
import { describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

const mixedCart = {
  items: [
    { id: 'SKU-1', name: 'Bread', unitPrice: 12.5, quantity: 2, vatCode: 'A' },
    { name: 'Milk', unitPrice: 20, quantity: 1, vatCode: 'B', discountPercent: 10 },
    { name: 'Cheese', unitPrice: 99.99, quantity: 0.375, vatCode: 'B', allowDecimals: true },
  ],
  payments: [
    { type: '1', amount: 51 },
    { type: '2', amount: 30, rrn: '123456789012' },
  ],
  amountReceived: 81,
  change: 0.5,
  printReceipt: false,
};

describe('POST /api/sales', () => {
  it('computes totals and VAT exactly and registers the receipt with the fiscal server', async () => {
    const res = await ctx.terminal.call('POST', '/api/sales', mixedCart);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const sale = res.body.data!;
    // Bread 25.00 (A); Milk 20.00 - 10 % = 18.00 (B); Cheese round(99.99 x 0.375 = 37.49625) = 37.50 (B)
    expect(sale.subtotal).toBe(80.5);
    expect(sale.total).toBe(80.5);
    expect(sale.change).toBe(0.5);
    expect(sale.amountReceived).toBe(81);
    // A: 25.00 x 8/108 = 1.85; B per item: 18.00 x 20/120 = 3.00 and 37.50 x 20/120 = 6.25
    expect(sale.vatBreakdown).toEqual({
      A: { code: 'A', percent: 8, vatAmount: 1.85, taxableBase: 23.15, totalWithVat: 25 },
      B: { code: 'B', percent: 20, vatAmount: 9.25, taxableBase: 46.25, totalWithVat: 55.5 },
    });
    expect(sale.paymentBreakdown).toEqual([
      { type: '1', amount: 51 },
      { type: '2', amount: 30 },
    ]);
    expect(sale.isOffline).toBe(false);
    expect(sale.mevId).toEqual(expect.any(String));
    expect(sale.fiscalCode).toEqual(expect.any(String));
    expect(sale.offlineFiscalCode).toBeNull();
    expect(sale.mevResponseXml).toContain(sale.mevId);
    expect(sale.qrCodeData).toBe(
      `https://mev.sfs.md/receipt-verifier/${ctx.terminal.registrationNumber}/80.50/${sale.receiptNumber}/${sale.createdAt.slice(0, 10)}`,
    );
    expect(sale.receiptDelivery).toBeNull();

    const registered = await listRegistrations(ctx.sim.adminUrl, ctx.sim.caCertPem, {
      registrationNumber: ctx.terminal.registrationNumber,
    });
    const mine = registered.filter((r) => r.operationId === sale.fiscalOperationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.mevId).toBe(sale.mevId);
    // MEV is told what the shop kept: 51.00 cash less 0.50 change.
    expect(mine[0]!.payments).toEqual([
      { code: '1', amount: 5050 },
      { code: '2', amount: 3000 },
    ]);
  });

  it('computes VAT per rate on the receipt: 7 lines of 0.10 at 20 % carry 0.12, like one line of 7', async () => {
    const split = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(0.7),
      items: Array.from({ length: 7 }, () => ({ name: 'Nail', unitPrice: 0.1, quantity: 1, vatCode: 'B' })),
    });
    const single = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(0.7),
      items: [{ name: 'Nail', unitPrice: 0.1, quantity: 7, vatCode: 'B' }],
    });
    const expected = { B: { code: 'B', percent: 20, vatAmount: 0.12, taxableBase: 0.58, totalWithVat: 0.7 } };
    expect(split.body.data!.vatBreakdown).toEqual(expected);
    expect(single.body.data!.vatBreakdown).toEqual(expected);
    const detail = await ctx.terminal.call('GET', `/api/sales/${split.body.data!.saleId}`);
    expect(detail.body.data!.items.map((line: { vatAmount: number }) => line.vatAmount)).toEqual([
      0.02, 0.02, 0.02, 0.02, 0.02, 0.01, 0.01,
    ]);
  });

  it('shows the sale in the detail and the list', async () => {
    const created = (await ctx.terminal.call('POST', '/api/sales', mixedCart)).body.data!;
    const detail = await ctx.terminal.call('GET', `/api/sales/${created.saleId}`);
    expect(detail.status).toBe(200);
    const d = detail.body.data!;
    expect(d.items).toHaveLength(3);
    expect(d.items[2]).toMatchObject({
      productName: 'Cheese',
      quantity: 0.375,
      unitPrice: 99.99,
      originalPrice: 37.5,
      netAmount: 37.5,
      vatCode: 'B',
      vatPercent: 20,
      vatAmount: 6.25,
    });
    expect(d.items[1]).toMatchObject({ originalPrice: 20, discountAmount: 2, netAmount: 18 });
    expect(d.payments).toEqual([
      { paymentType: '1', amount: 51, rrn: null, notes: null, card: null },
      // Charged elsewhere: the terminal only issues the receipt.
      { paymentType: '2', amount: 30, rrn: '123456789012', notes: null, card: null },
    ]);
    expect(d.fiscalOperation).toMatchObject({
      mevId: created.mevId,
      receiptNumber: created.receiptNumber,
      reportNumber: created.reportNumber,
      status: 'success',
      isOffline: false,
    });

    const list = await ctx.terminal.call('GET', '/api/sales?limit=1&offset=0');
    expect(list.body.data!.sales).toHaveLength(1);
    expect(list.body.data!.sales[0]).toMatchObject({
      id: created.saleId,
      total: 80.5,
      status: 'success',
      paymentType: 'cash',
    });
    expect(list.body.data!.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data).toMatchObject({ limit: 1, offset: 0 });
  });

  it('filters the list by date and rejects bad query values together', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const none = await ctx.terminal.call('GET', '/api/sales?dateFrom=2001-01-01&dateTo=2001-01-02');
    expect(none.body.data).toMatchObject({ sales: [], total: 0 });
    const some = await ctx.terminal.call('GET', `/api/sales?dateFrom=${today}&dateTo=${today}`);
    expect(some.body.data!.total).toBeGreaterThan(0);
    const bad = await ctx.terminal.call('GET', '/api/sales?dateFrom=2024-02-30&limit=0&offset=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error!.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error!.details!.map((d) => d.field).sort()).toEqual(['dateFrom', 'limit', 'offset']);
  });

  it('answers SALE_NOT_FOUND for an unknown sale', async () => {
    const res = await ctx.terminal.call('GET', '/api/sales/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: 'SALE_NOT_FOUND' } });
    expect(res.body.error).not.toHaveProperty('details');
  });

  it('finds a sale by its UUID in any case, as the shiftId filter and the lot paths do', async () => {
    // A UUID is case-insensitive (RFC 9562); an ERP on SQL Server reads uniqueidentifier back in upper case.
    const sale = (await ctx.terminal.call('POST', '/api/sales', cashSale(30))).body.data!;
    const upper = String(sale.saleId).toUpperCase();
    const detail = await ctx.terminal.call('GET', `/api/sales/${upper}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: sale.saleId });
    const quote = await ctx.terminal.call('POST', `/api/sales/${upper}/refund/quote`, {});
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ saleId: sale.saleId, total: 30 });
    const refund = await ctx.terminal.call('POST', `/api/sales/${upper}/refund`, {
      items: [{ index: 0, quantity: 1 }],
      printReceipt: false,
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({ saleId: sale.saleId, total: 30 });
    const copy = await ctx.terminal.call('POST', `/api/sales/${upper}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ saleId: sale.saleId, copyNumber: 1 });
    // The copy counted under the sale's own id: the limit holds whatever the case.
    const second = await ctx.terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`);
    expect(second.body.error).toMatchObject({ code: 'DUPLICATE_LIMIT_REACHED' });
  });

  it('reports every failing field together with the spec codes and writes nothing', async () => {
    const before = (await ctx.terminal.call('GET', '/api/fiscal/operations')).body.data!.total;
    const res = await ctx.terminal.call('POST', '/api/sales', {
      items: [{ name: '', unitPrice: 1.234, quantity: 0, vatCode: 'Z' }],
      payments: [{ type: '4', amount: -1, rrn: '1234567890123' }],
      amountReceived: -5,
      change: -1,
      delivery: {
        customerPhone: '0691234',
        customerEmail: 'nope',
        customerName: 'x'.repeat(61),
        language: 'de',
      },
    });
    expect(res.status).toBe(400);
    const codes = res.body.error!.details!.map((d) => `${d.field}:${d.code}`).sort();
    expect(codes).toEqual(
      [
        'items[0].name:ITEM_NAME_INVALID',
        'items[0].unitPrice:ITEM_PRICE_INVALID',
        'items[0].quantity:ITEM_QUANTITY_INVALID',
        'items[0].vatCode:ITEM_VAT_CODE_INVALID',
        'payments[0].type:PAYMENT_TYPE_INVALID',
        'payments[0].amount:PAYMENT_AMOUNT_INVALID',
        'payments[0].rrn:PAYMENT_RRN_INVALID',
        'amountReceived:AMOUNT_RECEIVED_INVALID',
        'change:CHANGE_INVALID',
        'delivery.customerPhone:PHONE_FORMAT_INVALID',
        'delivery.customerEmail:EMAIL_FORMAT_INVALID',
        'delivery.customerName:CUSTOMER_NAME_INVALID',
        'delivery.language:LANGUAGE_INVALID',
      ].sort(),
    );
    expect((await ctx.terminal.call('GET', '/api/fiscal/operations')).body.data!.total).toBe(before);
  });

  it('refuses control characters in an item name: they would reach the printer as commands', async () => {
    const forged = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      items: [{ name: 'Bread\n\u001b@TOTAL 0.01', unitPrice: 10, quantity: 1, vatCode: 'B' }],
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items[0].name', code: 'ITEM_NAME_INVALID' }),
    ]);
  });

  it('checks payments against the computed total', async () => {
    const short = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(100),
      payments: [{ type: '1', amount: 90 }],
      amountReceived: 90,
    });
    expect(short.body.error!.details!.map((d) => d.code)).toContain('INSUFFICIENT_PAYMENT');
    const mismatch = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(100),
      amountReceived: 120,
      change: 20,
    });
    expect(mismatch.body.error!.details!.map((d) => d.code)).toContain('PAYMENT_SUM_MISMATCH');
    const wrongChange = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(100),
      payments: [{ type: '1', amount: 120 }],
      amountReceived: 120,
      change: 10,
    });
    expect(wrongChange.body.error!.details).toEqual([
      expect.objectContaining({ field: 'change', code: 'CHANGE_MISMATCH' }),
    ]);
    const cardChange = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(100),
      payments: [{ type: '2', amount: 120, rrn: '1' }],
      amountReceived: 120,
      change: 20,
    });
    expect(cardChange.body.error!.details!.map((d) => d.code)).toContain('NON_CASH_CHANGE_NOT_ALLOWED');
    // Change comes only from cash: 0.01 of cash cannot hand back 90.01.
    const changeFromCard = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      payments: [
        { type: '2', amount: 100, rrn: '1' },
        { type: '1', amount: 0.01 },
      ],
      amountReceived: 100.01,
      change: 90.01,
    });
    expect(changeFromCard.status).toBe(400);
    expect(changeFromCard.body.error!.details).toEqual([
      expect.objectContaining({ field: 'payments', code: 'NON_CASH_CHANGE_NOT_ALLOWED' }),
    ]);
  });

  it('signals requested receipt delivery', async () => {
    const res = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      delivery: { customerEmail: 'client@example.md', language: 'en' },
    });
    expect(res.body.data!.receiptDelivery).toEqual({ smsSent: false, emailSent: true });
  });

  it('numbers receipts without gaps or duplicates under concurrent requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => ctx.terminal.call('POST', '/api/sales', cashSale(5))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.data!.receiptNumber as number).sort((a, b) => a - b);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1);
    const ops = (await ctx.terminal.call('GET', '/api/fiscal/operations?limit=500')).body.data!
      .operations as {
      receiptNumber: number;
    }[];
    const all = ops.map((o) => o.receiptNumber).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});
