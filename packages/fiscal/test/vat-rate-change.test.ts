import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VAT_TABLE,
  VAT_CODES,
  aggregatePeriodicReport,
  aggregateReportData,
  dayVatTables,
  keyedVatEntries,
  parseSaleRequest,
  parseVatRatesSetting,
  priceSaleDraft,
  summarizeClosedDay,
  vatBreakdownToJson,
  vatTableFromJson,
  vatTableToJson,
} from '../src/index.js';
import type { ReportedOperation, VatLine, VatTable } from '../src/index.js';

const TEN = parseVatRatesSetting('A=8,B=10,C=0,D=12,E=6');

describe('the VAT table of a fiscal day', () => {
  it('is the configured one before the day’s first document', () => {
    expect(dayVatTables(null, TEN)).toEqual({ inUse: TEN, pending: null });
  });

  it('stays the day’s until its Z report; a configured one that differs is pending', () => {
    expect(dayVatTables(DEFAULT_VAT_TABLE, TEN)).toEqual({ inUse: DEFAULT_VAT_TABLE, pending: TEN });
    // Equal tables, even as other objects with their codes in another order, leave nothing pending.
    const reordered = vatTableFromJson(vatTableToJson(DEFAULT_VAT_TABLE));
    expect(dayVatTables(DEFAULT_VAT_TABLE, { _: reordered._, ...reordered })).toEqual({
      inUse: DEFAULT_VAT_TABLE,
      pending: null,
    });
  });

  it('is stored as text and read back as it was (property)', () => {
    const table = fc
      .subarray([...VAT_CODES])
      .chain((codes) =>
        fc.tuple(
          fc.constant(codes),
          fc.array(fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }), {
            minLength: codes.length,
            maxLength: codes.length,
          }),
        ),
      )
      .map(([codes, rates]) =>
        Object.fromEntries(codes.map((code, i) => [code, { code, rateBp: rates[i] ?? null }])),
      );
    fc.assert(
      fc.property(table, (t: VatTable) => {
        expect(vatTableFromJson(vatTableToJson(t))).toEqual(t);
      }),
    );
    expect(vatTableToJson(DEFAULT_VAT_TABLE)).toBe('{"A":800,"B":2000,"C":0,"D":1200,"E":600,"_":null}');
  });

  it.each(['[]', 'null', '{"F":800}', '{"B":2000.5}', '{"B":-1}', '{"B":10001}', '{"B":"20"}'])(
    'refuses the stored text %s',
    (text) => {
      expect(() => vatTableFromJson(text)).toThrow(/not a VAT table/);
    },
  );
});

describe('priceSaleDraft', () => {
  const body = {
    items: [
      { name: 'Tea', unitPrice: 110, quantity: 1, vatCode: 'B' },
      { name: 'Bread', unitPrice: 10.8, quantity: 1, vatCode: 'A' },
    ],
    payments: [{ type: '1', amount: 120.8 }],
    amountReceived: 120.8,
    change: 0,
  };
  const parsed = parseSaleRequest(body, DEFAULT_VAT_TABLE);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const draft = parsed.value;

  it('leaves a draft priced with the table as it is', () => {
    const again = priceSaleDraft(draft, vatTableFromJson(vatTableToJson(DEFAULT_VAT_TABLE)));
    expect(again).toEqual({ ok: true, value: draft });
    expect(again.ok && again.value).toBe(draft);
  });

  it('calculates the VAT again with another table; the total and payments stay', () => {
    const again = priceSaleDraft(draft, TEN);
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    const { calculation } = again.value;
    expect(calculation.total).toBe(draft.calculation.total);
    expect(calculation.vatBreakdown).toEqual([
      { code: 'B', rateBp: 1000, vatAmount: 1000, taxableBase: 10_000, gross: 11_000 },
      { code: 'A', rateBp: 800, vatAmount: 80, taxableBase: 1000, gross: 1080 },
    ]);
    expect(calculation.items.map((i) => i.vatRateBp)).toEqual([1000, 800]);
  });

  it('refuses a code the table does not know', () => {
    expect(priceSaleDraft(draft, parseVatRatesSetting('B=20'))).toEqual({
      ok: false,
      issues: [expect.objectContaining({ field: 'items[1].vatCode', code: 'UNKNOWN_VAT_CODE' })],
    });
  });
});

