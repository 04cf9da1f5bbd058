// The optional second factor: a time-based one-time password (RFC 6238: SHA-1, 6 digits, 30 s,
// what every authenticator app reads from the otpauth:// QR code), computed by the `otpauth`
// library. The secret is sealed with the secrets keyring, bound to the user's id. A code is
// accepted one step either side of now (clock drift), and never twice: the step of the last
// accepted code is kept and only a later one passes, checked and written in one statement.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/database.js';
import { consoleUsers } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import type { ConsoleUserRow } from './console-user-store.js';
import { passwordMatches } from './passwords.js';
import { endOtherSessions } from './sessions.js';

const ISSUER = 'Fiscal POS';
const PERIOD_SECONDS = 30;

export interface TotpDeps {
  db: Queryable;
  secrets: SecretsKeyring;
  now: Date;
}

const totpOf = (secret: Secret, email: string): TOTP =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });

function storedSecret(deps: TotpDeps, user: ConsoleUserRow): Secret | undefined {
  if (user.totpSecretCiphertext === null || user.totpSecretKeyId === null) return undefined;
  const opened = deps.secrets.open(
    { ciphertext: user.totpSecretCiphertext, keyId: user.totpSecretKeyId },
    user.id,
  );
  if (!opened.ok) throw new Error(`the TOTP secret of ${user.id} cannot be opened: ${opened.reason}`);
  return Secret.fromBase32(opened.plaintext);
}

/**
 * Whether `code` is the user's current one and was not used before; when it is, its step is
 * recorded. Without a secret, false.
 */
async function acceptCode(deps: TotpDeps, user: ConsoleUserRow, code: string): Promise<boolean> {
  const secret = storedSecret(deps, user);
  if (!secret) return false;
  const timestamp = deps.now.getTime();
  const delta = totpOf(secret, user.email).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  const recorded = await deps.db
    .update(consoleUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(consoleUsers.id, user.id),
        or(isNull(consoleUsers.totpLastStep), lt(consoleUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: consoleUsers.id });
  return recorded.length > 0;
}

export const totpEnabled = (user: ConsoleUserRow): boolean => user.totpEnabledAt !== null;

/**
 * The second factor of a sign-in (or a password reset) for a user who turned it on: missing,
 * 401 totp_required (the password was right: the page asks for the code); wrong or reused,
 * the `wrong` problem.
 */
export async function requireSecondFactor(
  deps: TotpDeps,
  user: ConsoleUserRow,
  code: string | undefined,
  wrong: () => ProblemError,
): Promise<void> {
  if (!totpEnabled(user)) return;
  if (code === undefined)
    throw new ProblemError(
      'totp_required',
      'This account has two-factor sign-in: send the authenticator app’s 6-digit code as `totp`.',
    );
  if (!(await acceptCode(deps, user, code))) throw wrong();
}

/** A new secret for the user's authenticator, in force only once a code from it is confirmed. */
export async function setUpTotp(
  deps: TotpDeps,
  user: ConsoleUserRow,
): Promise<{ secret: string; uri: string }> {
  if (totpEnabled(user))
    throw new ProblemError('totp_state_conflict', 'Two-factor sign-in is on already: turn it off first.');
  const secret = new Secret({ size: 20 });
  const sealed = deps.secrets.seal(secret.base32, user.id);
  await deps.db
    .update(consoleUsers)
    .set({ totpSecretCiphertext: sealed.ciphertext, totpSecretKeyId: sealed.keyId, totpLastStep: null })
    .where(eq(consoleUsers.id, user.id));
  return { secret: secret.base32, uri: totpOf(secret, user.email).toString() };
}

const wrongCode = () =>
  new ProblemError('verification_failed', 'The code is wrong, expired or already used; try the next one.');

/**
 * Turns the second factor on, confirmed by the password and a code from the app, and ends the
 * user's other sessions: a browser signed in with the password alone (perhaps someone else's)
 * must now sign in with a code too. The session that turned it on stays. The password is asked
 * because the session alone must not do this: whoever holds it (a browser left signed in) would
 * bind the account to their own authenticator, sign its owner out everywhere and, since a reset
 * then asks for a code too, keep them out. It is checked before the code, so a wrong password
 * spends no step of the app's.
 */
export async function enableTotp(
  deps: TotpDeps,
  user: ConsoleUserRow,
  options: { code: string; password: string; sessionId: string },
): Promise<void> {
  if (totpEnabled(user)) throw new ProblemError('totp_state_conflict', 'Two-factor sign-in is on already.');
  if (user.totpSecretCiphertext === null)
    throw new ProblemError('totp_state_conflict', 'Set two-factor sign-in up first (POST /auth/totp/setup).');
  if (!(await passwordMatches(user.passwordHash, options.password)))
    throw new ProblemError('verification_failed', 'The password is wrong; nothing changed.', [
      { path: 'body.password', message: 'wrong password' },
    ]);
  if (!(await acceptCode(deps, user, options.code))) throw wrongCode();
  await deps.db.update(consoleUsers).set({ totpEnabledAt: deps.now }).where(eq(consoleUsers.id, user.id));
  await endOtherSessions(deps.db, user.id, options.sessionId);
}

/** Turns the second factor off, confirmed by a current code or by the password. */
export async function disableTotp(
  deps: TotpDeps,
  user: ConsoleUserRow,
  proof: { code: string } | { password: string },
): Promise<void> {
  if (!totpEnabled(user)) throw new ProblemError('totp_state_conflict', 'Two-factor sign-in is off.');
  const proven =
    'code' in proof
      ? await acceptCode(deps, user, proof.code)
      : await passwordMatches(user.passwordHash, proof.password);
  if (!proven)
    throw new ProblemError('verification_failed', 'The code or the password is wrong; nothing changed.');
  await deps.db
    .update(consoleUsers)
    .set({ totpSecretCiphertext: null, totpSecretKeyId: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(consoleUsers.id, user.id));
}
