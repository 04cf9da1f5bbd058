// Invitations to a merchant's console: made by an owner (or by the operator, for a merchant's
// first owner), accepted by the invitee choosing a password, which makes them a user and signs
// them in. The link's token is 256 random bits; only its SHA-256 is stored. A new invitation to
// the same address of the same merchant replaces the pending one.
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { consoleInvitations } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import type { MailOutbox, Queued } from '../mail/mail-outbox.js';
import { findUserByEmail, insertConsoleUser, merchantName, normalizeEmail } from './console-user-store.js';
import { invitationMail } from './console-mail.js';
import { hashPassword } from './passwords.js';
import type { ConsoleRole } from './roles.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import { startSession, type ConsoleSession, type SessionLimits } from './sessions.js';

export type InvitationRow = typeof consoleInvitations.$inferSelect;

/** The page a link opens: `<console URL>/console/invitation/<token>`. */
const invitationLink = (consoleUrl: string, token: string): string =>
  `${consoleUrl}/console/invitation/${token}`;

export interface InviteDeps {
  db: Db;
  mail: MailOutbox;
  now: Date;
  ttlMs: number;
  /** Where people reach the console (CONSOLE_PUBLIC_URL or the listening address). */
  consoleUrl: string;
}

export interface Invited {
  invitation: InvitationRow;
  /** The link, for the inviter to pass on when no mail is sent (it is shown to them once). */
  link: string;
  mail: Queued;
}

export async function inviteConsoleUser(
  deps: InviteDeps,
  input: { merchantId: string; email: string; role: ConsoleRole; invitedBy: string | null },
): Promise<Invited> {
  const email = normalizeEmail(input.email);
  const token = newSecretToken();
  const link = invitationLink(deps.consoleUrl, token);
  return deps.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email))
      throw new ProblemError(
        'user_exists',
        'This address already has a console account (a person signs in to one shop’s console).',
      );
    await tx
      .update(consoleInvitations)
      .set({ revokedAt: deps.now })
      .where(and(pendingOf(input.merchantId), eq(consoleInvitations.email, email)));
    const [invitation] = await tx
      .insert(consoleInvitations)
      .values({
        id: newId('inv'),
        merchantId: input.merchantId,
        email,
        role: input.role,
        tokenHash: hashSecretToken(token),
        invitedBy: input.invitedBy,
        createdAt: deps.now,
        expiresAt: new Date(deps.now.getTime() + deps.ttlMs),
      })
      .returning();
    const mail = await deps.mail.enqueue(
      tx,
      invitationMail({
        to: email,
        merchantName: await merchantName(tx, input.merchantId),
        role: input.role,
        link,
        expiresAt: invitation!.expiresAt,
      }),
    );
    return { invitation: invitation!, link, mail };
  });
}

const pendingOf = (merchantId: string) =>
  and(
    eq(consoleInvitations.merchantId, merchantId),
    isNull(consoleInvitations.acceptedAt),
    isNull(consoleInvitations.revokedAt),
  );

/** The invitation a link names, if it can still be accepted; otherwise the problem to answer. */
async function liveInvitation(db: Queryable, token: string, now: Date): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(consoleInvitations)
    .where(eq(consoleInvitations.tokenHash, hashSecretToken(token)))
    .limit(1);
  if (!row || row.revokedAt)
    throw new ProblemError(
      'invitation_invalid',
      'This invitation link is not valid (it may have been replaced or withdrawn); ask the shop’s owner for a new one.',
    );
  if (row.acceptedAt)
    throw new ProblemError('invitation_used', 'This invitation was already accepted: sign in instead.');
  if (row.expiresAt <= now)
    throw new ProblemError(
      'invitation_expired',
      'This invitation expired; ask the shop’s owner for a new one.',
    );
  return row;
}

/** What the invitation page shows before the invitee chooses a password. */
export async function describeInvitation(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ invitation: InvitationRow; merchantName: string }> {
  const invitation = await liveInvitation(db, token, now);
  return { invitation, merchantName: await merchantName(db, invitation.merchantId) };
}

export async function acceptInvitation(
  deps: { db: Db; now: Date; limits: SessionLimits },
  input: { token: string; password: string },
): Promise<{ token: string; session: ConsoleSession }> {
  // Hashed before the transaction: argon2 takes tens of milliseconds, a transaction should not.
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const invitation = await liveInvitation(tx, input.token, deps.now);
      // Claimed first, so two acceptances of one link make one user.
      const claimed = await tx
        .update(consoleInvitations)
        .set({ acceptedAt: deps.now })
        .where(and(eq(consoleInvitations.id, invitation.id), isNull(consoleInvitations.acceptedAt)))
        .returning({ id: consoleInvitations.id });
      if (claimed.length === 0)
        throw new ProblemError('invitation_used', 'This invitation was already accepted: sign in instead.');
      const user = await insertConsoleUser(tx, {
        merchantId: invitation.merchantId,
        email: invitation.email,
        role: invitation.role,
        passwordHash,
      });
      return startSession(tx, user, deps.now, deps.limits);
    });
  } catch (error) {
    // The address became a user meanwhile (another shop's invitation): nothing was written.
    if (!isUniqueViolation(error)) throw error;
    throw new ProblemError(
      'user_exists',
      'This address already has a console account (it accepted another invitation): sign in instead.',
    );
  }
}

export async function listPendingInvitations(
  db: Queryable,
  merchantId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return db
    .select()
    .from(consoleInvitations)
    .where(and(pendingOf(merchantId), gt(consoleInvitations.expiresAt, now)))
    .orderBy(asc(consoleInvitations.createdAt), asc(consoleInvitations.id));
}

/** Withdraws a pending invitation of the merchant; false when there is none by that id. */
export async function revokeInvitation(
  db: Queryable,
  input: { merchantId: string; invitationId: string; now: Date },
): Promise<boolean> {
  const revoked = await db
    .update(consoleInvitations)
    .set({ revokedAt: input.now })
    .where(and(eq(consoleInvitations.id, input.invitationId), pendingOf(input.merchantId)))
    .returning({ id: consoleInvitations.id });
  return revoked.length > 0;
}
