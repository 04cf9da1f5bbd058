// Cloud ingest benchmark: 50 simulated terminals push fiscal documents at once over real HTTP
// (20 per push, three catalog lines each, a tenth of them refunds, some refused by the tax
// server in a later push), on PGlite and, when TEST_DATABASE_URL names a server, on PostgreSQL
// (a fresh database, dropped afterwards). Afterwards every product's on-hand must equal what the pushed
// documents imply, and the ledger's sum. The baseline is a bare insert of the same document
// rows, batch by batch from 50 loops, without HTTP, deduplication, stock or events.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { rowsOf, type Db } from '../src/db/database.js';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { newId } from '../src/ids.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { fiscalDocument } from '../test/documents-fixture.js';
import {
  activeTerminal,
  DRIVERS,
  openTestDatabase,
  startTestCloud,
  testSecrets,
  type Driver,
  type TestDatabase,
} from '../test/harness.js';

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
/** One sale in this many is refused by the tax server and pushed again as `failed`. */
const REFUSED_EVERY = 20;

interface Figures {
  docsPerSecond: number;
  /** CPU of this process (cloud and load client together: they share it) per document, ms. */
  nodeCpuMsPerDoc: number;
  /** CPU of the database's backend processes per document, ms (PostgreSQL only). */
  dbCpuMsPerDoc: number | null;
  bareDocsPerSecond: number;
  stockExact: boolean;
  documents: number;
}

/** What one terminal generates: its pushes, and the stock they imply per product. */
class SimulatedTerminal {
  private refusedNext: PushedDocument[] = [];
  constructor(
    private readonly expected: Map<string, number>,
    private readonly perPush: number,
  ) {}

  nextPush(): PushedDocument[] {
    const docs: PushedDocument[] = this.refusedNext.map((d) => ({
      ...d,
      revision: 2,
      status: 'failed' as const,
    }));
    this.refusedNext = [];
    while (docs.length < this.perPush) {
      const refund = Math.random() < 0.1;
      const lines = Array.from({ length: 3 }, () => ({
        productId: `prod_ingest${Math.floor(Math.random() * PRODUCTS)}`,
        quantityMilli: 1000 * (1 + Math.floor(Math.random() * 3)),
      }));
      const doc = fiscalDocument(lines, refund ? { type: 'refund', refundId: randomUUID() } : {});
      const refused = !refund && docs.length % REFUSED_EVERY === 0;
      if (refused) this.refusedNext.push(doc);
      else for (const l of lines) this.expect(l.productId, refund ? l.quantityMilli : -l.quantityMilli);
      docs.push(doc);
    }
    return docs;
  }

  /** Sales refused in the last push were pushed once more, as failed, before the run ended. */
  get pending(): PushedDocument[] {
    return this.refusedNext;
  }

  private expect(productId: string, delta: number) {
    this.expected.set(productId, (this.expected.get(productId) ?? 0) + delta);
  }
}

async function runOn(driver: Driver, perPush: number): Promise<Figures> {
  const database = await openTestDatabase(driver);
  const cloud = await startTestCloud(database, {
    rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    activationRateLimit: { max: 1_000_000, windowMs: 60_000 },
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

    const expected = new Map<string, number>();
    const pool = new Pool(cloud.url, { connections: TERMINALS, pipelining: 1 });
    const push = async (credential: string, documents: PushedDocument[]) => {
      const res = await pool.request({
        path: '/api/device/v1/documents',
        method: 'POST',
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ documents }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`push: HTTP ${res.statusCode} ${text}`);
    };
    let documents = 0;
    const dbCpuBefore = await backendCpuMs(database);
    const cpuBefore = process.cpuUsage();
    const end = performance.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      terminals.map(async (t) => {
        const sim = new SimulatedTerminal(expected, perPush);
        while (performance.now() < end) {
          const docs = sim.nextPush();
          await push(t.deviceCredential, docs);
          documents += docs.length;
        }
        if (sim.pending.length) {
          await push(
            t.deviceCredential,
            sim.pending.map((d) => ({ ...d, revision: 2, status: 'failed' as const })),
          );
          documents += sim.pending.length;
        }
      }),
    );
    const docsPerSecond = Math.round(documents / ((performance.now() - started) / 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const dbCpuAfter = await backendCpuMs(database);
    const nodeCpuMsPerDoc = (cpu.user + cpu.system) / 1000 / documents;
    const dbCpuMsPerDoc = dbCpuAfter && dbCpuBefore ? cpuDelta(dbCpuBefore, dbCpuAfter) / documents : null;
    await pool.close();

    const stockExact = await stockMatches(db, merchant.id, expected);
    const bareDocsPerSecond = await bareInsert(db, merchant.id, terminals[0]!.terminalId, perPush);
    return { docsPerSecond, nodeCpuMsPerDoc, dbCpuMsPerDoc, bareDocsPerSecond, stockExact, documents };
  } finally {
    await cloud.close();
    await database.close();
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
  const sim = new SimulatedTerminal(new Map(), perPush);
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
      results[`${at}: CPU ms per document, Node (cloud + load client)`] = Number(
        f.nodeCpuMsPerDoc.toFixed(3),
      );
      if (f.dbCpuMsPerDoc !== null)
        results[`${at}: CPU ms per document, PostgreSQL backends`] = Number(f.dbCpuMsPerDoc.toFixed(3));
      results[`${at}: bare insert of the same rows (documents/s)`] = f.bareDocsPerSecond;
      results[`${at}: ingest / bare insert`] = Number((f.docsPerSecond / f.bareDocsPerSecond).toFixed(3));
      results[`${at}: stock exact`] = f.stockExact ? 'PASS' : 'FAIL';
      if (driver === 'postgres')
        results[`${at}: target >= 2000 documents/s`] = f.docsPerSecond >= 2000 ? 'PASS' : 'FAIL';
    }
  return results;
}
