import { DomainError } from '../domain-error.js';

/**
 * How far the clock may read behind the terminal's last fiscal document (docs/terminal-api.md,
 * "A clock behind the last document"): an NTP correction steps a clock back by milliseconds,
 * a drifting RTC corrected at start by a few seconds. Within it, a document takes its
 * predecessor's time; beyond it, the clock is wrong and no fiscal document is issued.
 */
const CLOCK_BEHIND_TOLERANCE_SECONDS = 10;

/** Milliseconds the clock reads behind the last document's time; 0 when it is not behind. */
function clockBehindMs(lastDocumentAt: string | null, now: Date): number {
  if (lastDocumentAt === null) return 0;
  return Math.max(0, Date.parse(lastDocumentAt) - now.getTime());
}

/** Whether the clock is behind the last document by more than the tolerance. */
export function isClockBehind(lastDocumentAt: string | null, now: Date): boolean {
  return clockBehindMs(lastDocumentAt, now) > CLOCK_BEHIND_TOLERANCE_SECONDS * 1000;
}

/** The clock and the last document's time, for the refusal and for health. */
export function clockBehindMessage(lastDocumentAt: string | null, now: Date): string {
  return (
    `the terminal's clock reads ${now.toISOString()}, ${Math.round(clockBehindMs(lastDocumentAt, now) / 1000)} s ` +
    `before its last fiscal document (${lastDocumentAt ?? 'none'})`
  );
}

/**
 * The time of the next document: now, but never earlier than the last one (a clock within the
 * tolerance behind it dates the document at the last one's time). Throws
 * CLOCK_BEHIND_LAST_DOCUMENT beyond the tolerance.
 */
export function nextDocumentTime(lastDocumentAt: string | null, now: Date): Date {
  if (isClockBehind(lastDocumentAt, now)) {
    throw new DomainError(
      'CLOCK_BEHIND_LAST_DOCUMENT',
      `No fiscal document is issued while ${clockBehindMessage(lastDocumentAt, now)}; set the clock right`,
    );
  }
  return lastDocumentAt !== null && clockBehindMs(lastDocumentAt, now) > 0 ? new Date(lastDocumentAt) : now;
}
