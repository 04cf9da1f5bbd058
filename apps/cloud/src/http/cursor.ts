// Opaque cursors: base64url of the sort key of the last row served. Clients must not parse them.
import { z } from 'zod';
import { EARLIEST_INSTANT_MS } from '@fiscal-pos/platform-protocol';
import { ProblemError } from './problem.js';

/** The end of year 9999, UTC: every stored row is dated before it. */
const LATEST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * What a cursor holds. A cursor is the client's text, decoded: a time or an id this API never
 * issues (year 0, beyond any Date, a NUL PostgreSQL text cannot hold) would fail the query it
 * bounds, so it is refused like any other cursor this API did not return.
 */
const CursorPayload = z.object({
  t: z.number().int().min(EARLIEST_INSTANT_MS).max(LATEST_INSTANT_MS),
  i: z
    .string()
    .max(100)
    .refine((id) => !id.includes('\u0000')),
});

export interface SortKey {
  at: Date;
  id: string;
}

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify({ t: key.at.getTime(), i: key.id })).toString('base64url');
}

export function decodeCursor(cursor: string): SortKey {
  try {
    const payload = CursorPayload.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { at: new Date(payload.t), id: payload.i };
  } catch {
    throw new ProblemError('invalid_request', 'The cursor is not one this API returned.', [
      { path: 'query.cursor', message: 'invalid cursor' },
    ]);
  }
}

const MAX_PAGE_SIZE = 200;
const DEFAULT_PAGE_SIZE = 50;

export const PageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Page size, 1-${MAX_PAGE_SIZE}`),
  cursor: z.string().max(500).optional().describe('nextCursor of the previous page'),
});

/** A page of items; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().nullable() })
    .meta({ id });
}

/** Given limit+1 rows, the page to serve and the cursor after it. */
export function paginate<R>(
  rows: R[],
  limit: number,
  key: (row: R) => SortKey,
): { rows: R[]; hasMore: boolean; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(key(last)) : null };
}
