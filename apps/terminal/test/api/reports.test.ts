import { describe, expect, it } from 'vitest';
import { listRegistrations } from '@fiscal-pos/mev-sim';
import { cashSale, TestClock, useFiscalTerminal } from '../support/terminal-harness.js';

const clock = new TestClock(new Date('2026-03-10T08:00:00.000Z'));

const ctx = useFiscalTerminal({ clock });

describe('X, Z and periodic reports', () => {
  it('aggregates the open day in the X report without resetting anything', async () => {
    await ctx.terminal.call('POST', '/api/cash/in', { amount: 50, printReceipt: false });
    await ctx.terminal.call('POST', '/api/sales', cashSale(120));
    await ctx.terminal.call('POST', '/api/sales', {
      items: [
        { name: 'Tea', unitPrice: 10.8, quantity: 1, vatCode: 'A' },
        { name: 'Stamp', unitPrice: 5, quantity: 2, vatCode: '_' },
      ],
      payments: [{ type: '2', amount: 20.8, rrn: 'RRN1' }],
      amountReceived: 20.8,
      change: 0,
      printReceipt: false,
    });
    await ctx.terminal.call('POST', '/api/cash/out', { amount: 20, printReceipt: false });

    const x = await ctx.terminal.call('POST', '/api/reports/x', { printReport: false });
    expect(x.status).toBe(200);
    expect(x.body.data).toMatchObject({ reportNumber: 1, isOffline: false, mevId: expect.any(String) });
    expect(x.body.data!.reportData).toMatchObject({
      reportNumber: 1,
      dailyTotal: 140.8,
      dailyTax: 20.8, // 120 x 20/120 = 20.00 and 10.80 x 8/108 = 0.80
      dailyUntaxed: 120,
      receiptsIssued: 2,
      lastReceiptNumber: 4,
      receiptsSentToMev: 2,
      paymentTotals: { '1': 120, '2': 20.8 },
      paymentCounts: { '1': 1, '2': 1 },
      cashIn: 50,
      cashOut: 20,
      cashBalance: 150,
      cashInCount: 1,
      cashOutCount: 1,
      totalSales: 140.8,
      totalReturns: 0,
      returnsCount: 0,
      yearTotal: null,
      yearTax: null,
    });
    expect(x.body.data!.reportData.vatBreakdown._).toMatchObject({
      percent: 0,
      vatAmount: 0,
      taxableBase: 10,
      gross: 10,
    });

    const summary = await ctx.terminal.call('GET', '/api/fiscal/daily-summary');
    expect(summary.body.data).toMatchObject({ reportNumber: 1, dailyTotal: 140.8, lastReceiptNumber: 4 });
    const next = await ctx.terminal.call('POST', '/api/sales', cashSale(1));
    expect(next.body.data).toMatchObject({ receiptNumber: 5, reportNumber: 1 });
  });

  it('closes the day with the Z report: new report number, receipts from 1, drawer carried over', async () => {
    const z = await ctx.terminal.call('POST', '/api/reports/z', { printReport: false });
    expect(z.status).toBe(200);
    expect(z.body.data).toMatchObject({ reportNumber: 1, isOffline: false });
    expect(z.body.data!.reportData).toMatchObject({ dailyTotal: 141.8, yearTotal: 141.8, yearTax: 20.97 });

    const sale = await ctx.terminal.call('POST', '/api/sales', cashSale(10));
    expect(sale.body.data).toMatchObject({ receiptNumber: 1, reportNumber: 2 });
    const out = await ctx.terminal.call('POST', '/api/cash/out', { amount: 161, printReceipt: false });
    expect(out.body.data).toMatchObject({ newBalance: 0, receiptNumber: 2 });

    const registered = await listRegistrations(ctx.sim.adminUrl, ctx.sim.caCertPem, {
      registrationNumber: ctx.terminal.registrationNumber,
    });
    expect(registered.map((r) => r.type)).toContain('z_report');
  });

  it('sums closed days in the periodic report, by report range and by date range', async () => {
    clock.advance(60 * 60 * 1000);
    await ctx.terminal.call('POST', '/api/reports/z', { printReport: false });
    const byNumber = await ctx.terminal.call('POST', '/api/reports/periodic', {
      reportFrom: 1,
      detailed: true,
      printReport: false,
    });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data).toMatchObject({
      filterMode: 'reportRange',
      reportFrom: 1,
      reportTo: 2,
      zReportsCount: 2,
      xReportsCount: 1,
      firstZReportNumber: 1,
      lastZReportNumber: 2,
      totalSales: 151.8,
      receiptsCount: 4,
      cashIn: 50,
      cashOut: 181,
      cashInCount: 1,
      cashOutCount: 2,
    });
    expect(byNumber.body.data!.individualZReports).toHaveLength(2);
    expect(byNumber.body.data!.individualZReports[0]).toMatchObject({
      reportNumber: 1,
      firstReceiptNumber: 1,
      lastReceiptNumber: 5,
      receiptsCount: 3,
    });

    const byDate = await ctx.terminal.call('POST', '/api/reports/periodic', {
      dateFrom: '2026-03-10',
      dateTo: '2026-03-10',
      printReport: false,
    });
    expect(byDate.body.data).toMatchObject({
      filterMode: 'dateRange',
      zReportsCount: 2,
      totalSales: 151.8,
      individualZReports: null,
    });
    const empty = await ctx.terminal.call('POST', '/api/reports/periodic', {
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      printReport: false,
    });
    expect(empty.body.data).toMatchObject({ zReportsCount: 0, totalSales: 0, firstZReportNumber: null });
  });

  it('validates the periodic filters', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'filter', 'FILTER_REQUIRED'],
      [{ dateFrom: '2026-03-10', dateTo: '2026-03-01' }, 'dateFrom', 'DATE_RANGE_INVALID'],
      [{ dateFrom: '2026-03-01', dateTo: '2026-03-11' }, 'dateTo', 'DATE_TO_FUTURE'],
      [{ reportFrom: 0 }, 'reportFrom', 'REPORT_NUMBER_INVALID'],
      [{ reportFrom: 3, reportTo: 2 }, 'reportFrom', 'REPORT_RANGE_INVALID'],
    ];
    for (const [body, field, code] of cases) {
      const res = await ctx.terminal.call('POST', '/api/reports/periodic', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error!.details).toContainEqual(expect.objectContaining({ field, code }));
    }
  });
});

