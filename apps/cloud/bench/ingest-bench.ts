// Cloud ingest benchmark: 50 simulated terminals push fiscal documents at once over real HTTP
// (20 per push, three catalog lines each, a tenth of them refunds, some refused by the tax
// server in a later push), on PGlite and, when TEST_DATABASE_URL names a server, on PostgreSQL
// (a fresh database, dropped afterwards). The terminals run in a child process
// (ingest-load-client.ts), so the cloud's CPU per document is measured apart from theirs.
// Afterwards every product's on-hand must equal what the pushed documents imply, and the
// ledger's sum. The baseline is a bare insert of the same document rows, batch by batch from
// 50 loops, without HTTP, deduplication, stock or events.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/database.js';
import { newId } from '../src/ids.js';
import { createMerchant } from '../src/merchants/merchants.js';
import {
  activeTerminal,
  DRIVERS,
  openTestDatabase,
  startTestCloud,
  testSecrets,
  type Driver,
  type TestDatabase,
} from '../test/harness.js';
import { SimulatedTerminal, type LoadPlan, type LoadResult } from './ingest-load-client.js';

const TERMINALS = 50;
/**
 * Documents per push: 20, a terminal's outbox in ordinary trade; 200 (the most a push takes),
 * an outbox draining its backlog after the cloud was away.
 */
const PUSH_SIZES = (process.env.BENCH_INGEST_PUSH_SIZES ?? '20,200').split(',').map(Number);
/** `postgres` alone skips PGlite (profiling the server case without waiting for the other). */
const ONLY_DRIVER = process.env.BENCH_INGEST_DRIVER;
const PRODUCTS = Number(process.env.BENCH_INGEST_PRODUCTS ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);

interface Figures {
  docsPerSecond: number;
  /** CPU of this process (the cloud; on PGlite its database too) per document, ms. */
  nodeCpuMsPerDoc: number;
  /** CPU of the load client's process (the 50 terminals) per document, ms. */
  clientCpuMsPerDoc: number;
  /** CPU of the database's backend processes per document, ms (PostgreSQL only). */
  dbCpuMsPerDoc: number | null;
  bareDocsPerSecond: number;
  stockExact: boolean;
  documents: number;
  /** inventory.updated events stored per document pushed (each with a delivery here). */
  inventoryEventsPerDoc: number;
}

async function runOn(driver: Driver, perPush: number): Promise<Figures> {
  const database = await openTestDatabase(driver);
  const cloud = await startTestCloud(database, {
    rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    activationRateLimit: { max: 1_000_000, windowMs: 60_000 },
    // The production default: the consumer applies the pushes' pending stock every second, in
    // the cloud's process, so its CPU is in the cloud's figure.
    stockApplyMs: 1_000,
  });
  try {
    const db = database.db;
    const merchant = await createMerchant(db, { name: 'Ingest bench', integrationActive: true });
    await db.execute(sql`
      insert into products (id, merchant_id, code, name, price_minor, vat_code, unit)
      select 'prod_ingest' || g, ${merchant.id}, 'I-' || g, jsonb_build_object('ro', 'P ' || g), 1000, 'B', 'pcs'
      from generate_series(0, ${PRODUCTS - 1}) g`);
    await subscribeEverything(db, merchant.id);
    const terminals = [];
    for (let i = 0; i < TERMINALS; i++) terminals.push(await activeTerminal(cloud, merchant.id, `T${i}`));

    const dbCpuBefore = await backendCpuMs(database);
    const cpuBefore = process.cpuUsage();
    const load = await runLoadClient({
      url: cloud.url,
      credentials: terminals.map((t) => t.deviceCredential),
      perPush,
      products: PRODUCTS,
      durationMs: DURATION_MS,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const dbCpuAfter = await backendCpuMs(database);
    const { documents } = load;
    const docsPerSecond = Math.round(documents / (load.elapsedMs / 1000));
    const nodeCpuMsPerDoc = (cpu.user + cpu.system) / 1000 / documents;
    const clientCpuMsPerDoc = load.cpuMs / documents;
    const dbCpuMsPerDoc = dbCpuAfter && dbCpuBefore ? cpuDelta(dbCpuBefore, dbCpuAfter) / documents : null;

    // What the last second of pushes left pending, applied as the consumer's next pass would.
    await cloud.stockApplier.pass();
    const inventoryEventsPerDoc = (await countInventoryEvents(db, merchant.id)) / documents;
    const stockExact = await stockMatches(db, merchant.id, new Map(load.expected));
    const bareDocsPerSecond = await bareInsert(db, merchant.id, terminals[0]!.terminalId, perPush);
    return {
      docsPerSecond,
      nodeCpuMsPerDoc,
      clientCpuMsPerDoc,
      dbCpuMsPerDoc,
      bareDocsPerSecond,
      stockExact,
      documents,
      inventoryEventsPerDoc,
    };
  } finally {
    await cloud.close();
    await database.close();
  }
}

/** Forks the terminals' process, starts it once loaded (tsx compiling is not the run) and waits for its result. */
async function runLoadClient(plan: LoadPlan): Promise<LoadResult> {
  const child = fork(new URL('./ingest-load-client.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      child.on('message', (message: 'ready' | LoadResult) => {
        if (message === 'ready') child.send(plan);
        else resolve(message);
      });
      child.on('exit', (code) => reject(new Error(`ingest load client exited with ${code}`)));
      child.on('error', reject);
    });
  } finally {
    child.kill();
  }
}

