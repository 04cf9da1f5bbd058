// Forgotten passwords: a link by e-mail, single use, valid 30 minutes (CONSOLE_PASSWORD_RESET_MINUTES).
// Asking always answers the same, whether the address has an account or not, and as fast: the
// request is counted, then answered, and the link is made and queued afterwards (an address with
// an account costs a few writes more, which the answer's timing would otherwise tell). Requests
// are limited per client address and per e-mail address (known or not, so the limit tells
// nothing either). Completing sets the new password, uses up every reset link of the user, ends all
// their sessions and signs them in; a user with two-factor sign-in also gives a current code,
// so a stolen mailbox alone does not open the account.
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { ConsoleConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { consolePasswordResets, consoleUsers } from '../db/schema.js';
import { AddressLimiter } from '../http/address-limiter.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import type { MailOutbox, Queued } from '../mail/mail-outbox.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { findUserByEmail, normalizeEmail } from './console-user-store.js';
import { passwordResetMail } from './console-mail.js';
import { hashPassword } from './passwords.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import { endAllSessions, startSession, type ConsoleSession, type SessionLimits } from './sessions.js';
import { requireSecondFactor } from './totp.js';

export interface ResetAttempts {
  byAddress: AddressLimiter;
  byAccount: AddressLimiter;
}

export function resetAttempts(config: ConsoleConfig['passwordReset'], clock: Clock): ResetAttempts {
  return {
    byAddress: new AddressLimiter({ max: config.maxPerAddress, windowMs: config.windowMs, clock }),
    byAccount: new AddressLimiter({ max: config.maxPerAccount, windowMs: config.windowMs, clock }),
  };
}

/** The page a link opens: `<console URL>/console/password-reset/<token>`. */
const resetLink = (consoleUrl: string, token: string): string =>
  `${consoleUrl}/console/password-reset/${token}`;

/** Counts a reset request per client address and per e-mail address; over a limit, 429. */
export function countResetRequest(attempts: ResetAttempts, input: { email: string; address: string }): void {
  for (const [limiter, key] of [
    [attempts.byAddress, input.address],
    [attempts.byAccount, normalizeEmail(input.email)],
  ] as const) {
    const verdict = limiter.count(key);
    if (!verdict.allowed)
      throw ProblemError.rateLimited(
        'Too many password reset requests; wait for the Retry-After header’s seconds.',
        verdict.retryAfterSeconds,
      );
  }
}

/** Mails a reset link when the address has an account; answers what happened, for the log only. */
export async function requestPasswordReset(
  deps: { db: Db; mail: MailOutbox; now: Date; ttlMs: number; consoleUrl: string },
  email: string,
): Promise<Queued | 'no_account'> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return 'no_account';
    const token = newSecretToken();
    await tx.insert(consolePasswordResets).values({
      id: newId('pwr'),
      userId: user.id,
      tokenHash: hashSecretToken(token),
      createdAt: deps.now,
      expiresAt: new Date(deps.now.getTime() + deps.ttlMs),
    });
    return deps.mail.enqueue(
      tx,
      passwordResetMail({
        to: user.email,
        link: resetLink(deps.consoleUrl, token),
        minutes: Math.round(deps.ttlMs / 60_000),
      }),
    );
  });
}

export async function completePasswordReset(
  deps: { db: Db; now: Date; limits: SessionLimits; secrets: SecretsKeyring },
  input: { token: string; password: string; totp?: string | undefined },
): Promise<{ token: string; session: ConsoleSession }> {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ reset: consolePasswordResets, user: consoleUsers })
      .from(consolePasswordResets)
      .innerJoin(consoleUsers, eq(consoleUsers.id, consolePasswordResets.userId))
      .where(eq(consolePasswordResets.tokenHash, hashSecretToken(input.token)))
      .limit(1)
      .for('update');
    if (!found || found.reset.usedAt)
      throw new ProblemError(
        'reset_link_invalid',
        'This password reset link is not valid or was used already; ask for a new one.',
      );
    if (found.reset.expiresAt <= deps.now)
      throw new ProblemError('reset_link_expired', 'This password reset link expired; ask for a new one.');
    const { user } = found;
    await requireSecondFactor(
      { db: tx, secrets: deps.secrets, now: deps.now },
      user,
      input.totp,
      () => new ProblemError('verification_failed', 'The authenticator code is wrong or already used.'),
    );
    await tx.update(consoleUsers).set({ passwordHash }).where(eq(consoleUsers.id, user.id));
    await tx
      .update(consolePasswordResets)
      .set({ usedAt: deps.now })
      .where(and(eq(consolePasswordResets.userId, user.id), isNull(consolePasswordResets.usedAt)));
    await endAllSessions(tx, user.id);
    return startSession(tx, { ...user, passwordHash }, deps.now, deps.limits);
  });
}
