/**
 * Issue 25 §6, the chaos suite on the offline path: the kill -9 stream of chaos.test.ts and
 * platform-crash.test.ts (terminal and cloud) while MEV flaps between down, hanging and refusing
 * (mev-sim's `down`, `hang` and `fault` modes), with the relay in the path: every operation goes
 * to the terminal through the relay, as a back office reaches a shop from outside.
 *
 * All real processes on loopback: the terminal (src/main.ts, activated, dialling the relay),
 * the cloud (its src/main.ts on its own PostgreSQL database), the relay, mev-sim and card-sim.
 * One cashier sells (cash sales of catalog products, card sales, full refunds, cash in and out),
 * each operation under its own Idempotency-Key, sent again with that key until it has an answer
 * (a kill cuts requests; the relay answers 502/503 while the terminal is away). At the end, with
 * MEV back for good, what must hold, reported as figures (docs/reliability.md):
 *
 * - lost 0: every operation answered 200 is on the terminal, `success`, registered at MEV, and
 *   (sales, refunds) in the cloud;
 * - doubled 0: no operation twice at MEV or in the cloud, one per Idempotency-Key on the terminal;
 * - gaps 0: receipt numbers 1..N in registration order;
 * - card charges without a receipt 0: every charge card-sim holds (not reversed) is a sale's;
 * - stock mismatches 0: the cloud's on-hand equals its start plus every answered movement, and
 *   its ledger adds up.
 *
 * CI runs a short script (CHAOS_ROUNDS, default 3); CHAOS_SOAK=1 runs the long one the figures
 * in docs/reliability.md come from. The script is fixed, the randomness of the cashier seeded
 * (CHAOS_SEED); only how many operations fit in each step depends on the machine.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listCardTransactions } from '@fiscal-pos/card-sim';
import { setFaultMode, type FaultMode } from '@fiscal-pos/mev-sim';
import { mulberry32, portForLater } from '@fiscal-pos/sim-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kill9, spawnCloud, type CloudChild } from '../../../cloud/test/cloud-process.js';
import {
  createServerDatabase,
  postgresUnreachable,
  type ServerDatabase,
} from '../../../cloud/test/harness.js';
import { startRelayProcess, type RelayProcess } from '../../../relay/src/launcher.js';
import { registrationsOf, waitUntil } from '../fiscal-operations/sync-helpers.js';
import {
  removeDir,
  startCardSim,
  startSimulator,
  tempDir,
  type CardSim,
  type Simulator,
} from '../support/terminal-harness.js';
import { integrationGet, openShop } from '../support/cloud-shop.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

const SERVER_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const unreachable = await postgresUnreachable(SERVER_URL);
if (unreachable !== null)
  console.warn(`offline chaos test skipped: no PostgreSQL at ${SERVER_URL} (${unreachable})`);

const SOAK = process.env.CHAOS_SOAK === '1';
/** Rounds of the script: each sets a MEV mode, sells, kills the terminal, sells; every other one kills the cloud too. */
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? (SOAK ? 24 : 3));
/** Selling time before and after each kill. */
const STEP_MS = SOAK ? 4_000 : 1_200;
/** MEV down (connection refused), hanging (no answer), refusing (a SOAP fault), and back. */
const MEV_FLAPS: readonly FaultMode[] = ['down', 'hang', 'fault', 'ok'];
const OPERATOR_TOKEN = `op_test_${randomBytes(16).toString('hex')}`;
const RELAY_TOKEN = `rt_test_${randomBytes(16).toString('hex')}`;
const ON_HAND = 100_000;
const PRODUCTS = ['TEA', 'COFFEE'] as const;

const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`offline chaos seed ${seed} (rerun with CHAOS_SEED=${seed})`);
const random = mulberry32(seed);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Kind = 'sale' | 'cardSale' | 'refund' | 'cashIn' | 'cashOut';

/** One operation as the cashier sent it, and what it was finally answered. */
interface Operation {
  kind: Kind;
  key: string;
  path: string;
  body: unknown;
  /** Catalog units it moves: negative sold, positive returned. */
  moves: Partial<Record<(typeof PRODUCTS)[number], number>>;
  answer: Record<string, unknown> | null;
  /** A final answer other than 200: none is expected. */
  refusal: string | null;
  /** Requests sent for it (more than one: cut by a kill, or the terminal away from the relay). */
  tries: number;
}