describe('the fiscal day', () => {
  it('expires 24 hours after its first receipt: sales and cash refused until the Z report', async () => {
    clock.advance(60 * 1000);
    const first = await ctx.terminal.call('POST', '/api/sales', cashSale(5));
    expect(first.status).toBe(200);
    clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(5))).status).toBe(200);
    clock.advance(1);
    for (const [path, body] of [
      ['/api/sales', cashSale(5)],
      ['/api/cash/in', { amount: 5 }],
      ['/api/cash/out', { amount: 1 }],
    ] as const) {
      const refused = await ctx.terminal.call('POST', path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body.error!.code, path).toBe('FISCAL_DAY_EXPIRED');
    }
    expect((await ctx.terminal.call('POST', '/api/reports/x', { printReport: false })).status).toBe(200);
    expect((await ctx.terminal.call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(5))).body.data).toMatchObject({
      receiptNumber: 1,
    });
  });
});

describe('a day of refunds only', () => {
  it('the daily summary counts the refunds’ payments and what the fiscal server received', async () => {
    const sold = await ctx.terminal.call('POST', '/api/sales', cashSale(30));
    expect((await ctx.terminal.call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    const refund = await ctx.terminal.call('POST', `/api/sales/${String(sold.body.data!.saleId)}/refund`, {
      items: [{ index: 0, quantity: 1 }],
      printReceipt: false,
    });
    expect(refund.status, JSON.stringify(refund.body.error)).toBe(200);
    const summary = await ctx.terminal.call('GET', '/api/fiscal/daily-summary');
    expect(summary.body.data).toMatchObject({
      receiptsIssued: 0,
      returnsCount: 1,
      totalReturns: 30,
      paymentTotals: { '1': -30 },
      paymentCounts: { '1': 1 },
      receiptsSentToMev: 1,
    });
  });
});
