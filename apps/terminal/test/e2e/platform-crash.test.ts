/**
 * kill -9 on both ends of the document push, with both real processes: the terminal
 * (src/main.ts, fiscal, against mev-sim) and the cloud (apps/cloud src/main.ts) on its own
 * database of the PostgreSQL server, a loopback proxy between them choosing where each push is
 * when something dies. After every restart each document is in the cloud exactly once (its
 * sales API and its table) and the stock ledger is exact.
 *
 * a) The terminal dies after the cloud committed a push whose answer the proxy withholds: the
 *    restarted terminal pushes the same documents again and the cloud leaves them unchanged.
 * b) The cloud dies inside the transaction of a push (a table lock the test holds keeps it
 *    there) while a backlog drains in batches: restarted, it takes the rest.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { portForLater } from '@fiscal-pos/sim-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kill9, spawnCloud, type CloudChild } from '../../../cloud/test/cloud-process.js';
import {
  createServerDatabase,
  postgresUnreachable,
  type ServerDatabase,
} from '../../../cloud/test/harness.js';
import { CloudProxy } from '../support/cloud-proxy.js';
import { cashSale, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import { integrationGet, openShop } from '../support/cloud-shop.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

const SERVER_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const unreachable = await postgresUnreachable(SERVER_URL);
if (unreachable !== null)
  console.warn(`platform crash test skipped: no PostgreSQL at ${SERVER_URL} (${unreachable})`);

const OPERATOR_TOKEN = `op_test_${randomBytes(16).toString('hex')}`;
/** Documents per push: the backlog of b) drains in several, so the cloud can die between two. */
const BATCH = 5;
/** Two processes restarted and dozens of fiscal sales on a shared two-core machine. */
const CRASH_TEST_TIMEOUT_MS = 120_000;
const ON_HAND = 1000;

