// A merchant's console users as its owners manage them: the list, a role changed, a user
// removed (their sessions end with them). A merchant always keeps an owner: the last one can
// be neither demoted nor removed. The owners' rows are locked while this is checked, so two
// owners demoting each other at once leave one of them owner. An owner removed or demoted
// loses the invitations they sent and nobody accepted yet: a link they made (perhaps to an
// address of their own, as owner) must not bring them back once the shop has shut them out.
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { consoleInvitations, consoleUsers } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import type { SortKey } from '../http/cursor.js';
import type { ConsoleUserRow } from './console-user-store.js';
import type { ConsoleRole } from './roles.js';

/** A page of the merchant's users, oldest first; `after` is the last row of the page before. */
export async function listConsoleUsers(
  db: Queryable,
  input: { merchantId: string; limit: number; after: SortKey | undefined },
): Promise<ConsoleUserRow[]> {
  const { after } = input;
  return db
    .select()
    .from(consoleUsers)
    .where(
      and(
        eq(consoleUsers.merchantId, input.merchantId),
        after
          ? or(
              gt(consoleUsers.createdAt, after.at),
              and(eq(consoleUsers.createdAt, after.at), gt(consoleUsers.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(consoleUsers.createdAt), asc(consoleUsers.id))
    .limit(input.limit + 1);
}

const noSuchUser = (userId: string) => new ProblemError('not_found', `No console user ${userId}.`);

/** Locks the merchant's owners and answers the user, refusing to leave the merchant without one. */
async function lockKeepingAnOwner(
  tx: Queryable,
  merchantId: string,
  userId: string,
  becomes: ConsoleRole | 'removed',
): Promise<ConsoleUserRow> {
  const owners = await tx
    .select({ id: consoleUsers.id })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.merchantId, merchantId), eq(consoleUsers.role, 'owner')))
    .for('update');
  const [user] = await tx
    .select()
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, userId), eq(consoleUsers.merchantId, merchantId)))
    .for('update');
  if (!user) throw noSuchUser(userId);
  const losesOwner = user.role === 'owner' && becomes !== 'owner';
  if (losesOwner && owners.length <= 1)
    throw new ProblemError('last_owner', 'This is the shop’s only owner: make another user owner first.');
  return user;
}

/** Withdraws the pending invitations `userId` sent (before their row goes: the link is set null then). */
async function withdrawInvitationsBy(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx
    .update(consoleInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(consoleInvitations.invitedBy, userId),
        isNull(consoleInvitations.acceptedAt),
        isNull(consoleInvitations.revokedAt),
      ),
    );
}

export async function changeConsoleUserRole(
  db: Db,
  input: { merchantId: string; userId: string; role: ConsoleRole; now: Date },
): Promise<ConsoleUserRow> {
  return db.transaction(async (tx) => {
    const user = await lockKeepingAnOwner(tx, input.merchantId, input.userId, input.role);
    if (user.role === 'owner' && input.role !== 'owner') await withdrawInvitationsBy(tx, user.id, input.now);
    const [changed] = await tx
      .update(consoleUsers)
      .set({ role: input.role })
      .where(eq(consoleUsers.id, input.userId))
      .returning();
    return changed!;
  });
}

/**
 * Removes the user; their sessions and reset links go with them (foreign keys cascade), their
 * pending invitations are withdrawn.
 */
export async function removeConsoleUser(
  db: Db,
  input: { merchantId: string; userId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKeepingAnOwner(tx, input.merchantId, input.userId, 'removed');
    await withdrawInvitationsBy(tx, input.userId, input.now);
    await tx.delete(consoleUsers).where(eq(consoleUsers.id, input.userId));
  });
}

/** The merchant's user by id, or 404 (another merchant's user is as unknown as a made-up id). */
export async function requireConsoleUser(
  db: Queryable,
  input: { merchantId: string; userId: string },
): Promise<ConsoleUserRow> {
  const [user] = await db
    .select()
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, input.userId), eq(consoleUsers.merchantId, input.merchantId)));
  if (!user) throw noSuchUser(input.userId);
  return user;
}
