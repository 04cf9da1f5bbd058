// A list from the cloud, a page at a time. The cloud pages by cursor (apps/cloud/src/http/cursor.ts:
// `{ data, hasMore, nextCursor }`); useCursorPages keeps the cursors of the pages seen, so
// Previous goes back without the cloud knowing page numbers. At 360 px the table scrolls sideways
// inside its frame, never the page.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.js';
import { Button } from './Button.js';
import { EmptyState, ErrorState, Loading } from './States.js';

export interface CursorPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** One page of `fetchPage`'s list; the key should name the list (and its filters), not the cursor. */
export function useCursorPages<T>(
  key: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const query = useQuery({
    queryKey: [...key, { cursor }],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
  });
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    query,
    pageNumber: cursors.length,
    next: nextCursor === null ? undefined : () => setCursors((all) => [...all, nextCursor]),
    previous: cursors.length > 1 ? () => setCursors((all) => all.slice(0, -1)) : undefined,
  };
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists, read by screen readers. */
  caption: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  pages: ReturnType<typeof useCursorPages<T>>;
  empty: ReactNode;
}

export function DataTable<T>({ caption, columns, rowKey, pages, empty }: DataTableProps<T>) {
  const t = useT();
  const { query } = pages;
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data.data;
  if (rows.length === 0 && pages.pageNumber === 1) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="ui-table">
      <div className="ui-table__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption className="ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'ui-numeric' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody aria-busy={query.isFetching || undefined}>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.numeric ? 'ui-numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(pages.previous || pages.next) && (
        <nav className="ui-table__pages" aria-label={caption}>
          <Button onClick={pages.previous} disabled={!pages.previous}>
            {t.common.previous}
          </Button>
          <Button onClick={pages.next} disabled={!pages.next}>
            {t.common.next}
          </Button>
        </nav>
      )}
    </div>
  );
}
