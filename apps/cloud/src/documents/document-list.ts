// The merchant's fiscal documents, newest first, for the console's sales list and its CSV
// export: every document every terminal pushed (sales, refunds, cash in and out, reports),
// filtered by terminal, type, payment code and calendar days. Pages follow a keyset cursor
// (created_at, id), never an offset, and each filter has an index in that order, so any page
// costs the same few index reads (bench: apps/cloud/bench/sales-bench.ts):
//   no filter or a terminal   fiscal_documents (merchant_id[, terminal_id], created_at, id)
//   a type                    fiscal_documents (merchant_id, type, created_at, id)
//   a payment code            fiscal_document_payments (merchant_id, code, created_at, document_id)
//   a payment code and a terminal  fiscal_document_payments (merchant_id, terminal_id, code, created_at, document_id)
// Combined filters walk the most selective of these and check the others on each row. Days are
// each document's own (its terminal's zone, fiscal-time.ts): the walk is bounded by the instants
// those days span in the terminals' zones, which over terminals of one zone are the days exactly.
import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DocumentType } from '@fiscal-pos/platform-protocol';
import type { Queryable } from '../db/database.js';
import { fiscalDocumentPayments, fiscalDocuments, terminals } from '../db/schema.js';
import { paginate, type SortKey } from '../http/cursor.js';
import type { FiscalDocumentRow } from './document-schemas.js';
import { dayBounds, documentDay } from './fiscal-time.js';

export interface DocumentFilters {
  merchantId: string;
  terminalId?: string | undefined;
  type?: DocumentType | undefined;
  /** ACPS payment code: documents paid (in part) with it. */
  paymentCode?: string | undefined;
  /** Calendar days (YYYY-MM-DD), both included, each document's in its terminal's time zone. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

/** A listed document: everything but its lines, and its terminal's name. */
export type ListedDocument = Omit<FiscalDocumentRow, 'lines'> & { terminalName: string };

export interface DocumentPage {
  rows: ListedDocument[];
  hasMore: boolean;
  nextCursor: string | null;
}

const { lines: _lines, ...LISTED_COLUMNS } = getTableColumns(fiscalDocuments);

export async function documentPage(
  db: Queryable,
  filters: DocumentFilters & { before?: SortKey | undefined; limit: number },
): Promise<DocumentPage> {
  const t = fiscalDocuments;
  const p = fiscalDocumentPayments;
  // By payment code, the walk is on the payment index; its created_at is the document's.
  const byPayment = filters.paymentCode !== undefined;
  const createdAt = byPayment ? p.createdAt : t.createdAt;
  const id = byPayment ? p.documentId : t.id;
  const bounds = dayBounds(filters);
  const day = documentDay(t.createdAt, t.timeZone);
  const conditions: (SQL | undefined)[] = [
    eq(byPayment ? p.merchantId : t.merchantId, filters.merchantId),
    byPayment ? eq(p.code, filters.paymentCode!) : undefined,
    byPayment ? eq(t.merchantId, filters.merchantId) : undefined,
    filters.terminalId === undefined ? undefined : eq(t.terminalId, filters.terminalId),
    byPayment && filters.terminalId !== undefined ? eq(p.terminalId, filters.terminalId) : undefined,
    filters.type === undefined ? undefined : eq(t.type, filters.type),
    filters.fromDay === undefined ? undefined : gte(createdAt, bounds.start(filters.fromDay)),
    filters.toDay === undefined ? undefined : lt(createdAt, bounds.end(filters.toDay)),
    filters.fromDay === undefined ? undefined : sql`${day} >= ${filters.fromDay}::date`,
    filters.toDay === undefined ? undefined : sql`${day} <= ${filters.toDay}::date`,
    filters.before === undefined
      ? undefined
      : sql`(${createdAt}, ${id}) < (${filters.before.at}, ${filters.before.id})`,
  ];
  const columns = { ...LISTED_COLUMNS, terminalName: terminals.name };
  const base = byPayment
    ? db.select(columns).from(p).innerJoin(t, eq(t.id, p.documentId))
    : db.select(columns).from(t);
  const rows = await base
    .innerJoin(terminals, eq(terminals.id, t.terminalId))
    .where(and(...conditions))
    .orderBy(desc(createdAt), desc(id))
    .limit(filters.limit + 1);
  return paginate(rows, filters.limit, (r) => ({ at: r.createdAt, id: r.id }));
}
