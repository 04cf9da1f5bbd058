// The cloud as real child processes: killed with SIGKILL while deliveries are in flight, it
// delivers every event after restart and no webhook id is accepted twice; killed between
// answered pushes and the consumer of their stock, it applies that stock once after restart and
// announces it once; and two processes sharing one PostgreSQL database never send the same
// delivery twice.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { fiscalDocument } from './documents-fixture.js';
import { kill9, spawnCloud, type CloudChild as Child } from './cloud-process.js';
import {
  activeTerminal,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  seedPgliteDataDir,
  TEST_OPERATOR_TOKEN,
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
  let stocked: string;
  const children: Child[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    writeFileSync(caFile, tls.cert);
    receiver = new HttpsReceiver(tls);
    base = await receiver.listen();
    // PGlite is one process's database: seed it, close it, then hand its directory to the child.
    // It starts as a copy of the migrated snapshot (migrate() below then applies nothing).
    const dataDir = join(tmp, 'data');
    if (driver === 'pglite') await seedPgliteDataDir(dataDir);
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
    stocked = (
      await saveProduct(seeding.db, merchant.merchantId, {
        code: 'S-1',
        name: { ro: 'S' },
        priceMinor: 100,
        vatCode: 'B',
        unit: 'pcs',
        onHandMilli: 100_000,
      })
    ).id;
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

  /** The stocked product's column, pending rows, ledger and inventory.updated events (PostgreSQL: the test can read it). */
  const books = async (db: TestDatabase) => {
    const [row] = rowsOf<{ column: string; pending: string; ledger: string; announced: number }>(
      await db.db.execute(sql`
        select p.on_hand_milli::text as column,
          (select coalesce(sum(delta_milli), 0) from stock_pending where product_id = p.id)::text as pending,
          (select coalesce(sum(delta_milli), 0) from stock_movements where product_id = p.id)::text as ledger,
          (select count(*) from events where type = 'inventory.updated' and data->'object'->>'productId' = p.id)::int
            as announced
        from products p where p.id = ${stocked}`),
    );
    return row;
  };

  it("applies answered pushes' stock once after kill -9 before the consumer ran, and announces it once", async () => {
    // No consumer pass in the first process: the pushes' stock is still pending at the kill.
    const first = await spawnCloud({
      ...env,
      STOCK_APPLY_MS: '0',
      CLOUD_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    });
    children.push(first);
    const asCloud = (child: Child) => ({ url: child.url }) as Cloud;
    const path = '/stock';
    const res = await fetch(`${first.url}/api/public/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-service-api-key': merchant.key.key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: base + path, events: ['inventory.updated'] }),
    });
    expect(res.status).toBe(201);
    receiver.expect(path, ((await res.json()) as { secret: string }).secret);
    const till = await activeTerminal(asCloud(first), merchant.merchantId, 'Crash');
    const pushes = [1, 2, 3].map((n) =>
      Array.from({ length: n }, () => fiscalDocument([{ productId: stocked, quantityMilli: 1_000 * n }])),
    );
    const pushAll = async (child: Child) =>
      Promise.all(
        pushes.map(async (documents) => {
          const answer = await device(asCloud(child), till, 'POST', '/documents', { documents });
          expect(answer.status, answer.text).toBe(200);
          return (answer.json().results as { outcome: string }[]).map((r) => r.outcome);
        }),
      );
    expect((await pushAll(first)).flat()).toEqual(Array<string>(6).fill('created'));
    await kill9(first);
    // The answered pushes are in the ledger; on-hand waits for them in stock_pending.
    if (database)
      expect(await books(database)).toEqual({
        column: '100000',
        pending: String(-(1 + 4 + 9) * 1_000),
        ledger: '86000',
        announced: 1,
      });

    const second = await spawnCloud({
      ...env,
      STOCK_APPLY_MS: '50',
      CLOUD_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    });
    children.push(second);
    // The terminal, never told (say), pushes everything again: nothing is stored or moved twice.
    expect((await pushAll(second)).flat()).toEqual(Array<string>(6).fill('unchanged'));
    await waitFor(() => receiver.acknowledged().some((r) => r.path === path), 'inventory.updated', 30_000);
    const inventory = await fetch(`${second.url}/api/public/v1/inventory?productCode=S-1`, {
      headers: { 'x-service-api-key': merchant.key.key },
    });
    expect(((await inventory.json()) as { onHand: number }).onHand).toBe(86);
    const announced = receiver.acknowledged().filter((r) => r.path === path);
    expect(announced.map((r) => r.body.data.object)).toEqual([
      expect.objectContaining({ productCode: 'S-1', onHand: 86 }),
    ]);
    // Applied once: the column is the ledger, nothing waits, one inventory.updated more than at the start.
    if (database)
      expect(await books(database)).toEqual({ column: '86000', pending: '0', ledger: '86000', announced: 2 });
    await kill9(second);
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
