// Calendar days and clock times of fiscal documents are those of the terminals' time zone
// (DESIGN.md: `TZ`, Europe/Chisinau by default, Moldova's only zone), whatever the cloud's own:
// list filters, the daily VAT totals and the date and time a receipt prints.
import { sql, type SQL } from 'drizzle-orm';

export const FISCAL_TIME_ZONE = 'Europe/Chisinau';

/** The instant a calendar day (YYYY-MM-DD) of that zone begins, `days` later, as SQL. */
export const dayStart = (day: string, days = 0): SQL =>
  sql`((${day}::date + ${days}::int)::timestamp at time zone ${FISCAL_TIME_ZONE})`;

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: FISCAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `{ day: '2026-11-24', date: '24.11.2026', time: '00:30:00' }`; date and time as a receipt prints them. */
export function localDateTime(at: Date): { day: string; date: string; time: string } {
  const part = Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    date: `${part.day}.${part.month}.${part.year}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}
