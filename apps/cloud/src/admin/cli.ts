// `npm run cloud -- admin <command>`: merchant and key administration until the console exists.
// Keys are printed once, here, and never again.
import { parseArgs } from 'node:util';
import type { Db } from '../db/database.js';
import { createKey, revokeKey, rotateKey } from '../keys/keys.js';
import { parseScopes } from '../keys/scopes.js';
import { createMerchant, setIntegrationActive } from '../merchants/merchants.js';
import { changeOrderStatus } from '../orders/change-order-status.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { resealWebhookSecrets } from '../webhooks/seal-stored-secrets.js';
import { seedDemo } from './seed-demo.js';

export const ADMIN_USAGE = `usage: admin <command> [options]
  create-merchant --name <name> [--active]        creates a merchant (module off unless --active)
  activate-module --merchant <id>                 turns the integration API module on
  deactivate-module --merchant <id>               turns it off (keys answer 403)
  create-key --merchant <id> --scopes <a,b> [--name <label>]
                                                  prints a new key once
  revoke-key --key <keyId>                        the key stops working now
  rotate-key --key <keyId> [--grace <duration>]   prints a new key; the old one works for the grace period (default 24h; e.g. 0, 90s, 30m, 12h, 7d)
  fulfill-order --merchant <id> --order <orderId> marks a confirmed order fulfilled (emits order.updated)
  reencrypt-webhook-secrets                       after a CLOUD_SECRETS_KEY rotation: seals every webhook secret with the new key
  seed-demo [--products <n>]                      demo merchant, products and an all-scopes key`;

/** 90s, 30m, 12h, 7d or plain seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required\n${ADMIN_USAGE}`);
  return value;
}

/** Runs one admin command; returns what to print (JSON). */
export async function runAdmin(db: Db, argv: string[], secrets: SecretsKeyring): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      active: { type: 'boolean' },
      merchant: { type: 'string' },
      scopes: { type: 'string' },
      key: { type: 'string' },
      grace: { type: 'string' },
      products: { type: 'string' },
      order: { type: 'string' },
    },
  });
  switch (command) {
    case 'create-merchant':
      return createMerchant(db, {
        name: required(values, 'name'),
        integrationActive: values.active === true,
      });
    case 'activate-module':
    case 'deactivate-module': {
      const merchantId = required(values, 'merchant');
      const active = command === 'activate-module';
      if (!(await setIntegrationActive(db, merchantId, active))) throw new Error(`no merchant ${merchantId}`);
      return { merchantId, integrationActive: active };
    }
    case 'create-key':
      return createKey(db, {
        merchantId: required(values, 'merchant'),
        scopes: parseScopes(required(values, 'scopes')),
        ...(values.name ? { name: values.name } : {}),
      });
    case 'revoke-key': {
      const keyId = required(values, 'key');
      if (!(await revokeKey(db, keyId))) throw new Error(`no active key ${keyId}`);
      return { keyId, revoked: true };
    }
    case 'rotate-key': {
      const keyId = required(values, 'key');
      const graceSeconds = parseDuration(values.grace ?? '24h');
      const created = await rotateKey(db, keyId, graceSeconds);
      if (!created) throw new Error(`no active key ${keyId}`);
      return { ...created, previousKeyId: keyId, previousKeyValidForSeconds: graceSeconds };
    }
    case 'fulfill-order': {
      const result = await changeOrderStatus(db, {
        merchantId: required(values, 'merchant'),
        orderId: required(values, 'order'),
        to: 'fulfilled',
      });
      return result.order;
    }
    case 'reencrypt-webhook-secrets':
      return { keyId: secrets.currentKeyId, ...(await resealWebhookSecrets(db, secrets)) };
    case 'seed-demo':
      return seedDemo(db, { products: Number(values.products ?? '50') });
    case undefined:
    default:
      throw new Error(ADMIN_USAGE);
  }
}
