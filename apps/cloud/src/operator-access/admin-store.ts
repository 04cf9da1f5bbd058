// The administration audit log and the answers kept for Idempotency-Key retries.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { adminAuditLog, adminIdempotency } from '../db/schema.js';

export type AuditEntry = typeof adminAuditLog.$inferInsert;

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export type StoredAnswer = typeof adminIdempotency.$inferSelect;

export async function findStoredAnswer(db: Queryable, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await db.select().from(adminIdempotency).where(eq(adminIdempotency.key, key)).limit(1);
  return row;
}

/** The first answer stored under a key wins (a concurrent retry finds it next time). */
export async function storeAnswer(
  db: Queryable,
  answer: typeof adminIdempotency.$inferInsert,
): Promise<void> {
  await db.insert(adminIdempotency).values(answer).onConflictDoNothing();
}
