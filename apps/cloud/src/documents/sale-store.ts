// Reading a merchant's sales and refunds for the integration API. Every query is filtered by
// the merchant of the key and served by (merchant_id[, terminal_id], created_at, id) indexes.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { syncHorizon } from '../db/sync-horizon.js';
import { fiscalDocuments } from '../db/schema.js';
import { paginate, type SortKey } from '../http/cursor.js';
import { isReceipt, RECEIPT_TYPES, type FiscalDocumentRow, type ReceiptType } from './document-schemas.js';

type ReceiptRow = FiscalDocumentRow & { type: ReceiptType };

export async function findSale(
  db: Queryable,
  merchantId: string,
  id: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.merchantId, merchantId), eq(fiscalDocuments.id, id)))
    .limit(1);
  return row && isReceipt(row) ? row : undefined;
}

/**
 * One page in (createdAt, id) order: when the terminal issued them, oldest first. With
 * updatedSince, in (updatedAt, id) order instead: every receipt that arrived or changed (its
 * fiscal status) at or after that instant and before the sync horizon (sync-horizon.ts), so
 * that a client asking again from the largest updatedAt it read misses none, a receipt pushed
 * days late by a terminal that was offline included.
 */
export async function salePage(
  db: Db,
  options: {
    merchantId: string;
    terminalId?: string | undefined;
    type?: ReceiptType | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
    updatedSince?: Date | undefined;
    after?: SortKey | undefined;
    limit: number;
  },
): Promise<{ rows: ReceiptRow[]; hasMore: boolean; nextCursor: string | null }> {
  const t = fiscalDocuments;
  const order = options.updatedSince ? t.updatedAt : t.createdAt;
  const conditions: SQL[] = [
    eq(t.merchantId, options.merchantId),
    options.type ? eq(t.type, options.type) : inArray(t.type, [...RECEIPT_TYPES]),
  ];
  if (options.terminalId) conditions.push(eq(t.terminalId, options.terminalId));
  if (options.from) conditions.push(gte(t.createdAt, options.from));
  if (options.to) conditions.push(lt(t.createdAt, options.to));
  if (options.updatedSince)
    conditions.push(
      gte(t.updatedAt, options.updatedSince),
      sql`${t.updatedAt} < ${await syncHorizon(db)}::timestamptz`,
    );
  if (options.after) conditions.push(sql`(${order}, ${t.id}) > (${options.after.at}, ${options.after.id})`);
  const rows = await db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(asc(order), asc(t.id))
    .limit(options.limit + 1);
  return paginate(rows.filter(isReceipt), options.limit, (r) => ({
    at: options.updatedSince ? r.updatedAt : r.createdAt,
    id: r.id,
  }));
}
