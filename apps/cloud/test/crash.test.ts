// The cloud as real child processes: killed with SIGKILL while deliveries are in flight, it
// delivers every event after restart and no webhook id is accepted twice; and two processes
// sharing one PostgreSQL database never send the same delivery twice.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { saveProduct } from '../src/products/save-product.js';
import { kill9, spawnCloud, type CloudChild as Child } from './cloud-process.js';
import {
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  TEST_SECRETS_KEY,
  testSecrets,
  type Driver,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';
import { HttpsReceiver, selfSignedCertificate, waitFor } from './https-receiver.js';

const tls = selfSignedCertificate();

async function createOrder(child: Child, key: string, id: string): Promise<void> {
  const res = await fetch(`${child.url}/api/public/v1/orders`, {
    method: 'POST',
    headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      externalOrderId: id,
      customer: { name: 'C' },
      lines: [{ productCode: 'K-1', quantity: 1 }],
    }),
  });
  expect(res.status).toBe(201);
}

async function registerWebhook(child: Child, key: string, url: string): Promise<string> {
  const res = await fetch(`${child.url}/api/public/v1/webhooks`, {
    method: 'POST',
    headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['order.created'] }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { secret: string }).secret;
}

describe.each(DRIVERS)('cloud processes on %s', (driver: Driver) => {
  const tmp = mkdtempSync(join(tmpdir(), 'cloud-crash-'));
  const caFile = join(tmp, 'ca.pem');
  let database: TestDatabase | undefined;
  let receiver: HttpsReceiver;
  let base: string;
  let merchant: TestMerchant;
  const children: Child[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    writeFileSync(caFile, tls.cert);
    receiver = new HttpsReceiver(tls);
    base = await receiver.listen();
    // PGlite is one process's database: seed it, close it, then hand its directory to the child.
    const dataDir = join(tmp, 'data');
    const seeding =
      driver === 'postgres' ? (database = await openTestDatabase('postgres')) : openDatabase({ dataDir });
    await migrate(seeding.db, { secrets: testSecrets });
    merchant = await seedMerchant(seeding);
    await saveProduct(seeding.db, merchant.merchantId, {
      code: 'K-1',
      name: { ro: 'K' },
      priceMinor: 100,
      vatCode: 'B',
      unit: 'pcs',
    });
    if (driver === 'pglite') await seeding.close();
    env = {
      // Processes sharing a server must share the secrets key; a PGlite cloud generates its own
      // into DATA_DIR at first start and must find it again after the kill.
      ...(database?.url
        ? { DATABASE_URL: database.url, CLOUD_SECRETS_KEY: TEST_SECRETS_KEY }
        : { DATA_DIR: dataDir, DATABASE_URL: '', CLOUD_SECRETS_KEY: '' }),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_EXTRA_CA_FILE: caFile,
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_LEASE_MS: '2000',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_SCHEDULE_MS: '100,100,100,100,100,100,100,100',
    };
  });

  afterAll(async () => {
    await Promise.all(children.map(kill9));
    await receiver?.close();
    await database?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  // Two cloud processes started and one killed: on a machine running the Node 24 pass beside
  // other suites this has passed the 30 s default.
  it('delivers every event after kill -9 mid-delivery, none accepted twice', async () => {
    let child = await spawnCloud(env);
    children.push(child);
    const path = '/crash';
    receiver.expect(path, await registerWebhook(child, merchant.key.key, base + path));
    // Far slower than the cloud's 1.5 s timeout: deliveries are in flight, and none is accepted
    // before the kill however late a loaded machine runs it (at 2.5 s, one was, now and then:
    // the cloud's timeout fired late and took the answer, and the check below failed).
    receiver.respond = () => ({ status: 200, delayMs: 30_000 });
    for (let i = 0; i < 10; i++) await createOrder(child, merchant.key.key, `CRASH-${i}`);
    await waitFor(() => receiver.received.length > 0, 'a delivery in flight');
    await kill9(child);
    expect(receiver.acknowledged()).toHaveLength(0);

    receiver.respond = () => ({ status: 200 });
    child = await spawnCloud(env);
    children.push(child);
    await waitFor(
      () => new Set(receiver.acknowledged().map((r) => r.body.id)).size === 10,
      'all 10 events',
      30_000,
    );
    const ids = receiver.acknowledged().map((r) => r.webhookId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.acknowledged().every((r) => r.verified)).toBe(true);
    if (driver === 'pglite') expect(statSync(join(tmp, 'data', 'secrets-key')).mode & 0o777).toBe(0o600);
    await kill9(child);
  }, 120_000);

  it.runIf(driver === 'postgres')(
    'two processes sharing the database deliver each webhook once',
    async () => {
      const [one, two] = await Promise.all([spawnCloud(env), spawnCloud(env)]);
      children.push(one, two);
      const path = '/shared';
      receiver.expect(path, await registerWebhook(one, merchant.key.key, base + path));
      for (let i = 0; i < 30; i++) await createOrder(i % 2 ? one : two, merchant.key.key, `SHARED-${i}`);
      const mine = () => receiver.received.filter((r) => r.path === path);
      await waitFor(() => mine().filter((r) => r.acknowledged).length >= 30, '30 deliveries', 30_000);
      await new Promise((r) => setTimeout(r, 300));
      const ids = mine().map((r) => r.webhookId);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    },
  );
});
