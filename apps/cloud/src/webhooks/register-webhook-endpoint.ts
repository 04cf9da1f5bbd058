// Registers a webhook endpoint: the URL passes the address guard, the merchant stays under
// the endpoint limit, and the new signing secret is stored only sealed. With an Idempotency-Key
// (the integration API) a retry of a registration whose answer was lost gets that endpoint back,
// not a second one delivering every event again under other webhook ids.
import { createHash } from 'node:crypto';
import { canonicalJson } from '@fiscal-pos/fiscal';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { merchants } from '../db/schema.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import { newSigningSecret } from './signing.js';
import {
  presentEndpoint,
  type CreateWebhookBody,
  type EndpointRow,
  type WebhookEndpoint,
} from './webhook-schemas.js';
import { countLiveEndpoints, findEndpointByIdempotencyKey, insertEndpoint } from './webhook-store.js';

/** At most this many live endpoints per merchant. */
const MAX_ENDPOINTS = 16;

export interface RegisterWebhookEndpointOptions {
  merchantId: string;
  body: CreateWebhookBody;
  /**
   * The integration API's Idempotency-Key, when sent, with the API key sending it: a retry by
   * that API key gets the first endpoint back, secret included; no other API key does.
   */
  idempotency?: { apiKeyId: string; key: string } | undefined;
}

type RegisteredEndpoint = WebhookEndpoint & { secret: string };

export type RegisterWebhookEndpointResult = { kind: 'created' | 'replayed'; endpoint: RegisteredEndpoint };

export async function registerWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'urlGuard' | 'secrets'>,
  options: RegisterWebhookEndpointOptions,
): Promise<RegisterWebhookEndpointResult> {
  const { merchantId, body, idempotency } = options;
  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const replay = async (db: Queryable) => {
    if (idempotency === undefined) return undefined;
    const row = await findEndpointByIdempotencyKey(db, { merchantId, ...idempotency });
    return row && replayed(ctx.secrets, row, requestHash);
  };
  // A retry is answered before the URL is resolved again: it was checked when registered, and
  // every delivery checks it anew.
  const earlier = await replay(ctx.db);
  if (earlier) return earlier;
  const check = await ctx.urlGuard.check(body.url);
  if (!check.ok)
    throw new ProblemError('url_not_allowed', `The URL is refused: ${check.reason}.`, [
      { path: 'body.url', message: check.reason },
    ]);
  const id = newId('we');
  const secret = newSigningSecret();
  // Stored only sealed; the answer to this call is the one place the secret is readable.
  const sealed = ctx.secrets.seal(secret, id);
  return ctx.db.transaction(async (tx) => {
    // The merchant's row, locked, queues its registrations: each counts what the ones before it
    // added (counted apart, concurrent ones all saw room and a merchant got 19 endpoints), and a
    // retry racing its original finds the endpoint the original made.
    await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('no key update');
    const raced = await replay(tx);
    if (raced) return raced;
    if ((await countLiveEndpoints(tx, merchantId)) >= MAX_ENDPOINTS)
      throw new ProblemError('url_not_allowed', `At most ${MAX_ENDPOINTS} endpoints per merchant.`);
    const row = await insertEndpoint(tx, {
      id,
      merchantId,
      url: check.url.href,
      description: body.description ?? null,
      events: [...new Set(body.events)],
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
      status: 'enabled',
      apiKeyId: idempotency?.apiKeyId ?? null,
      idempotencyKey: idempotency?.key ?? null,
      requestHash: idempotency === undefined ? null : requestHash,
    });
    return { kind: 'created', endpoint: { ...presentEndpoint(row), secret } };
  });
}

/**
 * The endpoint an earlier registration with this key made, as it is now, with its signing
 * secret (the current one, after a rotation): the caller holding the key had it already. The
 * same key with another body is a conflict.
 */
function replayed(
  secrets: SecretsKeyring,
  row: EndpointRow,
  requestHash: string,
): RegisterWebhookEndpointResult {
  if (row.requestHash !== requestHash)
    throw new ProblemError(
      'idempotency_conflict',
      'This Idempotency-Key registered another webhook endpoint; use a new key for a new endpoint.',
    );
  const secret = secrets.open({ keyId: row.secretKeyId, ciphertext: row.secretCiphertext }, row.id);
  if (!secret.ok) throw new ProblemError('internal_error', 'The signing secret cannot be opened.');
  return { kind: 'replayed', endpoint: { ...presentEndpoint(row), secret: secret.plaintext } };
}
