// Reading a merchant's sales and refunds for the integration API. Every query is filtered by
// the merchant of the key and served by (merchant_id[, terminal_id], created_at, id) indexes.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
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

/** One page in (createdAt, id) order: when the terminal issued them, oldest first. */
export async function salePage(
  db: Queryable,
  options: {
    merchantId: string;
    terminalId?: string | undefined;
    type?: ReceiptType | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
    after?: SortKey | undefined;
    limit: number;
  },
): Promise<{ rows: ReceiptRow[]; hasMore: boolean; nextCursor: string | null }> {
  const t = fiscalDocuments;
  const conditions: SQL[] = [
    eq(t.merchantId, options.merchantId),
    options.type ? eq(t.type, options.type) : inArray(t.type, [...RECEIPT_TYPES]),
  ];
  if (options.terminalId) conditions.push(eq(t.terminalId, options.terminalId));
  if (options.from) conditions.push(gte(t.createdAt, options.from));
  if (options.to) conditions.push(lt(t.createdAt, options.to));
  if (options.after)
    conditions.push(sql`(${t.createdAt}, ${t.id}) > (${options.after.at}, ${options.after.id})`);
  const rows = await db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(options.limit + 1);
  return paginate(rows.filter(isReceipt), options.limit, (r) => ({ at: r.createdAt, id: r.id }));
}
