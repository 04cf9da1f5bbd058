// Signing in to the console with an e-mail address and a password. Attempts are limited per
// address and per account before the password is checked (argon2 costs ~20 ms of CPU, so the
// limit also keeps guessing from using the server up), and the answer to a wrong password is
// the answer to an unknown address: nobody learns from it who has an account.
import type { Queryable } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { ConsoleConfig } from '../config.js';
import { AddressLimiter } from '../http/address-limiter.js';
import { ProblemError } from '../http/problem.js';
import { findUserByEmail, normalizeEmail } from './console-user-store.js';
import { passwordMatches } from './passwords.js';
import { startSession, type ConsoleSession, type SessionLimits } from './sessions.js';

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
}

export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string; address: string },
): Promise<{ token: string; session: ConsoleSession }> {
  for (const [limiter, key] of [
    [deps.attempts.byAddress, input.address],
    [deps.attempts.byAccount, normalizeEmail(input.email)],
  ] as const) {
    const verdict = limiter.count(key);
    if (!verdict.allowed)
      throw ProblemError.rateLimited(
        'Too many sign-in attempts; wait for the Retry-After header’s seconds, or reset the password.',
        verdict.retryAfterSeconds,
      );
  }
  const user = await findUserByEmail(deps.db, input.email);
  if (!(await passwordMatches(user?.passwordHash, input.password)) || !user)
    throw new ProblemError('invalid_credentials', 'The e-mail address or the password is wrong.');
  return startSession(deps.db, user, deps.now, deps.limits);
}
