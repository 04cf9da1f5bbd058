// The CSV export of the console's document list: the same filters, newest first, read page by
// page along the list's keyset cursor and written as it is read, so an export of a million
// documents holds one page in memory and starts answering at once. csv-stringify does the
// quoting (RFC 4180). Date and time are the receipt's, in its terminal's zone, which is named. Amounts are signed here, unlike in the APIs: money given back (refunds,
// cash out) is negative, so that a spreadsheet's column sum is the till's movement.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatMinor } from '@fiscal-pos/fiscal';
import type { Queryable } from '../db/database.js';
import type { SortKey } from '../http/cursor.js';
import { documentPage, type DocumentFilters, type ListedDocument } from './document-list.js';
import { localDateTime } from './fiscal-time.js';

/** Documents read per query while exporting. */
const EXPORT_PAGE = 500;

const COLUMNS = [
  'id',
  'date',
  'time',
  'time_zone',
  'issued_at',
  'terminal',
  'type',
  'status',
  'receipt_number',
  'report_number',
  'mev_code',
  'offline_code',
  'total',
  'vat',
  'payments',
  'sale_id',
] as const;

const GIVEN_BACK = new Set(['refund', 'cash_out']);

/** The CSV text of every document the filters select, as a stream. */
export function salesCsv(db: Queryable, filters: DocumentFilters): Readable {
  const csv = stringify({ header: true, columns: [...COLUMNS] });
  // An error reading a page ends the stream with it: the client gets a cut answer, not a
  // shorter file that looks complete.
  return pipeline(Readable.from(records(db, filters)), csv, () => undefined);
}

async function* records(db: Queryable, filters: DocumentFilters): AsyncGenerator<Record<string, string>> {
  let before: SortKey | undefined;
  for (;;) {
    const page = await documentPage(db, { ...filters, before, limit: EXPORT_PAGE });
    for (const row of page.rows) yield record(row);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return;
    before = { at: last.createdAt, id: last.id };
  }
}

function record(row: ListedDocument): Record<(typeof COLUMNS)[number], string> {
  const sign = GIVEN_BACK.has(row.type) ? -1 : 1;
  const money = (minor: number) => formatMinor(sign * minor);
  const { day, time } = localDateTime(row.createdAt, row.timeZone);
  return {
    id: row.id,
    date: day,
    time,
    time_zone: row.timeZone,
    issued_at: row.createdAt.toISOString(),
    terminal: spreadsheetSafe(row.terminalName),
    type: row.type,
    status: row.status,
    receipt_number: row.receiptNumber === null ? '' : String(row.receiptNumber),
    report_number: String(row.reportNumber),
    mev_code: spreadsheetSafe(row.fiscalCode ?? ''),
    offline_code: spreadsheetSafe(row.offlineFiscalCode ?? ''),
    total: money(row.totalMinor),
    vat: money(row.vat.reduce((sum, v) => sum + v.vatAmount, 0)),
    payments: row.payments.map((p) => `${p.code}=${money(p.amount)}`).join(' '),
    sale_id: spreadsheetSafe(row.saleId ?? ''),
  };
}

/**
 * Text a merchant typed (a terminal's name), or a terminal sent (its codes, the sale id: any text
 * a device key pushes), starting with = + - @ would run as a formula in a spreadsheet: a leading
 * apostrophe keeps it text (OWASP, "CSV Injection").
 */
function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
