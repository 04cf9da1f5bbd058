// The accountant's daily VAT totals: per calendar day (each receipt's own, in its terminal's
// time zone: terminals in different zones each count on their own days) and VAT code
// and rate, the sales' taxable base, VAT and gross, the refunds' likewise and the net (sales
// minus refunds), over a range of days, for all terminals or one. Read from vat_daily_totals,
// which the ingest keeps (vat-daily-rollup.ts), so a month costs a few hundred rows whatever
// the number of receipts; receipts the tax server refused are not in it.
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { fromMinor, VAT_CODES, type VatCode } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { terminalTimeZones, vatDailyTotals } from '../db/schema.js';

const Amounts = z.object({ taxable: z.number(), vat: z.number(), gross: z.number() });

const VatTotals = z.object({
  code: z.enum(VAT_CODES),
  rate: z.number().nullable().describe('Percent; null: exempt'),
  sales: Amounts,
  refunds: Amounts,
  net: Amounts.describe('Sales minus refunds'),
});

export const VatDailyReport = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZones: z
      .array(z.string())
      .describe(
        'The time zones of the terminals counted (one terminal’s with terminalId): each receipt counts on its ' +
          'own terminal’s calendar day, in the zone it was issued in',
      ),
    days: z.array(z.object({ day: z.iso.date(), vat: z.array(VatTotals), net: Amounts })),
    totals: z.array(VatTotals).describe('The whole range, per VAT code and rate'),
    net: Amounts,
  })
  .meta({ id: 'VatDailyReport' });
export type VatDailyReport = z.infer<typeof VatDailyReport>;

interface Sums {
  salesTaxable: number;
  salesVat: number;
  refundsTaxable: number;
  refundsVat: number;
}
type CodeSums = Sums & { code: VatCode; rateBp: number | null };

export async function vatDailyReport(
  db: Queryable,
  options: { merchantId: string; from: string; to: string; terminalId?: string | undefined },
): Promise<VatDailyReport> {
  const v = vatDailyTotals;
  const conditions: SQL[] = [
    eq(v.merchantId, options.merchantId),
    gte(v.day, options.from),
    lte(v.day, options.to),
  ];
  if (options.terminalId !== undefined) conditions.push(eq(v.terminalId, options.terminalId));
  const rows = await db
    .select({
      day: v.day,
      code: v.vatCode,
      rateBp: v.rateBp,
      salesTaxable: sql<string>`sum(${v.salesTaxable})`,
      salesVat: sql<string>`sum(${v.salesVat})`,
      refundsTaxable: sql<string>`sum(${v.refundsTaxable})`,
      refundsVat: sql<string>`sum(${v.refundsVat})`,
    })
    .from(v)
    .where(and(...conditions))
    .groupBy(v.day, v.vatCode, v.rateBp)
    .orderBy(asc(v.day), asc(v.vatCode), asc(v.rateBp));
  const tz = terminalTimeZones;
  const zones = await db
    .selectDistinct({ timeZone: tz.timeZone })
    .from(tz)
    .where(
      and(
        eq(tz.merchantId, options.merchantId),
        options.terminalId === undefined ? undefined : eq(tz.terminalId, options.terminalId),
      ),
    )
    .orderBy(asc(tz.timeZone));
  const byDay = new Map<string, CodeSums[]>();
  for (const r of rows) {
    const sums = {
      code: r.code,
      rateBp: r.rateBp,
      salesTaxable: Number(r.salesTaxable),
      salesVat: Number(r.salesVat),
      refundsTaxable: Number(r.refundsTaxable),
      refundsVat: Number(r.refundsVat),
    };
    byDay.set(r.day, [...(byDay.get(r.day) ?? []), sums]);
  }
  const totals = new Map<string, CodeSums>();
  for (const line of [...byDay.values()].flat()) {
    const key = `${line.code} ${line.rateBp}`;
    const sum = totals.get(key);
    totals.set(key, sum ? { ...sum, ...add(sum, line) } : { ...line });
  }
  const all = [...totals.values()].sort(
    (a, b) => a.code.localeCompare(b.code) || (a.rateBp ?? -1) - (b.rateBp ?? -1),
  );
  return {
    from: options.from,
    to: options.to,
    timeZones: zones.map((r) => r.timeZone),
    days: [...byDay].map(([day, lines]) => ({
      day,
      vat: lines.map(present),
      net: net(lines.reduce(add, ZERO)),
    })),
    totals: all.map(present),
    net: net(all.reduce(add, ZERO)),
  };
}

const ZERO: Sums = { salesTaxable: 0, salesVat: 0, refundsTaxable: 0, refundsVat: 0 };

function add(a: Sums, b: Sums): Sums {
  return {
    salesTaxable: a.salesTaxable + b.salesTaxable,
    salesVat: a.salesVat + b.salesVat,
    refundsTaxable: a.refundsTaxable + b.refundsTaxable,
    refundsVat: a.refundsVat + b.refundsVat,
  };
}

const amounts = (taxable: number, vat: number) => ({
  taxable: fromMinor(taxable),
  vat: fromMinor(vat),
  gross: fromMinor(taxable + vat),
});

const net = (s: Sums) => amounts(s.salesTaxable - s.refundsTaxable, s.salesVat - s.refundsVat);

function present(s: CodeSums) {
  return {
    code: s.code,
    rate: s.rateBp === null ? null : s.rateBp / 100,
    sales: amounts(s.salesTaxable, s.salesVat),
    refunds: amounts(s.refundsTaxable, s.refundsVat),
    net: net(s),
  };
}
