// An instant as the cloud stores and compares it: ISO 8601 with an offset, millisecond
// precision at most kept. ISO 8601 has a year 0 (and a date in year 0001 with a positive offset
// falls in it in UTC); PostgreSQL's timestamps do not (1 BC comes right before 0001), so such an
// instant failed the statement it bounded: a 500 for a `updatedSince` of 0000-01-01, a push
// held back for good. It is a bad field like any other malformed instant.
import { z } from 'zod';

/** The first instant of year 0001, UTC (Date.UTC would read year 1 as 1901). */
export const EARLIEST_INSTANT_MS = Date.parse('0001-01-01T00:00:00Z');

export const Instant = z.iso
  .datetime({ offset: true })
  .refine((text) => new Date(text).getTime() >= EARLIEST_INSTANT_MS, {
    message: 'an instant in year 0001 (UTC) or later',
  });
