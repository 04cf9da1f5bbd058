// How long the cloud keeps rows that only serve for a while, written down once: each rule names
// its table, what it keeps and for how long, and the condition of a row past that. Tables that
// are the shop's records (documents, orders, stock, the audit log) have no rule: they are kept.
// Sent mail has its own (mail/mail-worker.ts, SENT_RETENTION_MS), pruned by the mail worker.
import { lt, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  adminIdempotency,
  consoleInvitations,
  consolePasswordResets,
  consoleSessions,
} from '../db/schema.js';

const DAY_MS = 24 * 60 * 60_000;

/** Answers to Idempotency-Keys replay for a week: longer than any client's retries last. */
export const IDEMPOTENCY_RETENTION_MS = 7 * DAY_MS;
/**
 * A link that expired (invitation, password reset) is kept a month, so that opening it says
 * "expired, ask for a new one" rather than "unknown link".
 */
export const EXPIRED_LINK_RETENTION_MS = 30 * DAY_MS;

interface RetentionRule {
  /** The table's name, for the log and the answer of a sweep. */
  name: string;
  table: PgTable;
  /** Rows past their time at `now`, given the console's session idle limit. */
  expired(now: Date, sessionIdleMs: number): SQL;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    // A session that can no longer be resumed: past its absolute end or idle too long (a session
    // presented after that is deleted then; this removes those never presented again).
    name: 'console_sessions',
    table: consoleSessions,
    expired: (now, idleMs) =>
      or(lt(consoleSessions.expiresAt, now), lt(consoleSessions.lastSeenAt, before(now, idleMs)))!,
  },
  {
    name: 'console_password_resets',
    table: consolePasswordResets,
    expired: (now) => lt(consolePasswordResets.expiresAt, before(now, EXPIRED_LINK_RETENTION_MS)),
  },
  {
    // Accepted and revoked invitations expire too (expires_at is set when one is made).
    name: 'console_invitations',
    table: consoleInvitations,
    expired: (now) => lt(consoleInvitations.expiresAt, before(now, EXPIRED_LINK_RETENTION_MS)),
  },
  {
    name: 'admin_idempotency',
    table: adminIdempotency,
    expired: (now) => lt(adminIdempotency.createdAt, before(now, IDEMPOTENCY_RETENTION_MS)),
  },
];
