/**
 * A VAT rate changed while a fiscal day is open (here VAT_RATES at a restart; the cloud's sync
 * is the other way, test/catalog/catalog-sync.test.ts) waits for the day's Z report: the day's
 * documents and its X and Z reports keep the table the day started with, the new one is shown
 * as pending and is in use from the next day. Real terminal, real mev-sim, one data directory.
 */
import { parseSaleRequest } from '@fiscal-pos/fiscal';
import { describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { createSale } from '../../src/sales/create-sale.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

/** The terminal again on its data directory, with VAT_RATES as given. */
async function restartWith(vatRates: string): Promise<void> {
  const { dataDir, material } = terminal;
  await terminal.stop();
  terminal = await env.start({
    dataDir,
    material,
    card: 'none',
    config: { vatTable: loadTerminalConfig({ VAT_RATES: vatRates }).vatTable },
  });
}

const TWENTY = 'A=8,B=20,C=0,D=12,E=6';
const TEN = 'A=8,B=10,C=0,D=12,E=6';

const rate = (code: string, percent: number) => ({
  code,
  rateBasisPoints: percent * 100,
  exempt: false,
});

async function sellB(amount: number) {
  const sale = await terminal.call('POST', '/api/sales', cashSale(amount));
  expect(sale.status, JSON.stringify(sale.body.error)).toBe(200);
  return sale.body.data!;
}

async function report(kind: 'x' | 'z') {
  const res = await terminal.call('POST', `/api/reports/${kind}`, { printReport: false });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return res.body.data!.reportData as Record<string, any>;
}

async function health() {
  return (await terminal.call('GET', '/api/health')).body.data!;
}

describe('a VAT rate changed during an open fiscal day', () => {
  let firstSaleId: string;

  it('keeps the day on the table it started with, through a restart, and shows the new one as pending', async () => {
    terminal = await env.start({
      card: 'none',
      config: { vatTable: loadTerminalConfig({ VAT_RATES: TWENTY }).vatTable },
    });
    const first = await sellB(120);
    firstSaleId = first.saleId as string;
    expect(first.vatBreakdown.B).toMatchObject({ percent: 20, vatAmount: 20 });

    await restartWith(TEN);
    // 110.00 at B is 18.33 of VAT at the day's 20 %, not 10.00 at the configured 10 %.
    const second = await sellB(110);
    expect(second.vatBreakdown.B).toMatchObject({ percent: 20, vatAmount: 18.33, taxableBase: 91.67 });

    const vat = (await health()).vatRates;
    expect(vat.inUse).toContainEqual(rate('B', 20));
    expect(vat.pending).toContainEqual(rate('B', 10));
    const catalog = await terminal.call<Record<string, any>>('GET', '/api/catalog/vat-rates');
    expect(catalog.body.vatRates).toContainEqual(rate('B', 20));
    expect(catalog.body.pending).toContainEqual(rate('B', 10));
  });

  it('states one rate per code in the X and Z reports: the day’s', async () => {
    const day = {
      B: { code: 'B', percent: 20, vatAmount: 38.33, taxableBase: 191.67, gross: 230 },
    };
    const x = await report('x');
    expect(x.vatBreakdown).toEqual(day);
    expect(x).toMatchObject({ dailyTotal: 230, dailyTax: 38.33, dailyUntaxed: 191.67 });
    const z = await report('z');
    expect(z.vatBreakdown).toEqual(day);
    expect(z).toMatchObject({ dailyTotal: 230, dailyTax: 38.33 });
  });

  it('puts the pending table in use right after the Z report, and keeps it across a restart', async () => {
    const vat = (await health()).vatRates;
    expect(vat.inUse).toContainEqual(rate('B', 10));
    expect(vat.pending).toBeNull();
    const sale = await sellB(110);
    expect(sale.vatBreakdown.B).toMatchObject({ percent: 10, vatAmount: 10 });

    // VAT_RATES back to 20 % mid-day: pending again, the day stays at 10 %.
    await restartWith(TWENTY);
    expect((await sellB(11)).vatBreakdown.B).toMatchObject({ percent: 10, vatAmount: 1 });
    expect((await health()).vatRates.pending).toContainEqual(rate('B', 20));
    await restartWith(TEN);
    expect((await health()).vatRates.pending).toBeNull();
  });

  it('keeps each rate apart in a shift that goes on across the change', async () => {
    // The shift opened by the first sale is still open: a Z report does not close it.
    const shift = (await terminal.call('GET', '/api/shifts/current')).body.data!.shift as Record<string, any>;
    expect(shift.reportNumbers).toEqual([1, 2]);
    expect(shift.vatBreakdown).toEqual({
      'B 20%': { code: 'B', percent: 20, vatAmount: 38.33, taxableBase: 191.67, gross: 230 },
      'B 10%': { code: 'B', percent: 10, vatAmount: 11, taxableBase: 110, gross: 121 },
    });
  });

  it('returns a sale of an earlier day at the rate it was sold at, under its own entry', async () => {
    const refund = await terminal.call('POST', `/api/sales/${firstSaleId}/refund`, {
      items: [{ index: 0, quantity: 1 }],
      printReceipt: false,
    });
    expect(refund.status, JSON.stringify(refund.body.error)).toBe(200);
    const z = await report('z');
    // Sold today at 10 %: 121.00 with 11.00 of VAT; returned from day 1 at 20 %: 120.00 with 20.00.
    expect(z.vatBreakdown).toEqual({
      'B 10%': { code: 'B', percent: 10, vatAmount: 11, taxableBase: 110, gross: 121 },
      'B 20%': { code: 'B', percent: 20, vatAmount: -20, taxableBase: -100, gross: -120 },
    });
    expect(z).toMatchObject({ dailyTotal: 1, dailyTax: -9 });
  });

  it('lists each rate of a code apart in a periodic report over the change', async () => {
    const res = await terminal.call('POST', '/api/reports/periodic', {
      reportFrom: 1,
      reportTo: 2,
      printReport: false,
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.data!.vatBreakdown).toEqual({
      'B 20%': { code: 'B', percent: 20, vatAmount: 18.33, taxableBase: 91.67, gross: 110 },
      'B 10%': { code: 'B', percent: 10, vatAmount: 11, taxableBase: 110, gross: 121 },
    });
    expect(res.body.data).toMatchObject({ totalTax: 29.33, totalSales: 351 });
  });

  it('puts a new table in use at once in a day without documents', async () => {
    await restartWith(TWENTY);
    expect((await health()).vatRates).toMatchObject({
      inUse: expect.arrayContaining([rate('B', 20)]),
      pending: null,
    });
    expect((await sellB(120)).vatBreakdown.B).toMatchObject({ percent: 20, vatAmount: 20 });
  });

  it('prices a sale parsed before a Z report with the table of the day it is written in', async () => {
    await restartWith(TEN);
    const rt = terminal.runtime;
    const parsed = parseSaleRequest(cashSale(110), rt.vatRates.inUse());
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.value.calculation.vatBreakdown).toMatchObject([
      { code: 'B', rateBp: 2000, vatAmount: 1833 },
    ]);
    // The Z report closes the day at 20 % while the sale waits: it is the next day's, at 10 %.
    await report('z');
    const { operation, sale } = await createSale(rt.fiscalContext, rt.sales, {
      draft: parsed.value,
      idempotencyKey: null,
      cashier: rt.cashier,
      card: rt.card,
      fromLot: null,
      deliveries: rt.deliveries,
    });
    expect(operation.vat).toEqual([
      { code: 'B', rateBp: 1000, vatAmount: 1000, taxableBase: 10_000, gross: 11_000 },
    ]);
    expect(sale.items[0]).toMatchObject({ vatRateBp: 1000, vatAmount: 1000, netAmount: 11_000 });
    expect(rt.sales.get(sale.id)).toStrictEqual(sale);
  });

  it('sells on with the configured table when the day’s stored one cannot be read, and stores that', async () => {
    // A row this version cannot read (a damaged page, or another version's format): every
    // fiscal operation, the Z report that would clear it included, answered 500.
    const { db } = terminal.runtime;
    const stored = () =>
      db.prepare<[], { t: string }>('SELECT day_vat_table AS t FROM terminal_state WHERE id = 1').get()?.t;
    db.prepare(`UPDATE terminal_state SET day_vat_table = '{"B":' WHERE id = 1`).run();
    expect((await health()).vatRates.pending).toBeNull();
    expect((await sellB(110)).vatBreakdown.B).toMatchObject({ percent: 10, vatAmount: 10 });
    expect(JSON.parse(stored()!)).toMatchObject({ B: 1000 });
  });
});
