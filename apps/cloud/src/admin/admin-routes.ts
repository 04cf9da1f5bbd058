// The administration API under /api/admin/v1: merchants, the integration module switch, keys,
// products and stock, order fulfilment, resealing webhook secrets, demo data. Authenticated
// by the operator token; every change is audited and may carry an Idempotency-Key (see
// run-administration.ts). The CLI (cli.ts) is its client; the merchant console will be another.
import { z } from 'zod';
import { ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import type { CloudRoute } from '../context.js';
import { operator } from '../operator-access/operator-auth.js';
import { createKey, listKeys, revokeKey, rotateKey } from '../keys/keys.js';
import {
  createMerchant,
  listMerchants,
  requireMerchant,
  setIntegrationActive,
  updateMerchant,
} from '../merchants/merchants.js';
import { toMilli, toMinor } from '@fiscal-pos/fiscal';
import { changeOrderStatus } from '../orders/change-order-status.js';
import { Order } from '../orders/order-schemas.js';
import { Product } from '../products/product-schemas.js';
import { deleteProduct, saveProduct, setStock } from '../products/save-product.js';
import { ProblemError } from '../http/problem.js';
import { resealTotpSecrets, resealWebhookSecrets } from '../db/seal-stored-secrets.js';
import {
  CreateKeyBody,
  IntegrationKey,
  IntegrationSwitch,
  KeyParams,
  RotateKeyBody,
} from '../keys/key-schemas.js';
import {
  CreatedKey,
  CreateMerchantBody,
  CreatedMerchant,
  Merchant,
  ProductParams,
  SaveProductBody,
  SeedDemoBody,
  SetStockBody,
  UpdateMerchantBody,
} from './admin-schemas.js';
import { MerchantParams } from '../merchants/merchant-params.js';
import { IssuedActivationCode } from '../terminals/terminal-schemas.js';
import { Cashier } from '@fiscal-pos/platform-protocol';
import { seedDemo } from './seed-demo.js';
import { findUserByEmail } from '../console-users/console-user-store.js';
import { inviteConsoleUser } from '../console-users/invitations.js';
import { inviteDeps } from '../console-auth/console-users-routes.js';

const notFound = { description: 'No such merchant, key, product or order', schema: ProblemSchema };

const listMerchantsRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants',
  operationId: 'adminListMerchants',
  summary: 'Every merchant, oldest first',
  responses: { 200: { description: 'Merchants', schema: z.object({ data: z.array(Merchant) }) } },
  handler: async ({ ctx }) => ({ status: 200, body: { data: await listMerchants(ctx.db) } }),
});

const createMerchantRoute = defineRoute(operator({ shownOnce: ['ownerInvitation'] }), {
  method: 'POST',
  path: '/merchants',
  operationId: 'adminCreateMerchant',
  summary: 'Creates a merchant; its integration module is off unless asked',
  description:
    'With `ownerEmail`, also invites the merchant’s first console owner (the console’s invitation: single use, 7 days) and answers the link, mailed too when SMTP_URL is set.',
  body: CreateMerchantBody,
  responses: {
    201: { description: 'Created', schema: CreatedMerchant },
    409: { description: 'ownerEmail already has a console account (nothing was created)' },
  },
  handler: async ({ ctx, body }) => {
    const { ownerEmail, ...merchant } = body;
    if (ownerEmail === undefined) return { status: 201, body: await createMerchant(ctx.db, merchant) };
    // Checked before the merchant is made, so a refused owner leaves no merchant without one.
    if (await findUserByEmail(ctx.db, ownerEmail))
      throw new ProblemError(
        'user_exists',
        'This address already has a console account; nothing was created.',
      );
    const created = await createMerchant(ctx.db, merchant);
    const invited = await inviteConsoleUser(inviteDeps(ctx), {
      merchantId: created.id,
      email: ownerEmail,
      role: 'owner',
      invitedBy: null,
    });
    return {
      status: 201,
      body: {
        ...created,
        ownerInvitation: {
          id: invited.invitation.id,
          email: invited.invitation.email,
          expiresAt: invited.invitation.expiresAt.toISOString(),
          link: invited.link,
          mailed: invited.mail === 'queued',
        },
      },
    };
  },
});

const updateMerchantRoute = defineRoute(operator(), {
  method: 'PATCH',
  path: '/merchants/{merchantId}',
  operationId: 'adminUpdateMerchant',
  summary: "Changes a merchant's name or fiscal identity (IDNO, address); absent fields stay",
  params: MerchantParams,
  body: UpdateMerchantBody,
  responses: { 200: { description: 'The merchant as changed', schema: Merchant }, 404: notFound },
  handler: async ({ ctx, params, body }) => ({
    status: 200,
    body: await updateMerchant(ctx.db, params.merchantId, body),
  }),
});

const switchIntegrationRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/integration',
  operationId: 'adminSwitchIntegration',
  summary: 'Turns the integration API module on or off (off: keys answer 403)',
  params: MerchantParams,
  body: IntegrationSwitch,
  responses: {
    200: {
      description: 'The switch as set',
      schema: z.object({ merchantId: z.string(), integrationActive: z.boolean() }),
    },
    404: notFound,
  },
  handler: async ({ ctx, params, body }) => {
    if (!(await setIntegrationActive(ctx.db, params.merchantId, body.active)))
      throw new ProblemError('not_found', `No merchant ${params.merchantId}.`);
    return { status: 200, body: { merchantId: params.merchantId, integrationActive: body.active } };
  },
});

const presentKey = (k: Awaited<ReturnType<typeof listKeys>>[number]): z.infer<typeof IntegrationKey> => ({
  ...k,
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

const listKeysRoute = defineRoute(operator(), {
  method: 'GET',
  path: '/merchants/{merchantId}/keys',
  operationId: 'adminListKeys',
  summary: "A merchant's keys, revoked and expired ones included (never the keys themselves)",
  params: MerchantParams,
  responses: {
    200: { description: 'Keys', schema: z.object({ data: z.array(IntegrationKey) }) },
    404: notFound,
  },
  handler: async ({ ctx, params }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 200, body: { data: (await listKeys(ctx.db, params.merchantId)).map(presentKey) } };
  },
});

const createKeyRoute = defineRoute(operator({ shownOnce: ['key'] }), {
  method: 'POST',
  path: '/merchants/{merchantId}/keys',
  operationId: 'adminCreateKey',
  summary: 'Issues a key; the key is in this answer only',
  params: MerchantParams,
  body: CreateKeyBody,
  responses: { 201: { description: 'Created', schema: CreatedKey }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    await requireMerchant(ctx.db, params.merchantId);
    const created = await createKey(ctx.db, {
      merchantId: params.merchantId,
      scopes: [...new Set(body.scopes)],
      ...(body.name ? { name: body.name } : {}),
    });
    return { status: 201, body: created };
  },
});

const rotateKeyRoute = defineRoute(operator({ shownOnce: ['key'] }), {
  method: 'POST',
  path: '/keys/{keyId}/rotate',
  operationId: 'adminRotateKey',
  summary: 'Issues the successor of a key; the old key works until the grace period ends',
  description: 'A key has at most one successor: rotating a rotated key is 409 key_already_rotated.',
  params: KeyParams,
  body: RotateKeyBody.optional(),
  responses: {
    201: {
      description: 'The successor, with its key (in this answer only)',
      schema: CreatedKey.extend({ previousKeyId: z.string(), previousKeyValidForSeconds: z.number() }),
    },
    404: notFound,
    409: { description: 'The key was already rotated', schema: ProblemSchema },
  },
  handler: async ({ ctx, params, body }) => {
    const graceSeconds = body?.graceSeconds ?? 86_400;
    const created = await rotateKey(ctx.db, params.keyId, graceSeconds);
    if (!created) throw new ProblemError('not_found', `No active key ${params.keyId}.`);
    return {
      status: 201,
      body: { ...created, previousKeyId: params.keyId, previousKeyValidForSeconds: graceSeconds },
    };
  },
});

const revokeKeyRoute = defineRoute(operator(), {
  method: 'POST',
  path: '/keys/{keyId}/revoke',
  operationId: 'adminRevokeKey',
  summary: 'The key stops working now',
  params: KeyParams,
  responses: {
    200: { description: 'Revoked', schema: z.object({ keyId: z.string(), revoked: z.literal(true) }) },
    404: notFound,
  },
  handler: async ({ ctx, params }) => {
    if (!(await revokeKey(ctx.db, params.keyId)))
      throw new ProblemError('not_found', `No active key ${params.keyId}.`);
    return { status: 200, body: { keyId: params.keyId, revoked: true as const } };
  },
});

const saveProductRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/products/{code}',
  operationId: 'adminSaveProduct',
  summary: 'Creates or replaces a product (emits product.created or product.updated)',
  params: ProductParams,
  body: SaveProductBody,
  responses: { 200: { description: 'The product', schema: Product }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    await requireMerchant(ctx.db, params.merchantId);
    const { price, onHand, ...rest } = body;
    const product = await saveProduct(ctx.db, params.merchantId, {
      ...rest,
      code: params.code,
      priceMinor: toMinor(price)!,
      ...(onHand === undefined ? {} : { onHandMilli: toMilli(onHand)! }),
    });
    return { status: 200, body: product };
  },
});

