// The daily VAT totals (vat_daily_totals) kept by the ingest, in its own statements: a receipt
// adds its VAT lines to its calendar day when it arrives, and takes them out again if the tax
// server refuses it later, on its own calendar day: its terminal's, in the zone it was stored
// with (fiscal-time.ts), so terminals in different zones each add to their own days.
import { sql, type SQL } from 'drizzle-orm';
import { documentDay } from './fiscal-time.js';

/**
 * An insert-or-add into vat_daily_totals of `sign` × the VAT lines of the sales and refunds in
 * `source` (a relation with merchant_id, terminal_id, type, created_at, time_zone and vat), for use as a
 * data-modifying CTE beside the statement that wrote them. Rows are upserted in key order, so
 * two transactions adding to the same days lock them in one order.
 */
export function addToVatDailyTotals(source: SQL, sign: 1 | -1): SQL {
  return sql`
    insert into vat_daily_totals (merchant_id, day, terminal_id, vat_code, rate_bp,
      sales_taxable, sales_vat, refunds_taxable, refunds_vat)
    select d.merchant_id, ${documentDay(sql`d.created_at`, sql`d.time_zone`)}, d.terminal_id, v.code, v."rateBp",
      ${sql.raw(String(sign))} * sum(case when d.type = 'sale' then v."taxableAmount" else 0 end),
      ${sql.raw(String(sign))} * sum(case when d.type = 'sale' then v."vatAmount" else 0 end),
      ${sql.raw(String(sign))} * sum(case when d.type = 'refund' then v."taxableAmount" else 0 end),
      ${sql.raw(String(sign))} * sum(case when d.type = 'refund' then v."vatAmount" else 0 end)
    from (${source}) d
      cross join jsonb_to_recordset(d.vat) as v(code text, "rateBp" integer, "taxableAmount" bigint, "vatAmount" bigint)
    where d.type in ('sale', 'refund')
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict on constraint vat_daily_totals_key do update set
      sales_taxable = vat_daily_totals.sales_taxable + excluded.sales_taxable,
      sales_vat = vat_daily_totals.sales_vat + excluded.sales_vat,
      refunds_taxable = vat_daily_totals.refunds_taxable + excluded.refunds_taxable,
      refunds_vat = vat_daily_totals.refunds_vat + excluded.refunds_vat`;
}
