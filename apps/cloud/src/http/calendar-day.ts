import { z } from 'zod';

/**
 * A calendar day `YYYY-MM-DD` as the console's filters take it. ISO 8601 has a year 0 and
 * PostgreSQL's dates do not (1 BC comes right before 0001): a day of year 0000 would fail the
 * statement it bounds, a 500, so it is a bad field like any other malformed day.
 */
export const CalendarDay = z.iso
  .date()
  .refine((day) => !day.startsWith('0000-'), { message: 'a day of year 0001 or later' });
