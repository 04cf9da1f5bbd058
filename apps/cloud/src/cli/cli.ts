// `npm run cloud -- admin <command>`: a client of the administration API of a running cloud
// (admin/admin-routes.ts), so its writes go through the process that owns the database. With
// --direct it starts a private cloud on the data directory for the one command, which a
// running cloud's PGlite directory refuses (db/data-dir-lock.ts). Keys are printed once.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { CloudConfig } from '../config.js';
import { operatorTokenFile } from '../secrets/access-tokens.js';
import { CATALOG_USAGE, catalogRequest } from './catalog-cli.js';
import { decimal, id, required, wholeNumber, type AdminRequest, type Values } from './cli-args.js';

const ADMIN_USAGE = `usage: admin <command> [options] [--url <cloud url>] [--token <operator token>] [--direct]
  list-merchants                                  every merchant
  create-merchant --name <name> [--active] [--idno <13 digits>] [--address <text>] [--owner-email <e-mail>]
                                                  creates a merchant (module off unless --active); with
                                                  --owner-email, prints its first owner's invitation link (once)
  update-merchant --merchant <id> [--name <name>] [--idno <13 digits>] [--address <text>]
                                                  changes its name or fiscal identity (receipt header)
  activate-module --merchant <id>                 turns the integration API module on
  deactivate-module --merchant <id>               turns it off (keys answer 403)
  list-keys --merchant <id>                       the merchant's keys (never the keys themselves)
  create-key --merchant <id> --scopes <a,b> [--name <label>]
                                                  prints a new key once
  revoke-key --key <keyId>                        the key stops working now
  rotate-key --key <keyId> [--grace <duration>]   prints the successor once; the old key works for the grace period (default 24h; e.g. 0, 90s, 30m, 12h, 7d)
  list-terminals --merchant <id>                  the merchant's terminals
  create-terminal --merchant <id> --name <name>   prints the activation code (XXXX-XXXX, 24 h, once)
  rename-terminal --merchant <id> --terminal <id> --name <name>
  deactivate-terminal --merchant <id> --terminal <id>
                                                  for good: its credential and keys stop working
  new-activation-code --merchant <id> --terminal <id>
                                                  a new code (a replaced device); the old device is cut off when it is used
  rotate-terminal-key --merchant <id> --terminal <id> [--grace <duration>]
                                                  a new X-API-Key the terminal picks up at its next sync
  set-stock --merchant <id> --product <code> --on-hand <units>
                                                  sets on-hand stock (emits inventory.updated)
  fulfill-order --merchant <id> --order <orderId> marks a confirmed order fulfilled (emits order.updated)
  reencrypt-webhook-secrets                       after a CLOUD_SECRETS_KEY rotation: seals every webhook and console TOTP secret with the new key
  seed-demo [--products <n>]                      demo merchant, products and an all-scopes key
${CATALOG_USAGE}
--url: the cloud (default CLOUD_URL, else http://127.0.0.1:$PORT). --token: the operator token
(default CLOUD_OPERATOR_TOKEN, else DATA_DIR/operator-token). --direct: no running cloud; run the
command in a private one on DATA_DIR/DATABASE_URL (refused while a cloud holds a PGlite DATA_DIR).`;

/** 90s, 30m, 12h, 7d or plain seconds. */
function parseDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** The options given, as body fields (absent ones left out, so the API keeps what is there). */
function given(values: Values, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = values[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );
}

const terminalPath = (values: Values) =>
  `/merchants/${id(required(values, 'merchant'))}/terminals/${id(required(values, 'terminal'))}`;