const deleteProductRoute = defineRoute(operator(), {
  method: 'DELETE',
  path: '/merchants/{merchantId}/products/{code}',
  operationId: 'adminDeleteProduct',
  summary: 'Deletes a product (a tombstone incremental syncs see; emits product.deleted)',
  params: ProductParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
  handler: async ({ ctx, params }) => {
    if (!(await deleteProduct(ctx.db, params.merchantId, { code: params.code })))
      throw new ProblemError('not_found', `No product ${params.code}.`);
    return { status: 204 };
  },
});

const setStockRoute = defineRoute(operator(), {
  method: 'PUT',
  path: '/merchants/{merchantId}/products/{code}/stock',
  operationId: 'adminSetStock',
  summary: 'Sets on-hand stock (emits inventory.updated)',
  params: ProductParams,
  body: SetStockBody,
  responses: { 200: { description: 'The product', schema: Product }, 404: notFound },
  handler: async ({ ctx, params, body }) => {
    const product = await setStock(ctx.db, params.merchantId, params.code, toMilli(body.onHand)!);
    if (!product) throw new ProblemError('not_found', `No product ${params.code}.`);
    return { status: 200, body: product };
  },
});

const fulfillOrderRoute = defineRoute(operator(), {
  method: 'POST',
  path: '/merchants/{merchantId}/orders/{orderId}/fulfill',
  operationId: 'adminFulfillOrder',
  summary: 'Marks a confirmed order fulfilled (emits order.updated)',
  params: MerchantParams.extend({ orderId: z.string().max(100) }),
  responses: {
    200: { description: 'The order', schema: Order },
    404: notFound,
    409: { description: 'The order status does not allow it', schema: ProblemSchema },
  },
  handler: async ({ ctx, params }) => {
    const result = await changeOrderStatus(ctx.db, {
      merchantId: params.merchantId,
      orderId: params.orderId,
      to: 'fulfilled',
    });
    ctx.notifyDeliveries();
    return { status: 200, body: result.order };
  },
});

const resealSecretsRoute = defineRoute(operator(), {
  method: 'POST',
  path: '/webhook-secrets/reseal',
  operationId: 'adminResealWebhookSecrets',
  summary:
    'After a CLOUD_SECRETS_KEY rotation: seals every webhook secret and console TOTP secret with the current key',
  responses: {
    200: {
      description: 'What was resealed',
      schema: z.object({ keyId: z.string(), resealed: z.number(), unreadable: z.array(z.string()) }),
    },
  },
  handler: async ({ ctx }) => {
    const webhooks = await resealWebhookSecrets(ctx.db, ctx.secrets);
    const totp = await resealTotpSecrets(ctx.db, ctx.secrets);
    return {
      status: 200,
      body: {
        keyId: ctx.secrets.currentKeyId,
        resealed: webhooks.resealed + totp.resealed,
        // Ids say what they are: we_ endpoints, usr_ console users.
        unreadable: [...webhooks.unreadable, ...totp.unreadable],
      },
    };
  },
});

const seedDemoRoute = defineRoute(operator({ shownOnce: ['key', 'terminal', 'console'] }), {
  method: 'POST',
  path: '/demo',
  operationId: 'adminSeedDemo',
  summary:
    'A demo merchant with its module on, its fiscal identity, content blocks, products, a cashier (PIN 1234), an all-scopes key, a terminal waiting for activation and a console owner',
  body: SeedDemoBody.optional(),
  responses: {
    201: {
      description:
        'The merchant, its key, its terminal’s activation code and its console owner’s password (in this answer only)',
      schema: z.object({
        merchantId: z.string(),
        key: CreatedKey,
        cashier: Cashier.extend({ pin: z.string().describe('the demo cashier’s PIN, 1234') }),
        terminal: IssuedActivationCode,
        console: z
          .object({ email: z.string(), password: z.string() })
          .describe('The demo’s console owner, to sign in at /console'),
      }),
    },
  },
  handler: async ({ ctx, body }) => ({
    status: 201,
    body: await seedDemo(ctx, { products: body?.products ?? 50 }),
  }),
});

export const ADMIN_ROUTES: readonly CloudRoute[] = [
  listMerchantsRoute,
  createMerchantRoute,
  updateMerchantRoute,
  switchIntegrationRoute,
  listKeysRoute,
  createKeyRoute,
  rotateKeyRoute,
  revokeKeyRoute,
  saveProductRoute,
  deleteProductRoute,
  setStockRoute,
  fulfillOrderRoute,
  resealSecretsRoute,
  seedDemoRoute,
];
