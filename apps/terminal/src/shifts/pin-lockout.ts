/**
 * How long a cashier waits after wrong PINs. A PIN has 10,000 values: a few mistakes cost
 * nothing, then each further one doubles the wait, up to an hour. Guessing a PIN then takes
 * months instead of the minutes 10,000 scrypt checks would take.
 */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 3_600_000;

export interface PinFailures {
  /** Wrong PINs in a row. */
  failures: number;
  lastFailureAt: Date;
}

/** When the cashier may try again; null when they may now. */
export function lockedUntil(record: PinFailures | null, now: Date): Date | null {
  if (record === null || record.failures < FREE_ATTEMPTS) return null;
  const exponent = Math.min(record.failures - FREE_ATTEMPTS, 6);
  const lockMs = Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** exponent);
  const until = new Date(record.lastFailureAt.getTime() + lockMs);
  return until > now ? until : null;
}
