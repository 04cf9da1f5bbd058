import { describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

describe('cash operations', () => {
  it('keeps the drawer balance: cash-in - cash-out + cash paid - change', async () => {
    const cashIn = await ctx.terminal.call('POST', '/api/cash/in', {
      amount: 100,
      reason: 'float',
      printReceipt: false,
    });
    expect(cashIn.status).toBe(200);
    expect(cashIn.body.data).toMatchObject({
      operationType: 'cashIn',
      amount: 100,
      newBalance: 100,
      isOffline: false,
      receiptNumber: 1,
      reportNumber: 1,
    });
    expect(cashIn.body.data!.mevId).toEqual(expect.any(String));
    expect(cashIn.body.data!.fiscalOperationId).not.toBe(cashIn.body.data!.operationId);

    // 30.00 sale paid with 50.00 cash: 20.00 change leaves 30.00 in the drawer.
    await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(30),
      payments: [{ type: '1', amount: 50 }],
      amountReceived: 50,
      change: 20,
    });
    // A card payment does not touch the drawer.
    await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(40),
      payments: [{ type: '2', amount: 40, rrn: 'R1' }],
    });

    const out = await ctx.terminal.call('POST', '/api/cash/out', { amount: 129.99, printReceipt: false });
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({
      operationType: 'cashOut',
      amount: 129.99,
      newBalance: 0.01,
      receiptNumber: 4,
    });
  });

  it('refuses a withdrawal above the balance, naming both amounts, and writes nothing', async () => {
    const before = (await ctx.terminal.call('GET', '/api/fiscal/operations')).body.data!.total;
    const res = await ctx.terminal.call('POST', '/api/cash/out', { amount: 500 });
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('INSUFFICIENT_CASH_BALANCE');
    expect(res.body.error!.message).toContain('0.01');
    expect(res.body.error!.message).toContain('500.00');
    expect((await ctx.terminal.call('GET', '/api/fiscal/operations')).body.data!.total).toBe(before);
  });

  it('validates amount and reason', async () => {
    const res = await ctx.terminal.call('POST', '/api/cash/in', { amount: 0.001, reason: 'r'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error!.details!.map((d) => `${d.field}:${d.code}`).sort()).toEqual([
      'amount:AMOUNT_INVALID',
      'reason:REASON_TOO_LONG',
    ]);
    const missing = await ctx.terminal.call('POST', '/api/cash/in', {});
    expect(missing.body.error!.details).toEqual([
      expect.objectContaining({ field: 'amount', code: 'AMOUNT_INVALID' }),
    ]);
  });

  it('lists cash operations among fiscal operations with filters', async () => {
    const res = await ctx.terminal.call('GET', '/api/fiscal/operations?type=cash_in&status=success');
    expect(res.status).toBe(200);
    const ops = res.body.data!.operations as Record<string, unknown>[];
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      operationType: 'cash_in',
      status: 'success',
      totalAmount: 100,
      paymentsBreakdown: { '1': 100 },
    });
    const bad = await ctx.terminal.call('GET', '/api/fiscal/operations?type=sale&status=done');
    expect(bad.body.error!.details!.map((d) => d.code).sort()).toEqual(['STATUS_INVALID', 'TYPE_INVALID']);
  });
});
