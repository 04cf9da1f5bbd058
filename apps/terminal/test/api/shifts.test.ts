import { setFaultMode } from '@fiscal-pos/mev-sim';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import {
  cashSale,
  removeDir,
  startTerminal,
  useFiscalTerminal,
  type StartTerminalOptions,
  type TerminalHandle,
} from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();
const t = (): TerminalHandle => ctx.terminal;
const today = () => new Date().toISOString().slice(0, 10);

const journal = (terminal: TerminalHandle): string => {
  try {
    return readFileSync((terminal.printer as VirtualPrinter).journalFile, 'utf8');
  } catch {
    return '';
  }
};

const shiftRows = (terminal: TerminalHandle) =>
  terminal.runtime.db.prepare('SELECT * FROM shifts ORDER BY number').all() as { closed_at: string | null }[];

const shiftIds: Record<number, string> = {};

describe('a shift the first document opens, its totals and its close', () => {
  it('has no shift before the first document, and an empty drawer', async () => {
    const current = await t().call('GET', '/api/shifts/current');
    expect(current.status).toBe(200);
    expect(current.body.data).toEqual({ shift: null, cashBalance: 0 });
    expect((await t().call('GET', '/api/shifts')).body.data).toEqual({
      shifts: [],
      total: 0,
      limit: 50,
      offset: 0,
    });
  });

  it('opens shift 1 with the first cash operation and counts every document recorded in it', async () => {
    const cashIn = await t().call('POST', '/api/cash/in', {
      amount: 100,
      reason: 'float',
      printReceipt: false,
    });
    expect(cashIn.status).toBe(200);
    const opened = (await t().call('GET', '/api/shifts/current')).body.data!.shift;
    expect(opened).toMatchObject({
      shiftNumber: 1,
      status: 'open',
      openedBy: 'first_operation',
      cashierId: null,
      openingCashBalance: 0,
      openingCashDeclared: null,
      cashIn: 100,
    });
    shiftIds[1] = opened.shiftId;

    // 30.00 paid with 50.00 cash: 20.00 change.
    await t().call('POST', '/api/sales', {
      ...cashSale(30),
      payments: [{ type: '1', amount: 50 }],
      amountReceived: 50,
      change: 20,
    });
    await t().call('POST', '/api/sales', {
      ...cashSale(40),
      payments: [{ type: '2', amount: 40, rrn: 'R1' }],
    });
    await t().call('POST', '/api/sales', {
      ...cashSale(25),
      payments: [
        { type: '1', amount: 10 },
        { type: '2', amount: 15, rrn: 'R2' },
      ],
    });
    await t().call('POST', '/api/cash/out', { amount: 15.5, printReceipt: false });
    // A sale the fiscal server refuses is not a document of the shift.
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'fault' });
    try {
      expect((await t().call('POST', '/api/sales', cashSale(7))).status).toBe(502);
    } finally {
      await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    }

    const shift = (await t().call('GET', '/api/shifts/current')).body.data!.shift;
    expect(shift).toMatchObject({
      shiftId: shiftIds[1],
      reportNumbers: [1],
      receiptsCount: 3,
      salesTotal: 95,
      returnsTotal: 0,
      paymentTotals: { '1': 40, '2': 55 },
      paymentCounts: { '1': 2, '2': 2 },
      changeGiven: 20,
      cashIn: 100,
      cashOut: 15.5,
      cashInCount: 1,
      cashOutCount: 1,
      expectedCash: 124.5,
      countedCash: null,
      cashDifference: null,
      closedAt: null,
    });
    // VAT is rounded per receipt: 5.00 + 6.67 + 4.17.
    expect(shift.vatBreakdown.B).toMatchObject({ gross: 95, vatAmount: 15.84 });
    // The shift and the fiscal day started together, so they count the same documents.
    const day = (await t().call('GET', '/api/fiscal/daily-summary')).body.data!;
    expect(shift.salesTotal).toBe(day.totalSales);
    expect(shift.paymentTotals).toEqual(day.paymentTotals);
    expect(shift.vatBreakdown).toEqual(day.vatBreakdown);
    expect(shift.expectedCash).toBe(day.cashBalance);
  });

  it('closes the shift without a Z report: totals, counted cash and the printed shift report', async () => {
    const before = (await t().call('GET', '/api/health')).body.data!;
    const closed = await t().call('POST', '/api/shifts/close', { countedCash: 120 });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      shiftId: shiftIds[1],
      status: 'closed',
      closedAt: expect.any(String),
      receiptsCount: 3,
      expectedCash: 124.5,
      countedCash: 120,
      cashDifference: -4.5,
    });
    // No Z report: the day, its report number and its receipt numbering go on.
    const zReports = await t().call('GET', '/api/fiscal/operations?type=z_report');
    expect(zReports.body.data!.total).toBe(0);
    const after = (await t().call('GET', '/api/health')).body.data!;
    expect(after).toMatchObject({
      reportNumber: before.reportNumber,
      lastReceiptNumber: before.lastReceiptNumber,
    });

    await t().paperOut();
    const report = journal(t()).split('RAPORT DE TURA')[1]!;
    expect(report).toMatch(/TURA NR\.\s+1\n/);
    expect(report).toMatch(/NUMERAR ASTEPTAT\s+124\.50/);
    expect(report).toMatch(/NUMERAR NUMARAT\s+120\.00/);
    expect(report).toMatch(/DIFERENTA\s+-4\.50/);
    expect(report).toMatch(/REST ACORDAT\s+20\.00/);
  });

  it('refuses to close when no shift is open, and tells the drawer balance', async () => {
    const again = await t().call('POST', '/api/shifts/close', {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'SHIFT_NOT_OPEN',
      message: expect.stringContaining('No shift'),
    });
    expect((await t().call('GET', '/api/shifts/current')).body.data).toEqual({
      shift: null,
      cashBalance: 124.5,
    });
  });

  it('opens shift 2 with the next sale; the closed shift keeps its frozen totals', async () => {
    const sale = await t().call('POST', '/api/sales', cashSale(10));
    expect(sale.status).toBe(200);
    const shift2 = (await t().call('GET', '/api/shifts/current')).body.data!.shift;
    expect(shift2).toMatchObject({
      shiftNumber: 2,
      openedBy: 'first_operation',
      openingCashBalance: 124.5,
      receiptsCount: 1,
      expectedCash: 134.5,
    });
    shiftIds[2] = shift2.shiftId;
    const shift1 = await t().call('GET', `/api/shifts/${shiftIds[1]}`);
    expect(shift1.body.data).toMatchObject({ status: 'closed', receiptsCount: 3, expectedCash: 124.5 });
  });

  it('refuses a second open shift with SHIFT_ALREADY_OPEN and writes nothing', async () => {
    const rows = shiftRows(t()).length;
    const res = await t().call('POST', '/api/shifts/open', { cashierName: 'Ion' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'SHIFT_ALREADY_OPEN',
      message: expect.stringContaining('Shift 2 is already open'),
    });
    expect(shiftRows(t())).toHaveLength(rows);
  });

  it('closes without printing when printReport is false', async () => {
    const before = journal(t());
    const res = await t().call('POST', '/api/shifts/close', { printReport: false });
    expect(res.body.data).toMatchObject({ shiftNumber: 2, status: 'closed', countedCash: null });
    await t().paperOut();
    expect(journal(t())).toBe(before);
  });
});

