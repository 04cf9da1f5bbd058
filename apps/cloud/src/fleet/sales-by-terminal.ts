// Sales today and this week per terminal, from the fiscal documents the terminals pushed
// (documents/ingest-documents.ts), for the overview's chart. Calendar days are each terminal's,
// in its own time zone (DESIGN.md: TZ, Europe/Chisinau by default) whatever the cloud's: its
// "today" is its zone's (from its health report), each document counts on its own day (the
// zone it was stored with, documents/fiscal-time.ts); the week starts on Monday. A document the
// tax server refused (`failed`) was never sold and is left out; a refund counts on the day it
// was issued. Money in minor units. No bound at the cloud's now: a document a terminal whose
// clock runs ahead stamped later today is today's sale all the same (a day after today is on no
// day the chart shows).
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.js';
import { plusDays } from '@fiscal-pos/fiscal';
import { DEFAULT_TIME_ZONE } from '@fiscal-pos/platform-protocol';
import { fiscalDocuments } from '../db/schema.js';
import { documentDay } from '../documents/fiscal-time.js';

export interface DayTotals {
  /** Sales receipts issued. */
  salesCount: number;
  salesMinor: number;
  refundsCount: number;
  refundsMinor: number;
}

export interface TerminalSales {
  terminalId: string;
  /** The terminal's time zone (its health report's; Europe/Chisinau until it reports one). */
  timeZone: string;
  /** YYYY-MM-DD of today and of this week's Monday, in that zone. */
  todayDate: string;
  weekStart: string;
  /** Monday to today, in order, every day present (zeros included). */
  days: (DayTotals & { date: string })[];
  today: DayTotals;
  week: DayTotals;
}

const ZERO: DayTotals = { salesCount: 0, salesMinor: 0, refundsCount: 0, refundsMinor: 0 };

function add(a: DayTotals, b: DayTotals): DayTotals {
  return {
    salesCount: a.salesCount + b.salesCount,
    salesMinor: a.salesMinor + b.salesMinor,
    refundsCount: a.refundsCount + b.refundsCount,
    refundsMinor: a.refundsMinor + b.refundsMinor,
  };
}

/**
 * Each listed terminal's sales per day of its week so far. One range scan of the merchant's
 * documents since the earliest of the terminals' Monday midnights (index
 * fiscal_documents_merchant_created_idx), each document on its own day (fiscal-time.ts).
 */
export async function salesByTerminal(
  db: Queryable,
  options: { merchantId: string; terminalIds: readonly string[]; now: Date },
): Promise<TerminalSales[]> {
  if (options.terminalIds.length === 0) return [];
  const now = options.now.toISOString();
  const local = sql`(${now}::timestamptz at time zone b.zone)`;
  const terminals = rowsOf<{
    terminal_id: string;
    zone: string;
    today: string;
    week_start: string;
    since: Date | string;
  }>(
    await db.execute(sql`
      select b.terminal_id, b.zone, to_char(${local}::date, 'YYYY-MM-DD') as today,
             to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start,
             date_trunc('week', ${local}) at time zone b.zone as since
        from (select i.terminal_id, i.n, coalesce(h.report->>'timeZone', ${DEFAULT_TIME_ZONE}) as zone
                from jsonb_array_elements_text(${JSON.stringify(options.terminalIds)}::jsonb) with ordinality as i(terminal_id, n)
                left join terminal_health h
                  on h.terminal_id = i.terminal_id and h.merchant_id = ${options.merchantId}) b
       order by b.n`),
  );
  const since = Math.min(...terminals.map((t) => new Date(t.since).getTime()));
  const d = fiscalDocuments;
  const rows = rowsOf<{
    terminal_id: string;
    day: string;
    type: string;
    n: number | string;
    minor: number | string;
  }>(
    await db.execute(sql`
      select terminal_id, to_char(${documentDay(d.createdAt, d.timeZone)}, 'YYYY-MM-DD') as day, type,
             count(*) as n, coalesce(sum(total_minor), 0) as minor
        from ${d}
       where merchant_id = ${options.merchantId}
         and created_at >= ${new Date(since).toISOString()}::timestamptz
         and type in ('sale', 'refund')
         and status <> 'failed'
       group by 1, 2, 3`),
  );
  const byKey = new Map<string, DayTotals>();
  for (const row of rows) {
    const key = `${row.terminal_id}|${row.day}`;
    const count = Number(row.n);
    const minor = Number(row.minor);
    const part: DayTotals =
      row.type === 'sale'
        ? { ...ZERO, salesCount: count, salesMinor: minor }
        : { ...ZERO, refundsCount: count, refundsMinor: minor };
    byKey.set(key, add(byKey.get(key) ?? ZERO, part));
  }
  return terminals.map((t) => {
    const dates: string[] = [];
    for (let date = t.week_start; date <= t.today; date = plusDays(date, 1)) dates.push(date);
    const days = dates.map((date) => ({ date, ...(byKey.get(`${t.terminal_id}|${date}`) ?? ZERO) }));
    return {
      terminalId: t.terminal_id,
      timeZone: t.zone,
      todayDate: t.today,
      weekStart: t.week_start,
      days,
      today: byKey.get(`${t.terminal_id}|${t.today}`) ?? ZERO,
      week: days.reduce<DayTotals>((sum, day) => add(sum, day), ZERO),
    };
  });
}
