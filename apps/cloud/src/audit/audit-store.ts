// The audit log and the answers kept for Idempotency-Key retries, for the administration API and
// the merchant console alike.
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { adminAuditLog, adminIdempotency } from '../db/schema.js';

export type AuditEntry = typeof adminAuditLog.$inferInsert;
export type AuditRow = typeof adminAuditLog.$inferSelect;

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export type StoredAnswer = typeof adminIdempotency.$inferSelect;

/**
 * Holds the key until the transaction ends, so a concurrent retry with the same key waits for
 * the first request's answer instead of acting a second time.
 */
export async function lockIdempotencyKey(tx: Queryable, scope: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}\n${key}`}, 0))`);
}

export async function findStoredAnswer(
  db: Queryable,
  scope: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(adminIdempotency)
    .where(and(eq(adminIdempotency.scope, scope), eq(adminIdempotency.key, key)))
    .limit(1);
  return row;
}

/** The first answer stored under a key wins (a concurrent retry finds it next time). */
export async function storeAnswer(
  db: Queryable,
  answer: typeof adminIdempotency.$inferInsert,
): Promise<void> {
  await db.insert(adminIdempotency).values(answer).onConflictDoNothing();
}

/** A merchant's audit rows, newest first, after the id of the last row served. */
export async function listMerchantAudit(
  db: Queryable,
  options: {
    merchantId: string;
    /** A console user's id, or 'operator'. */
    actor?: string | undefined;
    /** Requests to this path or below it (a resource of the console: /api/console/v1/terminals). */
    under?: string | undefined;
    beforeId?: number | undefined;
    limit: number;
  },
): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [eq(adminAuditLog.merchantId, options.merchantId)];
  if (options.actor === 'operator') where.push(eq(adminAuditLog.actorKind, 'operator'));
  else if (options.actor !== undefined) where.push(eq(adminAuditLog.actorUserId, options.actor));
  if (options.under !== undefined) {
    const below = `${options.under.replace(/[\\%_]/g, '\\$&')}/%`;
    where.push(or(eq(adminAuditLog.path, options.under), sql`${adminAuditLog.path} like ${below}`));
  }
  if (options.beforeId !== undefined) where.push(lt(adminAuditLog.id, options.beforeId));
  return db
    .select()
    .from(adminAuditLog)
    .where(and(...where))
    .orderBy(desc(adminAuditLog.id))
    .limit(options.limit + 1);
}
