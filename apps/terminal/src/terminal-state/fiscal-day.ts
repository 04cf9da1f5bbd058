/** A fiscal day lasts 24 hours from its first receipt; after that only a Z report is allowed. */
export const FISCAL_DAY_LENGTH_MS = 24 * 60 * 60 * 1000;

export function isFiscalDayExpired(dayStartedAt: string | null, now: Date): boolean {
  if (dayStartedAt === null) return false;
  return now.getTime() - Date.parse(dayStartedAt) >= FISCAL_DAY_LENGTH_MS;
}

/** When the open fiscal day started and when it expires; null before its first receipt. */
export function fiscalDayOf(dayStartedAt: string | null): { startedAt: string; expiresAt: string } | null {
  if (dayStartedAt === null) return null;
  const expiresAt = new Date(Date.parse(dayStartedAt) + FISCAL_DAY_LENGTH_MS).toISOString();
  return { startedAt: dayStartedAt, expiresAt };
}