describe.skipIf(unreachable !== null)(
  'kill -9 of the terminal and of the cloud during the document push',
  () => {
    let database: ServerDatabase;
    let cloudEnv: Record<string, string>;
    let cloud: CloudChild;
    let proxy: CloudProxy;
    let sim: Simulator;
    let terminal: TerminalProcess;
    let terminalEnv: Record<string, string>;
    const dataDir = tempDir('platform-crash');
    let apiKey: string;
    let integrationKey: string;
    let terminalId: string;
    let products: Record<string, string>;

    const integration = <T>(path: string) => integrationGet<T>(cloud.url, integrationKey, path);

    beforeAll(async () => {
      database = await createServerDatabase(SERVER_URL);
      cloudEnv = {
        DATABASE_URL: database.url,
        CLOUD_SECRETS_KEY: randomBytes(32).toString('base64'),
        CLOUD_OPERATOR_TOKEN: OPERATOR_TOKEN,
        // A fixed port: the restarted cloud is where the proxy sends.
        PORT: String(await portForLater()),
        HOST: '127.0.0.1',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_ADDRESS_MAX: '1000000',
        WEBHOOK_WORKER: 'false',
      };
      [cloud, sim] = await Promise.all([spawnCloud(cloudEnv), startSimulator()]);
      proxy = await CloudProxy.start(cloud.url);

      const shop = await openShop(cloud.url, OPERATOR_TOKEN, {
        products: ['TEA', 'COFFEE'],
        onHand: ON_HAND,
      });
      ({ integrationKey, products } = shop);
      terminalId = shop.terminal.id;
      terminalEnv = {
        CLOUD_URL: proxy.url,
        ACTIVATION_CODE: shop.activationCode,
        CATALOG_SYNC_INTERVAL_MS: '600000',
        PLATFORM_PUSH_BATCH: String(BATCH),
        PLATFORM_PUSH_INTERVAL_MS: '50',
        PLATFORM_RETRY_BASE_MS: '50',
        PLATFORM_RETRY_MAX_MS: '200',
        // Longer than the test: a withheld answer is waited for until the kill, never retried.
        CLOUD_TIMEOUT_MS: '600000',
      };
      terminal = await startTerminalProcess({ dataDir, sim, env: terminalEnv });
      apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    }, CRASH_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await terminal?.kill();
      if (cloud) await kill9(cloud);
      await proxy?.close();
      await sim?.stop();
      await database?.drop();
      removeDir(dataDir);
      if (sim) removeDir(sim.dataDir);
    });

    /** Every sale line sold or refunded so far, per product code: what the stock must show. */
    const moved: Record<string, number> = { TEA: 0, COFFEE: 0 };
    let documentsIssued = 0;

    const sell = async (lines: { code: string | null; quantity: number }[]): Promise<string> => {
      const items = lines.map(({ code, quantity }) => ({
        ...(code === null ? {} : { id: products[code] }),
        name: code ?? 'Loose item',
        unitPrice: 10,
        quantity,
        vatCode: 'B',
      }));
      const total = lines.reduce((sum, l) => sum + 10 * l.quantity, 0);
      const res = await fetch(`${terminal.url}/api/sales`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ ...cashSale(total), items }),
      });
      const body = (await res.json()) as { data: { saleId: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      for (const { code, quantity } of lines) if (code !== null) moved[code]! -= quantity;
      documentsIssued += 1;
      return body.data.saleId;
    };

    /** Refunds one unit of the sale's first line (a catalog product's). */
    const refundOne = async (saleId: string, code: string): Promise<void> => {
      const res = await fetch(`${terminal.url}/api/sales/${saleId}/refund`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ index: 0, quantity: 1 }] }),
      });
      expect(res.status, await res.text()).toBe(200);
      moved[code]! += 1;
      documentsIssued += 1;
    };

    interface PushHealth {
      documentsWaiting: number;
      lastPushAt: string | null;
      lastPushError: string | null;
    }
    const pushHealth = async (): Promise<PushHealth> => {
      const res = await fetch(`${terminal.url}/api/health`);
      return ((await res.json()) as { data: { platform: PushHealth } }).data.platform;
    };
    const until = async (what: (h: PushHealth) => boolean): Promise<PushHealth> => {
      for (;;) {
        const health = await pushHealth();
        if (what(health)) return health;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const drained = () =>
      until((h) => h.documentsWaiting === 0 && h.lastPushError === null && h.lastPushAt !== null);

    interface CloudSale {
      id: string;
      type: string;
    }
    const cloudSales = async (): Promise<CloudSale[]> => {
      const all: CloudSale[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: '100', terminalId, ...(cursor ? { cursor } : {}) });
        const page: { data: CloudSale[]; nextCursor: string | null; hasMore: boolean } = await integration(
          `/sales?${query.toString()}`,
        );
        all.push(...page.data);
        cursor = page.hasMore ? page.nextCursor : null;
      } while (cursor !== null);
      return all;
    };
    const onHand = async (code: string) =>
      (await integration<{ onHand: number }>(`/inventory?productCode=${code}`)).onHand;

    /** The cloud's own table and ledger: one row per operation, stock equal to its movements. */
    async function expectExactlyOnceAndExactStock(): Promise<void> {
      const sales = await cloudSales();
      expect(sales).toHaveLength(documentsIssued);
      expect(new Set(sales.map((s) => s.id)).size).toBe(documentsIssued);
      for (const code of ['TEA', 'COFFEE']) expect(await onHand(code)).toBe(ON_HAND + moved[code]!);

      const documents = await database.query<{ rows: string; operations: string }>(
        'select count(*) as rows, count(distinct operation_id) as operations from fiscal_documents where terminal_id = $1',
        [terminalId],
      );
      expect(documents[0]).toEqual({ rows: String(documentsIssued), operations: String(documentsIssued) });
      const ledger = await database.query<{ id: string; on_hand_milli: string; moved: string }>(
        // On-hand with what the pushes left pending for the cloud's stock consumer (pending-stock.ts).
        `select p.id, p.on_hand_milli + (select coalesce(sum(s.delta_milli), 0) from stock_pending s where s.product_id = p.id)
                  as on_hand_milli,
                (select coalesce(sum(m.delta_milli), 0) from stock_movements m where m.product_id = p.id) as moved
           from products p where p.id = any($1)`,
        [Object.values(products)],
      );
      expect(ledger).toHaveLength(2);
      for (const row of ledger) expect(row.on_hand_milli).toBe(row.moved);
    }

    it(
      'a) terminal killed after the cloud committed a push it never heard back from: re-pushed, stored once',
      async () => {
        proxy.mode = 'refuse';
        const first = await sell([{ code: 'TEA', quantity: 1 }]);
        await sell([{ code: 'TEA', quantity: 2 }]);
        await sell([
          { code: 'COFFEE', quantity: 3 },
          { code: null, quantity: 1 },
        ]);
        await refundOne(first, 'TEA');
        await sell([{ code: 'TEA', quantity: 4 }]);
        expect(documentsIssued).toBe(BATCH);
        await until((h) => h.documentsWaiting === BATCH && h.lastPushError !== null);

        proxy.mode = 'withhold';
        await proxy.waitForPush((p) => p.withheld && p.outcomes !== null);
        const withheld = proxy.pushes.find((p) => p.withheld)!;
        expect(withheld.outcomes).toEqual(Array<string>(BATCH).fill('created'));
        // The cloud holds them; the terminal, still waiting for the answer, has confirmed none.
        expect((await pushHealth()).documentsWaiting).toBe(BATCH);
        expect((await terminal.kill('SIGKILL')).signal).toBe('SIGKILL');

        proxy.mode = 'pass';
        terminal = await startTerminalProcess({ dataDir, sim, env: terminalEnv });
        await drained();
        const again = proxy.pushes.filter((p) => !p.withheld && p.outcomes !== null);
        expect(again.flatMap((p) => p.operationIds).sort()).toEqual([...withheld.operationIds].sort());
        expect(again.flatMap((p) => p.outcomes)).toEqual(Array<string>(BATCH).fill('unchanged'));
        await expectExactlyOnceAndExactStock();
      },
      CRASH_TEST_TIMEOUT_MS,
    );

    it(
      'b) cloud killed inside an ingest while a backlog drains: restarted, it takes the rest, each document once',
      async () => {
        proxy.mode = 'refuse';
        const sold: string[] = [];
        // The first two pushes of the backlog sell loose items only (no stock moves); the third
        // sells tea and coffee.
        for (let i = 0; i < 2 * BATCH; i++) await sell([{ code: null, quantity: 1 + (i % 3) }]);
        for (let i = 0; i < 26; i++) {
          sold.push(
            await sell(
              i % 3 === 2
                ? [
                    { code: 'TEA', quantity: 1 + (i % 4) },
                    { code: 'COFFEE', quantity: 1 + (i % 5) },
                  ]
                : [{ code: i % 2 === 0 ? 'TEA' : 'COFFEE', quantity: 1 + (i % 7) }],
            ),
          );
        }
        await refundOne(sold[0]!, 'TEA');
        const backlog = documentsIssued - BATCH;
        await until((h) => h.documentsWaiting === backlog && h.lastPushError !== null);

        // The test holds the stock ledger against writes: the first ingest that moves stock
        // stores its documents, then waits for that lock inside its transaction, at the
        // statement recording its movements, which is where the cloud dies.
        const lock = await database.session();
        try {
          await lock.query('begin');
          await lock.query('lock table stock_movements in share mode');
          proxy.mode = 'pass';
          for (;;) {
            const [{ waiting }] = (await database.query<{ waiting: number }>(
              "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )) as [{ waiting: number }];
            if (waiting > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await kill9(cloud);
          await lock.query('rollback');
        } finally {
          await lock.end();
        }

        // Two pushes committed and confirmed; the third died with its transaction.
        expect((await pushHealth()).documentsWaiting).toBe(backlog - 2 * BATCH);
        const stored = await database.query<{ rows: number }>(
          'select count(*)::int as rows from fiscal_documents where terminal_id = $1',
          [terminalId],
        );
        expect(stored).toEqual([{ rows: BATCH + 2 * BATCH }]);
        await until((h) => h.lastPushError !== null);

        cloud = await spawnCloud(cloudEnv);
        await drained();
        await expectExactlyOnceAndExactStock();
      },
      CRASH_TEST_TIMEOUT_MS,
    );
  },
);
