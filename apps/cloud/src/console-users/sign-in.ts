// Signing in to the console with an e-mail address and a password. Attempts are limited per
// address and per account before the password is checked (argon2 costs ~20 ms of CPU, so the
// limit also keeps guessing from using the server up), and the answer to a wrong password is
// the answer to an unknown address: nobody learns from it who has an account. A user with
// two-factor sign-in also sends the authenticator's code (totp.ts); a wrong one is answered
// like a wrong password, a missing one (after a right password) with 401 totp_required.
import type { Queryable } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { ConsoleConfig } from '../config.js';
import { AddressLimiter } from '../http/address-limiter.js';
import { ProblemError } from '../http/problem.js';
import { findUserByEmail, normalizeEmail } from './console-user-store.js';
import { passwordMatches } from './passwords.js';
import { startSession, type ConsoleSession, type SessionLimits } from './sessions.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { requireSecondFactor } from './totp.js';

/** Attempts counted per client address and per e-mail address (docs/console.md: Signing in). */
export interface SignInAttempts {
  byAddress: AddressLimiter;
  byAccount: AddressLimiter;
}

export function signInAttempts(config: ConsoleConfig['signIn'], clock: Clock): SignInAttempts {
  return {
    byAddress: new AddressLimiter({ max: config.maxPerAddress, windowMs: config.windowMs, clock }),
    byAccount: new AddressLimiter({ max: config.maxPerAccount, windowMs: config.windowMs, clock }),
  };
}

export interface SignInDeps {
  db: Queryable;
  now: Date;
  limits: SessionLimits;
  attempts: SignInAttempts;
  /** Opens the TOTP secrets of users with two-factor sign-in. */
  secrets: SecretsKeyring;
}

const wrongCredentials = () =>
  new ProblemError('invalid_credentials', 'The e-mail address, the password or the code is wrong.');

function countAttempt(limiter: AddressLimiter, key: string): void {
  const verdict = limiter.count(key);
  if (!verdict.allowed)
    throw ProblemError.rateLimited(
      'Too many sign-in attempts; wait for the Retry-After header’s seconds, or reset the password.',
      verdict.retryAfterSeconds,
    );
}

/**
 * Counts a check of a signed-in user's password or code (two-factor on or off) against their
 * account's sign-in limit, right or wrong: a session alone (a browser left signed in) must not
 * guess them faster than signing in would.
 */
export function countAccountAttempt(attempts: SignInAttempts, email: string): void {
  countAttempt(attempts.byAccount, normalizeEmail(email));
}

export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string; totp?: string | undefined; address: string },
): Promise<{ token: string; session: ConsoleSession }> {
  countAttempt(deps.attempts.byAddress, input.address);
  countAccountAttempt(deps.attempts, input.email);
  const user = await findUserByEmail(deps.db, input.email);
  if (!(await passwordMatches(user?.passwordHash, input.password)) || !user) throw wrongCredentials();
  await requireSecondFactor(
    { db: deps.db, secrets: deps.secrets, now: deps.now },
    user,
    input.totp,
    wrongCredentials,
  );
  return startSession(deps.db, user, deps.now, deps.limits);
}
