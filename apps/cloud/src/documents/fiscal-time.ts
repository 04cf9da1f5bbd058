// Calendar days and clock times of fiscal documents are those of their terminal's time zone
// (DESIGN.md: `TZ`, Europe/Chisinau by default), whatever the cloud's own: list filters, the
// daily VAT totals and the date and time a receipt prints. Each document keeps the zone it was
// pushed with (fiscal_documents.time_zone), so terminals in different zones each count on their
// own days, and a terminal's later change of zone moves none of its old receipts.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A document's calendar day in its own zone, as SQL over its created_at and time_zone. */
export const documentDay = (createdAt: SQLWrapper, timeZone: SQLWrapper): SQL =>
  sql`((${createdAt} at time zone ${timeZone})::date)`;

/**
 * The instants within which the documents of the given days (YYYY-MM-DD, both included) lie,
 * in whichever of the zones of the merchant's terminals (or one terminal's) they were issued:
 * from the earliest start of `fromDay` to the latest end of `toDay` (terminal_time_zones). Over
 * terminals of one zone these are that zone's days exactly; across zones a document in the span
 * may be on another day in its own zone, so a filter checks documentDay too. Scalar subqueries
 * over a few rows: the planner takes their values as the created_at index's bounds.
 */
export function dayBounds(scope: { merchantId: string; terminalId?: string | undefined }) {
  const inScope = sql`z.merchant_id = ${scope.merchantId}${
    scope.terminalId === undefined ? sql`` : sql` and z.terminal_id = ${scope.terminalId}`
  }`;
  const midnight = (day: string) => sql`(${day}::date::timestamp at time zone z.time_zone)`;
  return {
    // A midnight that comes twice (America/Havana's summer time ends at 01:00 by going back to
    // 00:00) is read by PostgreSQL as its second coming, an hour after the day began. The day's
    // first instant is the earliest of it and the instants up to a summer-time shift (30 minutes
    // to 2 hours) before it that are still on the day in that zone.
    start: (day: string): SQL => sql`(select min(${midnight(day)} - k.shift)
      from terminal_time_zones z
        cross join unnest(array[interval '0', interval '30 minutes', interval '1 hour', interval '2 hours']) k(shift)
      where ${inScope} and ((${midnight(day)} - k.shift) at time zone z.time_zone)::date = ${day}::date)`,
    // A second coming of the next midnight is a later end: the documents in between are the next
    // day's, which the filter's documentDay leaves out.
    end: (day: string): SQL =>
      sql`(select max((${day}::date + 1)::timestamp at time zone z.time_zone) from terminal_time_zones z where ${inScope})`,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * `{ day: '2026-11-24', date: '24.11.2026', time: '00:30:00' }` of an instant in a zone; date
 * and time as a receipt prints them.
 */
export function localDateTime(at: Date, timeZone: string): { day: string; date: string; time: string } {
  const part = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    date: `${part.day}.${part.month}.${part.year}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}
