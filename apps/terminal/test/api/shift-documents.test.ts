/**
 * The shift of every sale and fiscal operation (shiftId, shiftNumber), and the shiftId filter
 * of GET /api/sales and GET /api/fiscal/operations, over real HTTP: what an ERP needs to tie
 * the documents to the shifts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cashSale, type TerminalHandle, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();
const t = (): TerminalHandle => ctx.terminal;

const UNKNOWN_SHIFT = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

interface Shift {
  shiftId: string;
  shiftNumber: number;
}

/** Documents made in two shifts; the X and Z reports belong to the day, not to a shift. */
const made = {} as {
  shift1: Shift;
  shift2: Shift;
  sale1: Record<string, any>;
  sale2: Record<string, any>;
  cashInId: string;
};

async function ok(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await t().call(method, path, body, headers);
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.body.data!;
}

beforeAll(async () => {
  made.sale1 = await ok('POST', '/api/sales', cashSale(10));
  made.cashInId = (await ok('POST', '/api/cash/in', { amount: 5, printReceipt: false })).fiscalOperationId;
  await ok('POST', '/api/reports/x', { printReport: false });
  const closed = await ok('POST', '/api/shifts/close', { printReport: false });
  made.shift1 = { shiftId: closed.shiftId, shiftNumber: closed.shiftNumber };
  made.sale2 = await ok('POST', '/api/sales', cashSale(20), { 'Idempotency-Key': 'shift-documents-sale-2' });
  const current = (await ok('GET', '/api/shifts/current')).shift;
  made.shift2 = { shiftId: current.shiftId, shiftNumber: current.shiftNumber };
  await ok('POST', '/api/reports/z', { printReport: false });
});

describe('the shift of a sale', () => {
  it('is in the sale result, its replay, the sale detail and the list', async () => {
    expect(made.shift1.shiftNumber).toBe(1);
    expect(made.shift2).toMatchObject({ shiftNumber: 2 });
    expect(made.sale1).toMatchObject(made.shift1);
    expect(made.sale2).toMatchObject(made.shift2);

    const replay = await ok('POST', '/api/sales', cashSale(20), {
      'Idempotency-Key': 'shift-documents-sale-2',
    });
    expect(replay).toMatchObject({ saleId: made.sale2.saleId, ...made.shift2 });

    expect(await ok('GET', `/api/sales/${made.sale1.saleId}`)).toMatchObject(made.shift1);
    const list = await ok('GET', '/api/sales');
    expect(list.sales.map((s: Record<string, unknown>) => [s.id, s.shiftId, s.shiftNumber])).toEqual([
      [made.sale2.saleId, made.shift2.shiftId, 2],
      [made.sale1.saleId, made.shift1.shiftId, 1],
    ]);
  });

  it('GET /api/sales?shiftId= lists the sales of that shift only', async () => {
    const first = await ok('GET', `/api/sales?shiftId=${made.shift1.shiftId}`);
    expect(first).toMatchObject({ total: 1, sales: [{ id: made.sale1.saleId }] });
    // Any case: the id is a UUID, compared as the terminal writes them.
    const second = await ok('GET', `/api/sales?shiftId=${made.shift2.shiftId.toUpperCase()}&limit=1`);
    expect(second).toMatchObject({ total: 1, limit: 1, sales: [{ id: made.sale2.saleId }] });
  });
});

describe('the shift of a fiscal operation', () => {
  it('is set for sales and cash operations, null for X and Z reports', async () => {
    const { operations } = await ok('GET', '/api/fiscal/operations');
    const byType = (type: string) =>
      operations
        .filter((o: Record<string, unknown>) => o.operationType === type)
        .map((o: Record<string, unknown>) => ({ id: o.id, shiftId: o.shiftId, shiftNumber: o.shiftNumber }));
    expect(byType('receipt')).toEqual([
      { id: made.sale2.fiscalOperationId, ...made.shift2 },
      { id: made.sale1.fiscalOperationId, ...made.shift1 },
    ]);
    expect(byType('cash_in')).toEqual([{ id: made.cashInId, ...made.shift1 }]);
    for (const type of ['x_report', 'z_report'])
      expect(byType(type)).toEqual([{ id: expect.any(String), shiftId: null, shiftNumber: null }]);
  });

  it('GET /api/fiscal/operations?shiftId= lists that shift’s operations, with the other filters', async () => {
    const first = await ok('GET', `/api/fiscal/operations?shiftId=${made.shift1.shiftId}`);
    expect(first.total).toBe(2);
    expect(first.operations.map((o: Record<string, unknown>) => o.id)).toEqual([
      made.cashInId,
      made.sale1.fiscalOperationId,
    ]);
    const receipts = await ok('GET', `/api/fiscal/operations?shiftId=${made.shift1.shiftId}&type=receipt`);
    expect(receipts).toMatchObject({ total: 1, operations: [{ id: made.sale1.fiscalOperationId }] });
  });
});

describe('the shiftId filter', () => {
  it('matches nothing for a shift that does not exist', async () => {
    for (const path of ['/api/sales', '/api/fiscal/operations']) {
      const page = await ok('GET', `${path}?shiftId=${UNKNOWN_SHIFT}`);
      expect(page.total, path).toBe(0);
    }
  });

  it('refuses a shiftId that is not a UUID with SHIFT_ID_INVALID, with the other bad parameters', async () => {
    for (const path of ['/api/sales', '/api/fiscal/operations']) {
      const res = await t().call('GET', `${path}?shiftId=1&limit=0`);
      expect(res.status, path).toBe(400);
      expect(res.body.error!.code).toBe('VALIDATION_ERROR');
      expect(res.body.error!.details!.map((d) => [d.field, d.code]).sort()).toEqual([
        ['limit', 'LIMIT_INVALID'],
        ['shiftId', 'SHIFT_ID_INVALID'],
      ]);
    }
  });
});
