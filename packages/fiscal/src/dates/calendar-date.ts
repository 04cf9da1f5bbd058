const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/**
 * The calendar date `days` after a date `YYYY-MM-DD` (before it when negative): arithmetic on
 * the calendar alone, so no zone's summer time can move it off the day. Past year 9999 it is in
 * ISO 8601's expanded form (the day after 9999-12-31 is +010000-01-01), which Date reads back.
 */
export function plusDays(date: string, days: number): string {
  const iso = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}
