// Registers a webhook endpoint: the URL passes the address guard, the merchant stays under
// the endpoint limit, and the new signing secret is stored only sealed.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { merchants } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import { newSigningSecret } from './signing.js';
import { presentEndpoint, type CreateWebhookBody, type WebhookEndpoint } from './webhook-schemas.js';
import { countLiveEndpoints, insertEndpoint } from './webhook-store.js';

/** At most this many live endpoints per merchant. */
const MAX_ENDPOINTS = 16;

export interface RegisterWebhookEndpointOptions {
  merchantId: string;
  body: CreateWebhookBody;
}

export async function registerWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'urlGuard' | 'secrets'>,
  options: RegisterWebhookEndpointOptions,
): Promise<WebhookEndpoint & { secret: string }> {
  const { merchantId, body } = options;
  const check = await ctx.urlGuard.check(body.url);
  if (!check.ok)
    throw new ProblemError('url_not_allowed', `The URL is refused: ${check.reason}.`, [
      { path: 'body.url', message: check.reason },
    ]);
  const id = newId('we');
  const secret = newSigningSecret();
  // Stored only sealed; the answer to this call is the one place the secret is readable.
  const sealed = ctx.secrets.seal(secret, id);
  const row = await ctx.db.transaction(async (tx) => {
    // The merchant's row, locked, queues its registrations: each counts what the ones before it
    // added (counted apart, concurrent ones all saw room and a merchant got 19 endpoints).
    await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('no key update');
    if ((await countLiveEndpoints(tx, merchantId)) >= MAX_ENDPOINTS)
      throw new ProblemError('url_not_allowed', `At most ${MAX_ENDPOINTS} endpoints per merchant.`);
    return insertEndpoint(tx, {
      id,
      merchantId,
      url: check.url.href,
      description: body.description ?? null,
      events: [...new Set(body.events)],
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
      status: 'enabled',
    });
  });
  return { ...presentEndpoint(row), secret };
}
