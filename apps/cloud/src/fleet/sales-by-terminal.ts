// Sales today and this week per terminal, from the fiscal documents the terminals pushed
// (documents/ingest-documents.ts), for the overview's chart. Calendar days are those of the
// terminals' time zone (DESIGN.md: TZ, Europe/Chisinau by default, Moldova's one zone) whatever
// the cloud's own; the week starts on Monday. A document the tax server refused (`failed`) was
// never sold and is left out; a refund counts on the day it was issued. Money in minor units.
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.js';
import { FISCAL_TIME_ZONE } from '../documents/fiscal-time.js';

export interface DayTotals {
  /** Sales receipts issued. */
  salesCount: number;
  salesMinor: number;
  refundsCount: number;
  refundsMinor: number;
}

export interface TerminalSales {
  terminalId: string;
  /** Monday to today, in order, every day present (zeros included). */
  days: (DayTotals & { date: string })[];
  today: DayTotals;
  week: DayTotals;
}

export interface SalesByTerminal {
  timeZone: string;
  /** YYYY-MM-DD of today and of this week's Monday. */
  today: string;
  weekStart: string;
  terminals: TerminalSales[];
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

/** `YYYY-MM-DD` plus `days` (calendar arithmetic, no time zone involved). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Each listed terminal's sales per day of this week so far. One range scan of the merchant's
 * documents since Monday's local midnight (index fiscal_documents_merchant_created_idx).
 */
export async function salesByTerminal(
  db: Queryable,
  options: { merchantId: string; terminalIds: readonly string[]; now: Date },
): Promise<SalesByTerminal> {
  const zone = FISCAL_TIME_ZONE;
  const now = options.now.toISOString();
  const [bounds] = rowsOf<{ today: string; week_start: string; since: Date | string }>(
    await db.execute(sql`
      select to_char((${now}::timestamptz at time zone ${zone})::date, 'YYYY-MM-DD') as today,
             to_char(date_trunc('week', ${now}::timestamptz at time zone ${zone}), 'YYYY-MM-DD') as week_start,
             date_trunc('week', ${now}::timestamptz at time zone ${zone}) at time zone ${zone} as since`),
  );
  if (!bounds) throw new Error('the database answered no row to a select without a table');
  const rows = rowsOf<{
    terminal_id: string;
    day: string;
    type: string;
    n: number | string;
    minor: number | string;
  }>(
    await db.execute(sql`
      select terminal_id, to_char((created_at at time zone ${zone})::date, 'YYYY-MM-DD') as day, type,
             count(*) as n, coalesce(sum(total_minor), 0) as minor
        from fiscal_documents
       where merchant_id = ${options.merchantId}
         and created_at >= ${new Date(bounds.since).toISOString()}::timestamptz
         and created_at <= ${now}::timestamptz
         and type in ('sale', 'refund')
         and status <> 'failed'
       group by 1, 2, 3`),
  );
  const dates: string[] = [];
  for (let d = bounds.week_start; d <= bounds.today; d = plusDays(d, 1)) dates.push(d);
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
  return {
    timeZone: zone,
    today: bounds.today,
    weekStart: bounds.week_start,
    terminals: options.terminalIds.map((terminalId) => {
      const days = dates.map((date) => ({ date, ...(byKey.get(`${terminalId}|${date}`) ?? ZERO) }));
      return {
        terminalId,
        days,
        today: byKey.get(`${terminalId}|${bounds.today}`) ?? ZERO,
        week: days.reduce<DayTotals>((sum, day) => add(sum, day), ZERO),
      };
    }),
  };
}
