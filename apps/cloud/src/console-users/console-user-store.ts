// Console users and their merchant, read and written for the use cases of this folder.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { consoleUsers, merchants, type ConsoleRole } from '../db/schema.js';
import { newId } from '../ids.js';

export type ConsoleUserRow = typeof consoleUsers.$inferSelect;

/** E-mail addresses compare without case and surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<ConsoleUserRow | undefined> {
  const [row] = await db
    .select()
    .from(consoleUsers)
    .where(eq(consoleUsers.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function insertConsoleUser(
  db: Queryable,
  user: { merchantId: string; email: string; role: ConsoleRole; passwordHash: string | null },
): Promise<ConsoleUserRow> {
  const [row] = await db
    .insert(consoleUsers)
    .values({ id: newId('usr'), ...user, email: normalizeEmail(user.email) })
    .returning();
  return row!;
}

export async function merchantName(db: Queryable, merchantId: string): Promise<string> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? '';
}
