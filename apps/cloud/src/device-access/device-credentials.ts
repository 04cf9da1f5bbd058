// Device credentials: issued at activation, rotated by the device itself. A rotated credential
// stays valid until its successor is first used, so a terminal that lost the rotation's answer
// still gets in with the old one (and rotates again); at most one unused successor is alive.
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { deviceCredentials, terminals } from '../db/schema.js';
import { newId } from '../ids.js';
import { DEVICE_CREDENTIAL_PREFIX } from '@fiscal-pos/platform-protocol';
import { generateToken } from '../keys/tokens.js';

/** Returns the credential itself: shown once, never stored. */
export async function issueDeviceCredential(
  tx: Queryable,
  options: { terminalId: string; now: Date; replacesId?: string },
): Promise<string> {
  const token = generateToken(DEVICE_CREDENTIAL_PREFIX);
  await tx.insert(deviceCredentials).values({
    id: newId('dcr'),
    terminalId: options.terminalId,
    hash: token.hash,
    replacesId: options.replacesId ?? null,
    createdAt: options.now,
  });
  return token.plaintext;
}

/** Every live credential of the terminal stops working (re-activation, deactivation). */
export async function revokeDeviceCredentials(tx: Queryable, terminalId: string, now: Date): Promise<void> {
  await tx
    .update(deviceCredentials)
    .set({ revokedAt: now })
    .where(and(eq(deviceCredentials.terminalId, terminalId), isNull(deviceCredentials.revokedAt)));
}

export interface ResolvedCredential {
  credentialId: string;
  replacesId: string | null;
  firstUsedAt: Date | null;
  terminalId: string;
  merchantId: string;
  /** The terminal's status (terminals/terminal-lifecycle.ts); a deactivated one is refused. */
  terminalStatus: string;
}

/**
 * Every device request's first query, so prepared once per connection (as the product list's):
 * no query building per request, no parse and plan by the server. Not a cache: each request
 * still reads the credential as it is now, so a revocation is refused at once in every process.
 */
function prepareResolve(db: Db) {
  return db
    .select({
      credentialId: deviceCredentials.id,
      replacesId: deviceCredentials.replacesId,
      firstUsedAt: deviceCredentials.firstUsedAt,
      terminalId: terminals.id,
      merchantId: terminals.merchantId,
      terminalStatus: terminals.status,
    })
    .from(deviceCredentials)
    .innerJoin(terminals, eq(terminals.id, deviceCredentials.terminalId))
    .where(and(eq(deviceCredentials.hash, sql.placeholder('hash')), isNull(deviceCredentials.revokedAt)))
    .limit(1)
    .prepare('resolve_device_credential');
}

const resolveByDb = new WeakMap<Db, ReturnType<typeof prepareResolve>>();

/** The live credential with this hash and its terminal, if any. */
export async function resolveDeviceCredential(db: Db, hash: string): Promise<ResolvedCredential | undefined> {
  let resolve = resolveByDb.get(db);
  if (!resolve) resolveByDb.set(db, (resolve = prepareResolve(db)));
  const [row] = await resolve.execute({ hash });
  return row;
}

/** The first use of a successor retires the credential it replaces. */
export async function recordFirstUse(
  db: Queryable,
  credential: { credentialId: string; replacesId: string },
  now: Date,
): Promise<void> {
  const used = await db
    .update(deviceCredentials)
    .set({ firstUsedAt: now })
    .where(and(eq(deviceCredentials.id, credential.credentialId), isNull(deviceCredentials.firstUsedAt)))
    .returning({ id: deviceCredentials.id });
  if (used.length === 0) return;
  await db
    .update(deviceCredentials)
    .set({ revokedAt: now })
    .where(and(eq(deviceCredentials.id, credential.replacesId), isNull(deviceCredentials.revokedAt)));
}

/**
 * A successor for the calling credential. An earlier successor never used is revoked first: its
 * answer was lost, and keeping it would let unused credentials pile up.
 */
export async function rotateDeviceCredential(
  tx: Queryable,
  device: { credentialId: string; terminalId: string },
  now: Date,
): Promise<string> {
  await tx
    .update(deviceCredentials)
    .set({ revokedAt: now })
    .where(
      and(
        eq(deviceCredentials.terminalId, device.terminalId),
        ne(deviceCredentials.id, device.credentialId),
        isNotNull(deviceCredentials.replacesId),
        isNull(deviceCredentials.firstUsedAt),
        isNull(deviceCredentials.revokedAt),
      ),
    );
  return issueDeviceCredential(tx, { terminalId: device.terminalId, now, replacesId: device.credentialId });
}
