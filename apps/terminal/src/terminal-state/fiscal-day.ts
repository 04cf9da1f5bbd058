/** A fiscal day lasts 24 hours from its first receipt; after that only a Z report is allowed. */
const FISCAL_DAY_LENGTH_MS = 24 * 60 * 60 * 1000;

export function isFiscalDayExpired(dayStartedAt: string | null, now: Date): boolean {
  if (dayStartedAt === null) return false;
  return now.getTime() - Date.parse(dayStartedAt) >= FISCAL_DAY_LENGTH_MS;
}
