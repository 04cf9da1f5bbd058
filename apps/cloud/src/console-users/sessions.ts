// Console sessions, kept server-side. The browser holds a random token in an httpOnly cookie;
// the table holds its SHA-256, a CSRF token the page sends back on every change, and two
// expiries: idle (since the last request) and absolute (since sign-in). A request renews the
// idle expiry, writing at most once a minute so that reading pages costs no write each.
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { consoleSessions, consoleUsers } from '../db/schema.js';
import { newId } from '../ids.js';
import type { ConsoleUserRow } from './console-user-store.js';
import { hashSecretToken as hashToken, newSecretToken as newToken } from './secret-tokens.js';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export interface ConsoleSession {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  user: ConsoleUserRow;
}

/** How stale `last_seen_at` may get before a request writes it again. */
const TOUCH_AFTER_MS = 60_000;

/** A new session for a user who just proved who they are; the token goes to the cookie only. */
export async function startSession(
  db: Queryable,
  user: ConsoleUserRow,
  now: Date,
  limits: SessionLimits,
): Promise<{ token: string; session: ConsoleSession }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + limits.absoluteMs);
  const [row] = await db
    .insert(consoleSessions)
    .values({
      id: newId('ses'),
      tokenHash: hashToken(token),
      userId: user.id,
      csrfToken: newToken(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning();
  return { token, session: { id: row!.id, csrfToken: row!.csrfToken, expiresAt, user } };
}

/** The live session a cookie token names, renewed; undefined when unknown or expired. */
export async function resumeSession(
  db: Queryable,
  token: string,
  now: Date,
  limits: SessionLimits,
): Promise<ConsoleSession | undefined> {
  const [row] = await db
    .select({ session: consoleSessions, user: consoleUsers })
    .from(consoleSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
    .where(and(eq(consoleSessions.tokenHash, hashToken(token)), gt(consoleSessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor >= limits.idleMs) {
    await db.delete(consoleSessions).where(eq(consoleSessions.id, row.session.id));
    return undefined;
  }
  if (idleFor >= TOUCH_AFTER_MS)
    await db.update(consoleSessions).set({ lastSeenAt: now }).where(eq(consoleSessions.id, row.session.id));
  return {
    id: row.session.id,
    csrfToken: row.session.csrfToken,
    expiresAt: row.session.expiresAt,
    user: row.user,
  };
}

/** Constant time: the tokens are compared as digests of equal length. */
export function csrfTokenMatches(session: ConsoleSession, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(session.csrfToken), digest(given));
}

export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.id, sessionId));
}

/** Signs a user out of every browser (after a password change, a removal, or on request). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.userId, userId));
}

/** Signs a user out of every browser but this one (their sign-in just got stronger). */
export async function endOtherSessions(db: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await db
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), ne(consoleSessions.id, keepSessionId)));
}