describe.skipIf(unreachable !== null)(
  'kill -9 of terminal and cloud while MEV flaps, through the relay',
  () => {
    let database: ServerDatabase;
    let cloudEnv: Record<string, string>;
    let cloud: CloudChild;
    let relay: RelayProcess;
    let sim: Simulator;
    let cardSim: CardSim;
    let terminal: TerminalProcess | null = null;
    let terminalEnv: Record<string, string>;
    const dataDir = tempDir('offline-chaos');
    let apiKey: string;
    let publicId: string;
    let terminalId: string;
    let integrationKey: string;
    let products: Record<string, string>;

    const integration = <T>(path: string) => integrationGet<T>(cloud.url, integrationKey, path);
    /** A request to the terminal through the relay. */
    const relayed = (method: string, path: string, body?: unknown, key?: string) =>
      fetch(`${relay.url}/api/relay/${publicId}${path}`, {
        method,
        headers: {
          'x-api-key': apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    const direct = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${terminal!.url}${path}`, { headers: { 'x-api-key': apiKey } });
      return ((await res.json()) as { data: T }).data;
    };

    beforeAll(async () => {
      database = await createServerDatabase(SERVER_URL);
      cloudEnv = {
        DATABASE_URL: database.url,
        CLOUD_SECRETS_KEY: randomBytes(32).toString('base64'),
        CLOUD_OPERATOR_TOKEN: OPERATOR_TOKEN,
        RELAY_TOKEN,
        // A fixed port: the restarted cloud is where the terminal and the relay look for it.
        PORT: String(await portForLater()),
        HOST: '127.0.0.1',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_ADDRESS_MAX: '1000000',
        WEBHOOK_WORKER: 'false',
      };
      [cloud, sim, cardSim] = await Promise.all([spawnCloud(cloudEnv), startSimulator(), startCardSim()]);
      relay = await startRelayProcess({
        env: {
          CLOUD_URL: cloud.url,
          RELAY_TOKEN,
          RELAY_HEARTBEAT_MS: '1000',
          RELAY_REQUEST_TIMEOUT_MS: '20000',
          RELAY_REVOCATION_POLL_MS: '1000',
        },
      });

      const shop = await openShop(cloud.url, OPERATOR_TOKEN, { products: PRODUCTS, onHand: ON_HAND });
      ({ integrationKey, products } = shop);
      terminalId = shop.terminal.id;
      publicId = shop.terminal.publicId;
      terminalEnv = {
        CLOUD_URL: cloud.url,
        RELAY_URL: relay.url,
        ACTIVATION_CODE: shop.activationCode,
        CATALOG_SYNC_INTERVAL_MS: '600000',
        PLATFORM_PUSH_INTERVAL_MS: '100',
        PLATFORM_RETRY_BASE_MS: '50',
        PLATFORM_RETRY_MAX_MS: '500',
        CLOUD_TIMEOUT_MS: '3000',
        RELAY_RECONNECT_BASE_MS: '50',
        RELAY_RECONNECT_MAX_MS: '300',
        RELAY_HEARTBEAT_MS: '1000',
        // A hanging MEV costs the cashier this much, then the sale is taken offline.
        MEV_CONNECT_TIMEOUT_MS: '300',
        MEV_REQUEST_TIMEOUT_MS: '500',
        SYNC_RETRY_BASE_MS: '50',
        SYNC_RETRY_MAX_MS: '300',
        CARD_REQUEST_TIMEOUT_MS: '10000',
        PRINTER: 'none',
      };
      terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env: terminalEnv });
      apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
      await waitUntil('the relay routes to the terminal', async () => {
        const res = await relayed('GET', '/api/health').catch(() => null);
        return res?.status === 200;
      });
    }, 120_000);

    afterAll(async () => {
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' }).catch(() => undefined);
      await terminal?.kill();
      await relay?.stop();
      if (cloud) await kill9(cloud);
      await Promise.all([sim?.stop(), cardSim?.stop()]);
      await database?.drop();
      for (const dir of [dataDir, sim?.dataDir, cardSim?.dataDir]) if (dir) removeDir(dir);
    });

    const operations: Operation[] = [];

    /** The next operation of the cashier; a refund takes back a sale answered before, once. */
    function nextOperation(n: number): Operation {
      const key = `chaos-${seed}-${n}`;
      const refundable = operations.filter(
        (o) => (o.kind === 'sale' || o.kind === 'cardSale') && o.answer !== null && !refunded.has(o.key),
      );
      const roll = random();
      const lines = PRODUCTS.filter(() => random() < 0.6).map((code) => ({ code, quantity: between(1, 3) }));
      if (lines.length === 0) lines.push({ code: 'TEA', quantity: 1 });
      const total = lines.reduce((sum, l) => sum + 10 * l.quantity, 0);
      const items = lines.map((l) => ({
        id: products[l.code],
        name: l.code,
        unitPrice: 10,
        quantity: l.quantity,
        vatCode: 'B',
      }));
      const moves = Object.fromEntries(lines.map((l) => [l.code, -l.quantity]));
      const base = { key, answer: null, refusal: null, tries: 0 };
      if (roll < 0.15 && refundable.length > 0) {
        const sale = refundable[between(0, refundable.length - 1)]!;
        refunded.add(sale.key);
        const back = Object.fromEntries(Object.entries(sale.moves).map(([code, q]) => [code, -q]));
        return {
          ...base,
          kind: 'refund',
          path: `/api/sales/${sale.answer!.saleId as string}/refund`,
          body: {},
          moves: back,
        };
      }
      if (roll < 0.25)
        return {
          ...base,
          kind: 'cashIn',
          path: '/api/cash/in',
          body: { amount: between(1, 50), printReceipt: false },
          moves: {},
        };
      if (roll < 0.3)
        return {
          ...base,
          kind: 'cashOut',
          path: '/api/cash/out',
          body: { amount: 1, printReceipt: false },
          moves: {},
        };
      const card = roll < 0.5;
      return {
        ...base,
        kind: card ? 'cardSale' : 'sale',
        path: '/api/sales',
        body: {
          items,
          payments: [{ type: card ? '2' : '1', amount: total }],
          amountReceived: total,
          change: 0,
          printReceipt: false,
        },
        moves,
      };
    }
    const refunded = new Set<string>();

    /** Sends one operation until it has a final answer: the same key each time. */
    async function perform(operation: Operation, stopping: () => boolean): Promise<void> {
      for (;;) {
        operation.tries++;
        let res: Response;
        try {
          res = await relayed('POST', operation.path, operation.body, operation.key);
        } catch {
          // Cut by a kill (of the relay's link), or no answer at all: the outcome is unknown, ask again.
          await sleep(50);
          continue;
        }
        const body = (await res.json().catch(() => null)) as {
          data: Record<string, unknown> | null;
          error: { code: string } | null;
        } | null;
        if (res.status === 200) {
          operation.answer = body!.data;
          return;
        }
        // The terminal is away from the relay (killed, restarting, dialling again), or its
        // previous attempt under this key is still running: ask again under the same key.
        const away = res.status === 502 || res.status === 503 || res.status === 504;
        const inProgress = res.status === 409 && body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS';
        if ((away || inProgress) && !(stopping() && operation.tries > 2_000)) {
          await sleep(50);
          continue;
        }
        operation.refusal = `${res.status} ${body?.error?.code ?? ''}`;
        return;
      }
    }

    it(
      'loses, doubles and skips nothing, leaves no card charge without a receipt and the stock exact',
      async () => {
        let stopping = false;
        const cashier = (async () => {
          for (let n = 0; !stopping; n++) {
            const operation = nextOperation(n);
            operations.push(operation);
            await perform(operation, () => stopping);
          }
        })();

        let terminalKills = 0;
        let cloudKills = 0;
        for (let round = 0; round < ROUNDS; round++) {
          await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: MEV_FLAPS[round % MEV_FLAPS.length]! });
          await sleep(STEP_MS);
          const cloudToo = round % 2 === 1;
          if (cloudToo) {
            await kill9(cloud);
            cloudKills++;
          }
          const killed = terminal!;
          terminal = null;
          expect((await killed.kill('SIGKILL')).signal).toBe('SIGKILL');
          terminalKills++;
          terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env: terminalEnv });
          if (cloudToo) cloud = await spawnCloud(cloudEnv);
          await sleep(STEP_MS);
        }
        await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
        stopping = true;
        await cashier;
        const t = terminal!;

        // MEV and the cloud up for good: the queues drain by themselves.
        await waitUntil(
          'the offline queue, the platform outbox and the card reversals drained',
          async () => {
            const health = await direct<{ offlineQueueSize: number; platform: { documentsWaiting: number } }>(
              '/api/health',
            );
            return health.offlineQueueSize === 0 && health.platform.documentsWaiting === 0;
          },
          90_000,
          200,
        );

        // What the terminal holds.
        const ops: { id: string; status: string }[] = [];
        for (;;) {
          const page = await direct<{ operations: typeof ops; total: number }>(
            `/api/fiscal/operations?limit=500&offset=${ops.length}`,
          );
          ops.push(...page.operations);
          if (ops.length >= page.total) break;
        }
        const opById = new Map(ops.map((o) => [o.id, o]));
        const registered = await registrationsOf(sim, t.registrationNumber);
        const registeredIds = registered.map((r) => r.operationId);
        const cloudRows = await database.query<{ operation_id: string }>(
          'select operation_id from fiscal_documents where terminal_id = $1',
          [terminalId],
        );
        const cloudIds = cloudRows.map((r) => r.operation_id);
        const answered = operations.filter((o) => o.answer !== null);
        const answeredIds = answered.map((o) => o.answer!.fiscalOperationId as string);
        const documentIds = answered
          .filter((o) => o.kind === 'sale' || o.kind === 'cardSale' || o.kind === 'refund')
          .map((o) => o.answer!.fiscalOperationId as string);

        const lost =
          answeredIds.filter((id) => opById.get(id)?.status !== 'success' || !registeredIds.includes(id))
            .length + documentIds.filter((id) => !cloudIds.includes(id)).length;
        const doubled =
          registeredIds.length -
          new Set(registeredIds).size +
          (cloudIds.length - new Set(cloudIds).size) +
          // One operation per Idempotency-Key: the terminal holds no operation the cashier was not answered.
          (ops.length - new Set(answeredIds).size);
        const numbers = registered.flatMap((r) => (r.receiptNumber ? [r.receiptNumber] : []));
        const gaps = numbers.filter((n, i) => n !== i + 1).length;

        // Every charge card-sim holds and did not take back is a sale's card payment.
        const purchases: Awaited<ReturnType<typeof listCardTransactions>> = [];
        for (;;) {
          const page = await listCardTransactions(cardSim.adminUrl, {
            operation: 'purchase',
            after: purchases.at(-1)?.seq ?? 0,
            limit: 10_000,
          });
          if (page.length === 0) break;
          purchases.push(...page);
        }
        const charged = purchases.filter((p) => p.result === 'approved' && p.state === 'charged');
        const saleRrns = new Set<string>();
        for (const o of answered.filter((a) => a.kind === 'cardSale')) {
          for (const p of o.answer!.payments as { card: { rrn: string } | null }[])
            if (p.card) saleRrns.add(p.card.rrn);
        }
        const unmatched = charged.filter((p) => !saleRrns.has(p.rrn ?? ''));
        if (unmatched.length > 0) console.log(`charges without a receipt ${JSON.stringify(unmatched)}`);
        const chargesWithoutReceipt = unmatched.length;

        // The cloud's stock: its start plus every answered movement, and its ledger adds up.
        const expected: Record<string, number> = { TEA: ON_HAND, COFFEE: ON_HAND };
        for (const o of answered)
          for (const [code, quantity] of Object.entries(o.moves)) expected[code]! += quantity;
        let stockMismatches = 0;
        for (const code of PRODUCTS) {
          const { onHand } = await integration<{ onHand: number }>(`/inventory?productCode=${code}`);
          if (onHand !== expected[code]) stockMismatches++;
        }
        const ledger = await database.query<{ on_hand_milli: string; moved: string }>(
          // On-hand with what the pushes left pending for the cloud's stock consumer (pending-stock.ts).
          `select p.on_hand_milli + (select coalesce(sum(s.delta_milli), 0) from stock_pending s where s.product_id = p.id)
                  as on_hand_milli,
                (select coalesce(sum(m.delta_milli), 0) from stock_movements m where m.product_id = p.id) as moved
           from products p where p.id = any($1)`,
          [Object.values(products)],
        );
        stockMismatches += ledger.filter((row) => row.on_hand_milli !== row.moved).length;

        const byKind = Object.fromEntries(
          (['sale', 'cardSale', 'refund', 'cashIn', 'cashOut'] as const).map((k) => [
            k,
            answered.filter((o) => o.kind === k).length,
          ]),
        );
        const figures = {
          seed,
          rounds: ROUNDS,
          operations: answered.length,
          byKind,
          resent: operations.filter((o) => o.tries > 1).length,
          terminalKills,
          cloudKills,
          mevModes: MEV_FLAPS,
          lost,
          doubled,
          gaps,
          cardChargesWithoutReceipt: chargesWithoutReceipt,
          stockMismatches,
          // A cash-out of 1.00 from a drawer that holds less (a day's first operations, full cash
          // refunds) is the terminal's right answer, not a fault: it writes nothing.
          refused: operations
            .filter((o) => o.refusal !== null && !o.refusal.includes('INSUFFICIENT_CASH_BALANCE'))
            .map((o) => `${o.kind}: ${o.refusal}`),
        };
        console.log(`offline chaos figures ${JSON.stringify(figures)}`);

        expect(figures.refused).toEqual([]);
        expect(answered.length).toBeGreaterThan(0);
        expect({ lost, doubled, gaps, chargesWithoutReceipt, stockMismatches }).toEqual({
          lost: 0,
          doubled: 0,
          gaps: 0,
          chargesWithoutReceipt: 0,
          stockMismatches: 0,
        });
        expect(ops.filter((o) => o.status !== 'success')).toEqual([]);
        expect(terminalKills).toBe(ROUNDS);
      },
      SOAK ? 1_800_000 : 240_000,
    );
  },
);
