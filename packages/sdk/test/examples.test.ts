// The SDK's examples/, run as an integrator runs them (a child process with tsx and the
// documented environment) against a real terminal and a real cloud: each must do what its
// header says.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { portForLater } from '@fiscal-pos/sim-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from '../../../apps/cloud/test/harness.js';
import { selfSignedCertificate } from '../../../apps/cloud/test/https-receiver.js';
import type { Cloud } from '../../../apps/cloud/src/server.js';
import { saveProduct, setStock } from '../../../apps/cloud/src/products/save-product.js';
import { API_KEY, useFiscalTerminal } from '../../../apps/terminal/test/support/terminal-harness.js';
import { createIntegrationClient } from '../src/index.js';

const run = promisify(execFile);
const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const tsx = (example: string, env: Record<string, string>) =>
  run(process.execPath, ['--conditions=development', '--import', 'tsx', join(EXAMPLES, example)], {
    env: { ...process.env, ...env },
    cwd: EXAMPLES,
  });

const env = useFiscalTerminal();
const tls = selfSignedCertificate();
let database: TestDatabase;
let cloud: Cloud;
let merchant: TestMerchant;
const scratch = mkdtempSync(join(tmpdir(), 'sdk-examples-'));

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  cloud = await startTestCloud(database, { runWorker: true }, { extraCa: tls.cert });
  merchant = await seedMerchant(database);
  await saveProduct(database.db, merchant.merchantId, {
    code: 'OUT',
    name: { ro: 'Epuizat' },
    priceMinor: 900,
    vatCode: 'B',
    unit: 'pcs',
  });
  await saveProduct(database.db, merchant.merchantId, {
    code: 'IN',
    name: { ro: 'În stoc' },
    priceMinor: 1500,
    vatCode: 'B',
    unit: 'pcs',
  });
  await setStock(database.db, merchant.merchantId, 'IN', 5000);
});
afterAll(async () => {
  await cloud?.close();
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

describe('SDK examples', () => {
  it('erp-sale.ts sells through the terminal and prints the fiscal answer', async () => {
    const { stdout } = await tsx('erp-sale.ts', {
      TERMINAL_URL: env.terminal.url,
      TERMINAL_API_KEY: API_KEY,
    });
    const sale = lastJson(stdout);
    expect(sale.total).toBe(17);
    const detail = await env.terminal.call<{ data: { total: number } }>(
      'GET',
      `/api/sales/${String(sale.saleId)}`,
    );
    expect(detail.body.data.total).toBe(17);
  });

  it('shop-sync.ts reads every product and orders the one in stock, once however often it runs', async () => {
    const run1 = await tsx('shop-sync.ts', {
      CLOUD_URL: cloud.url,
      INTEGRATION_API_KEY: merchant.key.key,
      ORDER_ID: 'web-7',
    });
    const run2 = await tsx('shop-sync.ts', {
      CLOUD_URL: cloud.url,
      INTEGRATION_API_KEY: merchant.key.key,
      ORDER_ID: 'web-7',
    });
    const lines1 = run1.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const shop = createIntegrationClient({ baseUrl: cloud.url, apiKey: merchant.key.key });
    const { data: listed } = await shop.GET('/api/public/v1/products', { params: { query: { limit: 100 } } });
    const latest = listed!.data
      .map((p) => p.updatedAt)
      .sort()
      .at(-1);
    expect(lines1[0]).toEqual({ synced: 2, nextSince: latest });
    expect(lines1[1]).toMatchObject({ productCode: 'IN', status: 'draft' });
    expect(lastJson(run2.stdout).orderId).toBe(lines1[1]!.orderId);
  });

  it('webhook-receiver.ts takes a real signed delivery and refuses a forged one', async () => {
    writeFileSync(join(scratch, 'key.pem'), tls.key);
    writeFileSync(join(scratch, 'cert.pem'), tls.cert);
    const port = await portForLater();
    const shop = createIntegrationClient({ baseUrl: cloud.url, apiKey: merchant.key.key });
    const { data: endpoint } = await shop.POST('/api/public/v1/webhooks', {
      body: { url: `https://127.0.0.1:${port}/hooks`, events: ['order.created'] },
    });
    const receiver = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', join(EXAMPLES, 'webhook-receiver.ts')],
      {
        cwd: EXAMPLES,
        env: {
          ...process.env,
          SIGNING_SECRET: endpoint!.secret,
          TLS_KEY: join(scratch, 'key.pem'),
          TLS_CERT: join(scratch, 'cert.pem'),
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const lines = createInterface({ input: receiver.stdout })[Symbol.asyncIterator]();
      expect(JSON.parse((await lines.next()).value as string)).toEqual({ listening: port });
      const forged = await fetch(`https://127.0.0.1:${port}/hooks`, {
        method: 'POST',
        body: '{}',
        headers: {
          'x-service-webhook-id': 'x',
          'x-service-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-service-signature': 'AAAA',
        },
        // @ts-expect-error undici's dispatcher option is not in the DOM types; the self-signed certificate needs it
        dispatcher: await insecureAgent(),
      });
      expect(forged.status).toBe(401);
      expect(JSON.parse((await lines.next()).value as string)).toEqual({ refused: 'bad_signature' });
      await tsx('shop-sync.ts', {
        CLOUD_URL: cloud.url,
        INTEGRATION_API_KEY: merchant.key.key,
        ORDER_ID: 'web-8',
      });
      expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ event: 'order.created' });
    } finally {
      receiver.kill();
    }
  });
});

async function insecureAgent() {
  const { Agent } = await import('undici');
  return new Agent({ connect: { rejectUnauthorized: false } });
}