describe('a shift opened on request', () => {
  it('records the cashier and the counted opening cash beside the drawer balance', async () => {
    const res = await t().call('POST', '/api/shifts/open', {
      cashierId: 'c-42',
      cashierName: 'Ana Popescu',
      openingCash: 130,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      shiftNumber: 3,
      status: 'open',
      openedBy: 'request',
      cashierId: 'c-42',
      cashierName: 'Ana Popescu',
      openingCashBalance: 134.5,
      openingCashDeclared: 130,
      openingCashDifference: -4.5,
      receiptsCount: 0,
      reportNumbers: [],
      // The declared amount is recorded, not put in the drawer.
      expectedCash: 134.5,
    });
    shiftIds[3] = res.body.data!.shiftId;
  });

  it('gives its sales the shift’s cashier', async () => {
    const sale = (await t().call('POST', '/api/sales', cashSale(5))).body.data!;
    const summary = (await t().call('GET', '/api/sales?limit=1')).body.data!.sales[0];
    expect(summary).toMatchObject({ id: sale.saleId, cashierId: 'c-42', cashierName: 'Ana Popescu' });
    const detail = (await t().call('GET', `/api/sales/${sale.saleId}`)).body.data!;
    expect(detail).toMatchObject({ cashierId: 'c-42', cashierName: 'Ana Popescu' });
  });

  it('outlives a Z report: the shift spans fiscal days', async () => {
    expect((await t().call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    expect((await t().call('POST', '/api/sales', cashSale(6))).status).toBe(200);
    const shift = (await t().call('GET', '/api/shifts/current')).body.data!.shift;
    expect(shift).toMatchObject({
      shiftId: shiftIds[3],
      reportNumbers: [1, 2],
      receiptsCount: 2,
      salesTotal: 11,
    });
  });

  it('validates the open and close bodies, every field at once, writing nothing', async () => {
    const rows = shiftRows(t()).length;
    const open = await t().call('POST', '/api/shifts/open', {
      cashierId: '',
      cashierName: 'n'.repeat(61),
      openingCash: -1,
    });
    expect(open.status).toBe(400);
    expect(open.body.error!.details!.map((d) => `${d.field}:${d.code}`)).toEqual([
      'cashierId:CASHIER_ID_INVALID',
      'cashierName:CASHIER_NAME_INVALID',
      'openingCash:OPENING_CASH_INVALID',
    ]);
    const close = await t().call('POST', '/api/shifts/close', { countedCash: '10' });
    expect(close.body.error!.details).toEqual([
      expect.objectContaining({ field: 'countedCash', code: 'COUNTED_CASH_INVALID' }),
    ]);
    expect(shiftRows(t())).toHaveLength(rows);
    expect(shiftRows(t()).at(-1)!.closed_at).toBeNull();
  });
});

describe('shift queries', () => {
  it('lists shifts newest first with paging and a date filter on the opening day', async () => {
    const all = (await t().call('GET', '/api/shifts')).body.data!;
    expect(all).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(all.shifts.map((s: { shiftNumber: number }) => s.shiftNumber)).toEqual([3, 2, 1]);
    const page = (await t().call('GET', '/api/shifts?limit=1&offset=1')).body.data!;
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.shifts.map((s: { shiftId: string }) => s.shiftId)).toEqual([shiftIds[2]]);
    expect(
      (await t().call('GET', `/api/shifts?dateFrom=${today()}&dateTo=${today()}`)).body.data!.total,
    ).toBe(3);
    expect((await t().call('GET', '/api/shifts?dateTo=2000-01-01')).body.data!.total).toBe(0);
    const bad = await t().call('GET', '/api/shifts?limit=0&dateFrom=2024-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details!.map((d) => d.code).sort()).toEqual([
      'DATE_RANGE_INVALID',
      'LIMIT_INVALID',
    ]);
  });

  it('answers one shift by id, and SHIFT_NOT_FOUND for an unknown one', async () => {
    const one = await t().call('GET', `/api/shifts/${shiftIds[2]}`);
    expect(one.body.data).toMatchObject({ shiftNumber: 2, status: 'closed' });
    // UUIDs in any case, as the shiftId filter of the lists takes them.
    const upper = await t().call('GET', `/api/shifts/${shiftIds[2]!.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body.data).toMatchObject({ shiftId: shiftIds[2], shiftNumber: 2 });
    const unknown = await t().call('GET', '/api/shifts/7d0c5f1e-3c4b-4a8e-9a55-1f2e3d4c5b6a');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, data: null, error: { code: 'SHIFT_NOT_FOUND' } });
  });
});

describe('idempotent shift requests and restarts', () => {
  it('replays a close and an open under their keys; another payload is a mismatch', async () => {
    const key = { 'Idempotency-Key': 'close-shift-3' };
    const closed = await t().call(
      'POST',
      '/api/shifts/close',
      { countedCash: 145.5, printReport: false },
      key,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ shiftNumber: 3, cashDifference: 0 });
    const replay = await t().call(
      'POST',
      '/api/shifts/close',
      { printReport: false, countedCash: 145.5 },
      key,
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replay.body.data).toEqual(closed.body.data);
    const other = await t().call('POST', '/api/shifts/close', { countedCash: 1 }, key);
    expect(other.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');

    const openKey = { 'Idempotency-Key': 'open-shift-4' };
    const opened = await t().call('POST', '/api/shifts/open', { cashierName: 'Ion' }, openKey);
    const again = await t().call('POST', '/api/shifts/open', { cashierName: 'Ion' }, openKey);
    expect(again.headers.get('x-idempotency-replayed')).toBe('true');
    expect(again.body.data).toEqual(opened.body.data);
    expect(shiftRows(t())).toHaveLength(4);
    shiftIds[4] = opened.body.data!.shiftId;
  });

  it('answers a close retried after a crash with the shift the first attempt closed', async () => {
    await t().call('POST', '/api/sales', cashSale(2));
    const key = { 'Idempotency-Key': 'close-crash' };
    const first = await t().call('POST', '/api/shifts/close', { printReport: false }, key);
    expect(first.status).toBe(200);
    // A crash after the durable close, before the answer was stored.
    t()
      .runtime.db.prepare(
        `UPDATE idempotency_keys SET state = 'processing', status_code = NULL, response_body = NULL WHERE key = ?`,
      )
      .run('close-crash');
    const retry = await t().call('POST', '/api/shifts/close', { printReport: false }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('x-idempotency-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
  });

  it('keeps shifts, their numbers and frozen totals across a restart', async () => {
    const before = (await t().call('GET', '/api/shifts')).body.data!;
    await t().call('POST', '/api/shifts/open', { cashierId: 'c-1' });
    await ctx.restart();
    const after = (await t().call('GET', '/api/shifts?offset=1')).body.data!;
    expect(after.shifts).toEqual(before.shifts);
    const current = (await t().call('GET', '/api/shifts/current')).body.data!.shift;
    expect(current).toMatchObject({ shiftNumber: 5, cashierId: 'c-1', status: 'open' });
    expect((await t().call('POST', '/api/shifts/open', {})).body.error!.code).toBe('SHIFT_ALREADY_OPEN');
    const replay = await t().call(
      'POST',
      '/api/shifts/open',
      { cashierName: 'Ion' },
      { 'Idempotency-Key': 'open-shift-4' },
    );
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replay.body.data!.shiftId).toBe(shiftIds[4]);
  });
});

/** A second terminal on the file's simulator, stopped and removed after `test`. */
async function withTerminal(
  o: Omit<StartTerminalOptions, 'sim'>,
  test: (terminal: TerminalHandle) => Promise<void>,
): Promise<void> {
  const terminal = await startTerminal({ ...o, sim: ctx.sim });
  try {
    await test(terminal);
  } finally {
    await terminal.stop();
    removeDir(terminal.dataDir);
  }
}

describe('shifts and the fiscal lock', () => {
  it('closes only after the sale being recorded has its fiscal server answer, and counts it', async () => {
    await withTerminal({}, async (terminal) => {
      await terminal.call('POST', '/api/shifts/open', {});
      await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'slow', delayMs: 400 });
      try {
        const sale = terminal.call('POST', '/api/sales', cashSale(12));
        // The sale's document is written (under the lock) before it goes to the fiscal server.
        const db = terminal.runtime.db;
        while ((db.prepare('SELECT COUNT(*) AS n FROM fiscal_operations').get() as { n: number }).n === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const closed = await terminal.call('POST', '/api/shifts/close', { printReport: false });
        const statusAtClose = (db.prepare('SELECT status FROM fiscal_operations').get() as { status: string })
          .status;
        expect((await sale).status).toBe(200);
        expect(statusAtClose).toBe('success');
        expect(closed.body.data).toMatchObject({ receiptsCount: 1, salesTotal: 12 });
      } finally {
        await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
      }
    });
  });

  it('opens and closes on a terminal that is not fiscalized: a shift is not a fiscal document', async () => {
    await withTerminal({ fiscalization: 'not_fiscal' }, async (terminal) => {
      expect((await terminal.call('POST', '/api/shifts/open', { cashierId: 'x' })).status).toBe(200);
      const closed = await terminal.call('POST', '/api/shifts/close', { printReport: false });
      expect(closed.body.data).toMatchObject({ shiftNumber: 1, receiptsCount: 0, expectedCash: 0 });
    });
  });
});
