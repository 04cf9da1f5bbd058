// Credentials revoked since a cursor, for the relay to drop their connections within seconds
// without asking the cloud per request. The cursor is the cloud's clock in milliseconds; every
// answer re-reads an overlap window before it because a revocation is stamped with the time its
// transaction started, which may commit after a read that came later. Repeats are harmless: the
// relay drops a connection of a revoked credential at most once.
import { and, gte, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { deviceCredentials } from '../db/schema.js';
import type { Revocations } from './relay-schemas.js';

/** A revoking transaction that takes longer than this to commit could be missed (docs/relay.md). */
const REVOCATION_OVERLAP_MS = 30_000;

export async function revocationsSince(
  db: Db,
  since: number | undefined,
  now: Date,
): Promise<z.infer<typeof Revocations>> {
  const cursor = String(now.getTime());
  // A relay starting afresh holds no connection verified before now: nothing to tell it.
  if (since === undefined) return { revoked: [], cursor };
  const revoked = await db
    .select({ credentialId: deviceCredentials.id, terminalId: deviceCredentials.terminalId })
    .from(deviceCredentials)
    .where(
      and(
        isNotNull(deviceCredentials.revokedAt),
        gte(deviceCredentials.revokedAt, new Date(since - REVOCATION_OVERLAP_MS)),
      ),
    );
  return { revoked, cursor };
}