/**
 * CPU time (user + system, ms) of each server process serving this database, read from /proc:
 * the server runs on this machine, and the figure tells our statements' cost apart from the
 * other engineers' load. Null on PGlite (in this process) or without /proc.
 */
async function backendCpuMs(database: TestDatabase): Promise<Map<number, number> | null> {
  if (database.driver !== 'postgres') return null;
  const pids = rowsOf<{ pid: number }>(
    await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  const ticksPerMs = 100 / 1000; // USER_HZ, 100 on Linux
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of pids) {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    }
  } catch {
    return null;
  }
  return cpu;
}

/** Backends opened during the run count from zero; the pool keeps them open to the end. */
function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A webhook endpoint taking every ingest event, so each push also queues its deliveries. */
async function subscribeEverything(db: Db, merchantId: string): Promise<void> {
  const id = newId('we');
  await db.execute(sql`
    insert into webhook_endpoints (id, merchant_id, url, events, secret_ciphertext, secret_key_id, status)
    values (${id}, ${merchantId}, 'https://127.0.0.1:9/hook',
      array['sale.created','sale.updated','refund.created','inventory.updated'],
      ${testSecrets.seal('whsec_bench', id).ciphertext}, ${testSecrets.currentKeyId}, 'enabled')`);
}

async function countInventoryEvents(db: Db, merchantId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from events where merchant_id = ${merchantId} and type = 'inventory.updated'`,
    ),
  );
  return row!.n;
}

/** Every product's on-hand equals what the documents imply and the sum of its movements. */
async function stockMatches(db: Db, merchantId: string, expected: Map<string, number>): Promise<boolean> {
  const rows = rowsOf<{ id: string; on_hand: string; ledger: string }>(
    await db.execute(sql`
      select p.id, p.on_hand_milli::text as on_hand,
        (select coalesce(sum(m.delta_milli), 0) from stock_movements m where m.product_id = p.id)::text as ledger
      from products p where p.merchant_id = ${merchantId}`),
  );
  return rows.every((r) => Number(r.on_hand) === (expected.get(r.id) ?? 0) && r.on_hand === r.ledger);
}

/** The same rows inserted bare: a table shaped and indexed like fiscal_documents, batch by batch. */
async function bareInsert(db: Db, merchantId: string, terminalId: string, perPush: number): Promise<number> {
  await db.execute(sql`create table bare_documents (like fiscal_documents including all)`);
  const sim = new SimulatedTerminal(new Map(), perPush, PRODUCTS);
  let documents = 0;
  const end = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: TERMINALS }, async () => {
      while (performance.now() < end) {
        // First revisions only: a refusal's second push is an update, not a row.
        const firsts = sim.nextPush().filter((d) => d.revision === 1);
        const rows = firsts.map((d) => ({
          id: newId('fdoc'),
          merchant_id: merchantId,
          terminal_id: terminalId,
          operation_id: d.operationId,
          revision: d.revision,
          type: d.type,
          status: d.status,
          created_at: d.createdAt,
          receipt_number: d.receiptNumber,
          report_number: d.reportNumber,
          fiscal_code: d.fiscalCode,
          offline_fiscal_code: d.offlineFiscalCode,
          mev_id: d.mevId,
          total_minor: d.total,
          sale_id: d.saleId,
          refund_id: d.refundId,
          vat: d.vat,
          payments: d.payments,
          lines: d.lines,
        }));
        const columns = sql.raw(Object.keys(rows[0]!).join(', '));
        await db.execute(sql`
          insert into bare_documents (${columns})
          select ${columns} from jsonb_populate_recordset(null::bare_documents, ${JSON.stringify(rows)}::jsonb)`);
        documents += rows.length;
      }
    }),
  );
  return Math.round(documents / ((performance.now() - started) / 1000));
}

export async function runIngestBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const driver of DRIVERS.filter((d) => !ONLY_DRIVER || d === ONLY_DRIVER))
    for (const perPush of PUSH_SIZES) {
      const f = await runOn(driver, perPush);
      const at = `${driver}, ${perPush}/push`;
      results[`${at}: documents pushed`] = f.documents;
      results[`${at}: ingest (documents/s, ${TERMINALS} terminals)`] = f.docsPerSecond;
      results[`${at}: CPU ms per document, cloud (Node)`] = Number(f.nodeCpuMsPerDoc.toFixed(3));
      results[`${at}: CPU ms per document, load client (its own process)`] = Number(
        f.clientCpuMsPerDoc.toFixed(3),
      );
      if (f.dbCpuMsPerDoc !== null)
        results[`${at}: CPU ms per document, PostgreSQL backends`] = Number(f.dbCpuMsPerDoc.toFixed(3));
      results[`${at}: bare insert of the same rows (documents/s)`] = f.bareDocsPerSecond;
      results[`${at}: ingest / bare insert`] = Number((f.docsPerSecond / f.bareDocsPerSecond).toFixed(3));
      results[`${at}: inventory.updated events per document`] = Number(f.inventoryEventsPerDoc.toFixed(3));
      results[`${at}: stock exact`] = f.stockExact ? 'PASS' : 'FAIL';
      if (driver === 'postgres')
        results[`${at}: target >= 2000 documents/s`] = f.docsPerSecond >= 2000 ? 'PASS' : 'FAIL';
    }
  return results;
}
