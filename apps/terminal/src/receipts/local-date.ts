const two = (n: number) => String(n).padStart(2, '0');

/** The calendar date and wall-clock time of an instant on the terminal's own clock (its time zone). */
export function localParts(iso: string): { year: number; month: string; day: string; time: string } {
  const d = new Date(iso);
  return {
    year: d.getFullYear(),
    month: two(d.getMonth() + 1),
    day: two(d.getDate()),
    time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
  };
}

/** The calendar day of an instant on the terminal's own clock (its time zone), `YYYY-MM-DD`. */
export function localDate(iso: string): string {
  const { year, month, day } = localParts(iso);
  return `${year}-${month}-${day}`;
}
