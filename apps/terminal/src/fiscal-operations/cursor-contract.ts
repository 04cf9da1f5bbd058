import { z } from 'zod';
import type { QueryField } from '../http/query-fields.js';
import { parseCursor, type ListCursor } from './list-cursor.js';

/** The terminal's addition to offset paging for the history lists (sales, fiscal operations). */
export const cursorQueryFields = {
  cursor: {
    schema: z.string().optional().meta({
      description:
        'terminal addition: nextCursor of the previous page; the page continues after it (offset counts from it); not one -> CURSOR_INVALID',
    }),
    read(name, raw) {
      if (raw === undefined) return { value: null, issues: [] };
      const cursor = parseCursor(raw);
      if (cursor) return { value: cursor, issues: [] };
      return {
        value: null,
        issues: [
          { field: name, code: 'CURSOR_INVALID', message: 'cursor must be a nextCursor of this list' },
        ],
      };
    },
  },
} satisfies Record<string, QueryField<ListCursor | null>>;

export const cursorPageFields = {
  nextCursor: z.string().nullable().meta({
    description:
      'terminal addition: pass as cursor for the page after this one; null when this page is not full',
  }),
};
