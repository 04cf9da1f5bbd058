// Replaces an endpoint's signing secret. The replaced one stays in use for `graceSeconds`:
// until then every delivery carries a signature with each secret, so the receiver can deploy
// the new secret without refusing deliveries in between. Rotating again within a grace window
// drops the older rotated-out secret: at most two secrets sign a delivery.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { webhookEndpoints } from '../db/schema.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { ProblemError } from '../http/problem.js';
import { newSigningSecret } from './signing.js';
import { previousSecretBinding } from '../db/seal-stored-secrets.js';
import { requireEndpoint } from './webhook-store.js';

export interface RotateWebhookSecretOptions {
  merchantId: string;
  endpointId: string;
  /** How long the replaced secret keeps signing; 0 retires it at once. */
  graceSeconds: number;
}

export interface RotatedSecret {
  secret: string;
  previousSecretExpiresAt: string | null;
}

export async function rotateWebhookSecret(
  ctx: { db: Db; secrets: SecretsKeyring },
  options: RotateWebhookSecretOptions,
): Promise<RotatedSecret> {
  const { merchantId, endpointId, graceSeconds } = options;
  return ctx.db.transaction(async (tx) => {
    const endpoint = await requireEndpoint(tx, merchantId, endpointId);
    const current = ctx.secrets.open(
      { keyId: endpoint.secretKeyId, ciphertext: endpoint.secretCiphertext },
      endpoint.id,
    );
    if (!current.ok) throw new ProblemError('internal_error', 'The current signing secret cannot be opened.');
    const secret = newSigningSecret();
    const sealed = ctx.secrets.seal(secret, endpoint.id);
    const previous =
      graceSeconds > 0 ? ctx.secrets.seal(current.plaintext, previousSecretBinding(endpoint.id)) : null;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        previousSecretCiphertext: previous?.ciphertext ?? null,
        previousSecretKeyId: previous?.keyId ?? null,
        previousSecretExpiresAt: previous ? sql`now() + make_interval(secs => ${graceSeconds})` : null,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ expiresAt: webhookEndpoints.previousSecretExpiresAt });
    return { secret, previousSecretExpiresAt: row?.expiresAt?.toISOString() ?? null };
  });
}
