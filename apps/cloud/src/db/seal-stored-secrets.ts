// Stored secrets and the secrets key: sealing the webhook signing secrets an older version kept
// readable (migration 0004), and sealing the webhook and console TOTP secrets again with the
// current key after a rotation.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from './database.js';
import { consoleUsers, webhookEndpoints } from './schema.js';
import type { Sealed, SecretsKeyring } from '../secrets/secrets-keyring.js';

/** What a rotated-out secret is bound to when sealed, so it never opens as the current one. */
export const previousSecretBinding = (endpointId: string) => `${endpointId}#previous`;

/**
 * Migration 0004's data step: seals every readable secret, bound to its endpoint's id. Raw SQL,
 * because the readable column exists only between migrations 0003 and 0005.
 */
export async function sealReadableWebhookSecrets(tx: Queryable, keyring: SecretsKeyring): Promise<number> {
  const rows = rowsOf<{ id: string; secret: string }>(
    await tx.execute(sql`select id, secret from webhook_endpoints where secret is not null for update`),
  );
  for (const row of rows) {
    const sealed = keyring.seal(row.secret, row.id);
    await tx.execute(sql`update webhook_endpoints
      set secret_ciphertext = ${sealed.ciphertext}, secret_key_id = ${sealed.keyId}, secret = null
      where id = ${row.id}`);
  }
  return rows.length;
}

export interface ResealResult {
  /** Endpoints now sealed with the current key. */
  resealed: number;
  /** Endpoints sealed with a key the keyring does not hold; left as they are. */
  unreadable: string[];
}

/**
 * Seals each row's secret, bound to the row's id, again with the current key. `write` stores it
 * only where the row still holds the ciphertext read (another process may have resealed it
 * meanwhile) and answers how many rows it changed; a secret the keyring cannot open is left.
 */
async function resealEach(
  keyring: SecretsKeyring,
  rows: readonly (Sealed & { id: string })[],
  write: (row: Sealed & { id: string }, sealed: Sealed) => Promise<number>,
): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: [] };
  for (const row of rows) {
    const opened = keyring.open(row, row.id);
    if (!opened.ok) {
      result.unreadable.push(row.id);
      continue;
    }
    result.resealed += await write(row, keyring.seal(opened.plaintext, row.id));
  }
  return result;
}

/**
 * After a rotation (new CLOUD_SECRETS_KEY, the old one in CLOUD_SECRETS_PREVIOUS_KEYS): seals
 * every secret still under an older key with the current one, so the old key can be retired.
 * Deleted endpoints too: their rows keep a sealed secret as long as they exist.
 */
export async function resealWebhookSecrets(db: Queryable, keyring: SecretsKeyring): Promise<ResealResult> {
  const stale = await db
    .select({
      id: webhookEndpoints.id,
      keyId: webhookEndpoints.secretKeyId,
      ciphertext: webhookEndpoints.secretCiphertext,
    })
    .from(webhookEndpoints)
    .where(ne(webhookEndpoints.secretKeyId, keyring.currentKeyId));
  const result = await resealEach(keyring, stale, async (row, sealed) => {
    const updated = await db
      .update(webhookEndpoints)
      .set({ secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId })
      .where(
        sql`${eq(webhookEndpoints.id, row.id)} and ${eq(webhookEndpoints.secretCiphertext, row.ciphertext)}`,
      )
      .returning({ id: webhookEndpoints.id });
    return updated.length;
  });
  // Rotated-out secrets still signing in their grace window; one that no longer opens is dropped.
  const stalePrevious = await db
    .select({
      id: webhookEndpoints.id,
      keyId: webhookEndpoints.previousSecretKeyId,
      ciphertext: webhookEndpoints.previousSecretCiphertext,
    })
    .from(webhookEndpoints)
    .where(
      and(
        isNotNull(webhookEndpoints.previousSecretCiphertext),
        ne(webhookEndpoints.previousSecretKeyId, keyring.currentKeyId),
      ),
    );
  for (const row of stalePrevious) {
    const opened = keyring.open(
      { keyId: row.keyId!, ciphertext: row.ciphertext! },
      previousSecretBinding(row.id),
    );
    const sealed = opened.ok ? keyring.seal(opened.plaintext, previousSecretBinding(row.id)) : null;
    await db
      .update(webhookEndpoints)
      .set({
        previousSecretCiphertext: sealed?.ciphertext ?? null,
        previousSecretKeyId: sealed?.keyId ?? null,
        ...(sealed ? {} : { previousSecretExpiresAt: null }),
      })
      .where(
        sql`${eq(webhookEndpoints.id, row.id)} and ${eq(webhookEndpoints.previousSecretCiphertext, row.ciphertext!)}`,
      );
  }
  return result;
}

/** The console's TOTP secrets (bound to their user's id) under an older key, sealed with the current one. */
export async function resealTotpSecrets(db: Queryable, keyring: SecretsKeyring): Promise<ResealResult> {
  const stale = await db
    .select({
      id: consoleUsers.id,
      keyId: consoleUsers.totpSecretKeyId,
      ciphertext: consoleUsers.totpSecretCiphertext,
    })
    .from(consoleUsers)
    .where(ne(consoleUsers.totpSecretKeyId, keyring.currentKeyId));
  // The key id filter leaves out users without a secret: both columns are set.
  const sealedRows = stale.map((row) => ({ id: row.id, keyId: row.keyId!, ciphertext: row.ciphertext! }));
  return resealEach(keyring, sealedRows, async (row, sealed) => {
    const updated = await db
      .update(consoleUsers)
      .set({ totpSecretCiphertext: sealed.ciphertext, totpSecretKeyId: sealed.keyId })
      .where(and(eq(consoleUsers.id, row.id), eq(consoleUsers.totpSecretCiphertext, row.ciphertext)))
      .returning({ id: consoleUsers.id });
    return updated.length;
  });
}

/** Key ids in use that the keyring cannot open (a process started with the wrong key). */
export async function unknownSecretsKeyIds(db: Queryable, keyring: SecretsKeyring): Promise<string[]> {
  const webhooks = await db.selectDistinct({ keyId: webhookEndpoints.secretKeyId }).from(webhookEndpoints);
  const totp = await db
    .selectDistinct({ keyId: consoleUsers.totpSecretKeyId })
    .from(consoleUsers)
    .where(isNotNull(consoleUsers.totpSecretKeyId));
  const ids = new Set([...webhooks, ...totp].map((r) => r.keyId!));
  return [...ids].filter((id) => !keyring.knows(id));
}