function document(type: 'receipt' | 'refund', vat: VatLine[], reportNumber = 1): ReportedOperation {
  const total = vat.reduce((sum, line) => sum + line.gross, 0);
  return {
    type,
    status: 'success',
    receiptNumber: 1,
    reportNumber,
    totalAmount: total,
    vat,
    payments: [{ code: '1', amount: total }],
    changeAmount: 0,
    createdAt: '2026-05-04T08:00:00.000Z',
  };
}

const b = (rateBp: number, gross: number, vatAmount: number): VatLine => ({
  code: 'B',
  rateBp,
  vatAmount,
  taxableBase: gross - vatAmount,
  gross,
});

describe('reports with a code at two rates', () => {
  it('keep an entry per rate, keyed `<code> <percent>%` in the JSON', () => {
    // Sold today at 10 %; returned from a day at 20 %.
    const totals = aggregateReportData(
      [document('receipt', [b(1000, 11_000, 1000)]), document('refund', [b(2000, 12_000, 2000)])],
      { openingCashBalance: 50_000 },
    );
    expect(totals.vatBreakdown).toEqual([b(1000, 11_000, 1000), b(2000, -12_000, -2000)]);
    expect(totals).toMatchObject({ dailyTotal: -1000, dailyTax: -1000, dailyUntaxed: 0 });
    expect(Object.keys(vatBreakdownToJson(totals.vatBreakdown))).toEqual(['B 10%', 'B 20%']);
  });

  it('key a code by itself when it has one rate, and an exempt entry apart from a 0 % one', () => {
    const exempt: VatLine = { code: 'C', rateBp: null, vatAmount: 0, taxableBase: 500, gross: 500 };
    const zero: VatLine = { ...exempt, rateBp: 0 };
    expect(keyedVatEntries([b(2000, 1200, 200), exempt, zero]).map(([key]) => key)).toEqual([
      'B',
      'C exempt',
      'C 0%',
    ]);
  });

  it('never sum amounts of two rates under one entry (property)', () => {
    const line = fc
      .tuple(
        fc.constantFrom('A' as const, 'B' as const),
        fc.constantFrom(800, 1000, 2000),
        fc.integer({ min: 1, max: 1_000_000 }),
      )
      .map(([code, rateBp, gross]): VatLine => {
        const vatAmount = Math.round((gross * rateBp) / (10_000 + rateBp));
        return { code, rateBp, vatAmount, taxableBase: gross - vatAmount, gross };
      });
    const documents = fc.array(fc.tuple(fc.constantFrom('receipt' as const, 'refund' as const), line), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(documents, fc.integer({ min: 1, max: 3 }), (docs, days) => {
        const records = docs.map(([type, vat], i) => document(type, [vat], (i % days) + 1));
        const closed = Array.from({ length: days }, (_, day) =>
          summarizeClosedDay(
            records.filter((r) => r.reportNumber === day + 1),
            { openingCashBalance: 0, reportNumber: day + 1, closedAt: '2026-05-04T20:00:00.000Z' },
          ),
        );
        for (const vat of [
          aggregateReportData(records, { openingCashBalance: 0 }).vatBreakdown,
          aggregatePeriodicReport(closed, { detailed: false }).vatBreakdown,
        ]) {
          // One entry per code and rate, each the signed sum of that code's lines at that rate.
          const seen = vat.map((entry) => `${entry.code}:${entry.rateBp}`);
          expect(new Set(seen).size).toBe(seen.length);
          for (const entry of vat) {
            const sum = (field: 'gross' | 'vatAmount') =>
              docs
                .filter(([, l]) => l.code === entry.code && l.rateBp === entry.rateBp)
                .reduce((total, [type, l]) => total + (type === 'refund' ? -l[field] : l[field]), 0);
            expect(entry.gross).toBe(sum('gross'));
            expect(entry.vatAmount).toBe(sum('vatAmount'));
          }
          expect(Object.keys(vatBreakdownToJson(vat))).toHaveLength(vat.length);
        }
      }),
    );
  });
});