/** The admin API request a command stands for. */
function adminRequest(command: string | undefined, values: Values): AdminRequest {
  switch (command) {
    case 'list-merchants':
      return { method: 'GET', path: '/merchants' };
    case 'create-merchant':
      return {
        method: 'POST',
        path: '/merchants',
        body: {
          name: required(values, 'name'),
          integrationActive: values.active === true,
          ...given(values, ['idno', 'address']),
          ...(typeof values['owner-email'] === 'string' ? { ownerEmail: values['owner-email'] } : {}),
        },
      };
    case 'update-merchant':
      return {
        method: 'PATCH',
        path: `/merchants/${id(required(values, 'merchant'))}`,
        body: given(values, ['name', 'idno', 'address']),
      };
    case 'list-terminals':
      return { method: 'GET', path: `/merchants/${id(required(values, 'merchant'))}/terminals` };
    case 'create-terminal':
      return {
        method: 'POST',
        path: `/merchants/${id(required(values, 'merchant'))}/terminals`,
        body: { name: required(values, 'name') },
      };
    case 'rename-terminal':
      return { method: 'PATCH', path: terminalPath(values), body: { name: required(values, 'name') } };
    case 'deactivate-terminal':
      return { method: 'POST', path: `${terminalPath(values)}/deactivate` };
    case 'new-activation-code':
      return { method: 'POST', path: `${terminalPath(values)}/activation-code` };
    case 'rotate-terminal-key':
      return {
        method: 'POST',
        path: `${terminalPath(values)}/api-key/rotate`,
        body: { graceSeconds: parseDuration(typeof values.grace === 'string' ? values.grace : '24h') },
      };
    case 'activate-module':
    case 'deactivate-module':
      return {
        method: 'PUT',
        path: `/merchants/${id(required(values, 'merchant'))}/integration`,
        body: { active: command === 'activate-module' },
      };
    case 'list-keys':
      return { method: 'GET', path: `/merchants/${id(required(values, 'merchant'))}/keys` };
    case 'create-key':
      return {
        method: 'POST',
        path: `/merchants/${id(required(values, 'merchant'))}/keys`,
        body: {
          // Checked by the API, which names a wrong one (body.scopes.<n>).
          scopes: required(values, 'scopes')
            .split(',')
            .map((scope) => scope.trim())
            .filter((scope) => scope !== ''),
          ...(typeof values.name === 'string' ? { name: values.name } : {}),
        },
      };
    case 'revoke-key':
      return { method: 'POST', path: `/keys/${id(required(values, 'key'))}/revoke` };
    case 'rotate-key':
      return {
        method: 'POST',
        path: `/keys/${id(required(values, 'key'))}/rotate`,
        body: { graceSeconds: parseDuration(typeof values.grace === 'string' ? values.grace : '24h') },
      };
    case 'set-stock':
      return {
        method: 'PUT',
        path: `/merchants/${id(required(values, 'merchant'))}/products/${id(required(values, 'product'))}/stock`,
        body: { onHand: decimal(values, 'on-hand') },
      };
    case 'fulfill-order':
      return {
        method: 'POST',
        path: `/merchants/${id(required(values, 'merchant'))}/orders/${id(required(values, 'order'))}/fulfill`,
      };
    case 'reencrypt-webhook-secrets':
      return { method: 'POST', path: '/webhook-secrets/reseal' };
    case 'seed-demo':
      return { method: 'POST', path: '/demo', body: { products: wholeNumber(values, 'products', 50) } };
    case undefined:
    default: {
      const catalog = command === undefined ? undefined : catalogRequest(command, values);
      if (!catalog) throw new Error(ADMIN_USAGE);
      return catalog;
    }
  }
}

function operatorToken(values: Values, config: CloudConfig): string {
  if (typeof values.token === 'string' && values.token !== '') return values.token;
  if (config.operatorToken) return config.operatorToken;
  const file = operatorTokenFile(config.dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(
      `no operator token: pass --token, set CLOUD_OPERATOR_TOKEN, or start the cloud once to create ${file}`,
    );
  }
}

/** A problem-details answer as one readable line (fields included), never a stack or SQL. */
function describeFailure(status: number, body: unknown): string {
  const problem = (body ?? {}) as {
    title?: string;
    detail?: string;
    errors?: { path: string; message: string }[];
  };
  const fields = (problem.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('');
  return `HTTP ${status} ${problem.title ?? ''}: ${problem.detail ?? JSON.stringify(body)}${fields}`;
}

async function send(url: string, token: string, request: AdminRequest): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${url.replace(/\/$/, '')}/api/admin/v1${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch {
    throw new Error(
      `no cloud answers at ${url}: start it (npm run cloud), pass --url, or use --direct while no cloud runs`,
    );
  }
  const text = await response.text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) throw new Error(describeFailure(response.status, body));
  return body;
}

/** Runs one admin command; returns what to print (JSON). */
export async function runAdminCli(argv: string[], config: CloudConfig): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      active: { type: 'boolean' },
      merchant: { type: 'string' },
      terminal: { type: 'string' },
      idno: { type: 'string' },
      address: { type: 'string' },
      'owner-email': { type: 'string' },
      scopes: { type: 'string' },
      key: { type: 'string' },
      grace: { type: 'string' },
      products: { type: 'string' },
      product: { type: 'string' },
      'on-hand': { type: 'string' },
      code: { type: 'string' },
      price: { type: 'string' },
      vat: { type: 'string' },
      unit: { type: 'string' },
      sku: { type: 'string' },
      barcode: { type: 'string', multiple: true },
      category: { type: 'string' },
      inactive: { type: 'boolean' },
      parent: { type: 'string' },
      position: { type: 'string' },
      rate: { type: 'string' },
      role: { type: 'string' },
      pin: { type: 'string' },
      cashier: { type: 'string' },
      cursor: { type: 'string' },
      limit: { type: 'string' },
      order: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      direct: { type: 'boolean' },
    },
  });
  const request = adminRequest(command, values);
  if (values.direct !== true) {
    const url = values.url ?? process.env.CLOUD_URL ?? `http://127.0.0.1:${config.port}`;
    return send(url, operatorToken(values, config), request);
  }
  // A private cloud for this one command: it takes the data directory as any cloud does,
  // so a directory held by a running cloud refuses it before anything is written. Loaded here
  // only: a command sent to a running cloud starts in a fraction of the time without it.
  const { startCloud } = await import('../server.js');
  const cloud = await startCloud({
    config: { ...config, port: 0, host: '127.0.0.1', runWorker: false },
    logger: pino({ level: 'silent' }),
  });
  try {
    return await send(cloud.url, operatorToken(values, config), request);
  } finally {
    await cloud.close();
  }
}
