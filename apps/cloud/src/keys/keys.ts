// Creating, revoking, rotating and resolving integration keys.
import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { apiKeys, merchants } from '../db/schema.js';
import type { SortKey } from '../http/cursor.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import { generateApiKey } from './api-key.js';
import { announceAuthChange } from './auth-changes.js';
import type { Scope } from './scopes.js';

export interface CreatedKey {
  id: string;
  merchantId: string;
  /** The only time the key is visible. */
  key: string;
  displayPrefix: string;
  lastFour: string;
  scopes: Scope[];
}

export async function createKey(
  db: Queryable,
  options: { merchantId: string; scopes: Scope[]; name?: string },
): Promise<CreatedKey> {
  const generated = generateApiKey();
  const id = newId('key');
  await db.insert(apiKeys).values({
    id,
    merchantId: options.merchantId,
    name: options.name ?? 'integration',
    hash: generated.hash,
    displayPrefix: generated.displayPrefix,
    lastFour: generated.lastFour,
    scopes: options.scopes,
  });
  return {
    id,
    merchantId: options.merchantId,
    key: generated.plaintext,
    displayPrefix: generated.displayPrefix,
    lastFour: generated.lastFour,
    scopes: options.scopes,
  };
}

/** A key of any merchant (the operator), or of this merchant only (the console). */
const keyOf = (keyId: string, merchantId: string | undefined): SQL =>
  merchantId === undefined
    ? eq(apiKeys.id, keyId)
    : and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, merchantId))!;

/**
 * Returns false when the key does not exist (or is not `merchantId`'s, when given) or was
 * already revoked.
 */
export async function revokeKey(db: Db, keyId: string, merchantId?: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(keyOf(keyId, merchantId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  announceAuthChange({ keyId });
  return rows.length === 1;
}

/**
 * Issues a new key with the same merchant and scopes; the old one keeps working for
 * `graceSeconds` (0 ends it now) so integrations can be redeployed without downtime.
 * A key has at most one successor: rotating a rotated key is refused (rotate its successor,
 * or revoke the old key to end its grace period early).
 */
export async function rotateKey(
  db: Db,
  keyId: string,
  graceSeconds: number,
  merchantId?: string,
): Promise<CreatedKey | undefined> {
  const created = await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(keyOf(keyId, merchantId), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!old) return undefined;
    if (old.rotatedToId !== null)
      throw new ProblemError(
        'key_already_rotated',
        `Key ${keyId} was already rotated to ${old.rotatedToId}; rotate that key, or revoke this one.`,
      );
    const created = await createKey(tx, {
      merchantId: old.merchantId,
      scopes: old.scopes as Scope[],
      name: old.name,
    });
    const graceEnd = sql`now() + make_interval(secs => ${graceSeconds})`;
    await tx
      .update(apiKeys)
      .set({
        rotatedToId: created.id,
        expiresAt: graceEnd,
      })
      .where(eq(apiKeys.id, keyId));
    return created;
  });
  // The old key's cached entries would outlive a grace period shorter than the cache's bound.
  announceAuthChange({ keyId });
  return created;
}

export interface ResolvedKey {
  keyId: string;
  merchantId: string;
  displayPrefix: string;
  scopes: string[];
  integrationActive: boolean;
  /** End of a rotation's grace period; null while the key has none. */
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** The key with this hash (see hashApiKey) if it exists, is not revoked and has not expired. */
export async function resolveKey(db: Queryable, hash: string): Promise<ResolvedKey | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      merchantId: apiKeys.merchantId,
      displayPrefix: apiKeys.displayPrefix,
      scopes: apiKeys.scopes,
      integrationActive: merchants.integrationActive,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(
      and(
        eq(apiKeys.hash, hash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return row;
}

export interface KeySummary {
  id: string;
  name: string;
  displayPrefix: string;
  lastFour: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
  rotatedToId: string | null;
  lastUsedAt: Date | null;
}

/**
 * "Last used" is kept to the minute: a key's row is written at most once a minute however many
 * requests it makes (and only when the key is looked up, at most every AUTH_CACHE_TTL_MS).
 */
const LAST_USED_PRECISION_MS = 60_000;

/** Records a request with the key unless its last use was recorded within the precision. */
export async function noteKeyUse(db: Queryable, key: ResolvedKey, now: Date): Promise<void> {
  if (key.lastUsedAt !== null && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  const before = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, key.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
}

/**
 * A merchant's keys, revoked and expired ones included, oldest first; never their hashes. With
 * a page, at most `limit` + 1 keys after `after` (the caller tells whether there are more).
 */
export async function listKeys(
  db: Queryable,
  merchantId: string,
  page?: { after?: SortKey | undefined; limit: number },
): Promise<KeySummary[]> {
  const after = page?.after;
  const query = db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      displayPrefix: apiKeys.displayPrefix,
      lastFour: apiKeys.lastFour,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      rotatedToId: apiKeys.rotatedToId,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.merchantId, merchantId),
        after &&
          or(gt(apiKeys.createdAt, after.at), and(eq(apiKeys.createdAt, after.at), gt(apiKeys.id, after.id))),
      ),
    )
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return page === undefined ? query : query.limit(page.limit + 1);
}
