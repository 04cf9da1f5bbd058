import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './query-params.js';

/*
 * The query parameters the list endpoints read through QueryReader, for the document. The
 * bounds are QueryReader's own constants; the contract tests check that it enforces them.
 */

const date = (description: string) => z.iso.date().optional().meta({ description });

export const dateRangeQueryFields = {
  dateFrom: date('first day, YYYY-MM-DD (UTC), inclusive; malformed -> DATE_RANGE_INVALID'),
  dateTo: date('last day, YYYY-MM-DD (UTC), inclusive; before dateFrom -> DATE_RANGE_INVALID'),
};

export const pageQueryFields = {
  limit: z
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .default(50)
    .meta({ description: `page size, 1-${MAX_PAGE_LIMIT}; otherwise LIMIT_INVALID` }),
  offset: z.int().min(0).default(0).meta({ description: 'rows skipped; otherwise OFFSET_INVALID' }),
};

/** The terminal's addition to offset paging for the history lists (sales, fiscal operations). */
export const cursorQueryFields = {
  cursor: z.string().optional().meta({
    description:
      'terminal addition: nextCursor of the previous page; the page continues after it (offset counts from it); not one -> CURSOR_INVALID',
  }),
};

export const shiftQueryFields = {
  shiftId: z.uuid().optional().meta({
    description:
      'only the documents of this shift (shiftId of GET /api/shifts); not a UUID -> SHIFT_ID_INVALID; a shift that does not exist matches nothing',
  }),
};

/** limit and offset echo what was applied. */
export const pageFields = {
  total: z.int().min(0).meta({ description: 'number of matching rows' }),
  limit: z.int().min(1).max(MAX_PAGE_LIMIT),
  offset: z.int().min(0),
};

export const cursorPageFields = {
  nextCursor: z.string().nullable().meta({
    description:
      'terminal addition: pass as cursor for the page after this one; null when this page is not full',
  }),
};
