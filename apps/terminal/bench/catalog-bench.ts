/**
 * `npm run bench -- --only catalog`: the catalog kept on the terminal at a real shop's size.
 * A cloud (in this process, PGlite) holds 50,000 products; a terminal activated against it
 * pulls them all by the change feed (the initial sync), then 100 changed products (an
 * incremental sync); then name searches and exact-barcode lookups over HTTP on the terminal.
 */
import { startMevSimProcess } from '@fiscal-pos/mev-sim';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { summarize } from '../../../bench/load/latency-stats.js';
import { changeBenchProducts, seedBenchCatalog } from '../../cloud/bench/catalog-seed.js';
import { activateTerminal } from '../src/platform/activate-terminal.js';
import { readStoredApiKey } from '../src/storage/api-key-file.js';
import { startCloudForTerminals } from '../test/support/test-cloud.js';
import { startBenchTerminal } from './terminal-bench.js';

type Figures = Record<string, number | string>;

const PRODUCTS = 50_000;
const CHANGED = 100;
const LOOKUPS = 500;
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export async function runCatalogBench(): Promise<Figures> {
  const scratch = mkdtempSync(join(tmpdir(), 'fiscal-pos-catalog-bench-'));
  const cloud = await startCloudForTerminals();
  const mev = await startMevSimProcess({ dataDir: join(scratch, 'mev-sim') });
  try {
    const merchantId = await cloud.merchant();
    const db = cloud.cloud.ctx.db;
    await seedBenchCatalog(db, merchantId, PRODUCTS);

    const { activationCode } = await cloud.terminal(merchantId);
    const dataDir = join(scratch, 'terminal');
    await activateTerminal({ cloudUrl: cloud.url, code: activationCode, dataDir });
    const key = readStoredApiKey(dataDir)!;
    const started = performance.now();
    const terminal = await startBenchTerminal(mev, dataDir);
    try {
      const sync = terminal.rt.platform!;
      await sync.syncNow();
      const initialMs = performance.now() - started;
      const health = sync.syncState();

      await changeBenchProducts(db, merchantId, PRODUCTS, CHANGED);
      const incrementalMs = await timed(() => sync.syncNow());

      const get = async (query: string) => {
        const res = await request(`${terminal.url}/api/catalog/products?${query}`, {
          headers: { 'x-api-key': key },
        });
        const body = (await res.body.json()) as { products: unknown[] };
        if (res.statusCode !== 200 || body.products.length === 0)
          throw new Error(`${query}: ${res.statusCode}`);
      };
      const pick = (i: number) => 1 + ((i * 7919) % PRODUCTS);
      const byName: number[] = [];
      const byBarcode: number[] = [];
      for (let i = 0; i < LOOKUPS; i++) {
        byName.push(await timed(() => get(`search=${encodeURIComponent(`Produs ${pick(i)} `)}&limit=20`)));
        byBarcode.push(await timed(() => get(`barcode=48${String(pick(i)).padStart(11, '0')}`)));
      }
      const name = summarize(byName);
      const barcode = summarize(byBarcode);
      return {
        '1 products in the catalog': PRODUCTS,
        '1 initial sync, s (activation to all products on the terminal)': round(initialMs / 1000, 2),
        '1 cursor after the initial sync': String(health.cursor ?? ''),
        [`2 incremental sync of ${CHANGED} changes, ms`]: round(incrementalMs, 1),
        '3 search by name over HTTP p50 ms': round(name.p50),
        '3 search by name over HTTP p99 ms': round(name.p99),
        '3 exact barcode over HTTP p50 ms': round(barcode.p50),
        '3 exact barcode over HTTP p99 ms': round(barcode.p99),
        'target: initial sync < 30 s': initialMs < 30_000 ? 'PASS' : 'FAIL',
        'target: incremental sync of 100 < 1 s': incrementalMs < 1_000 ? 'PASS' : 'FAIL',
        'target: search p99 < 5 ms': Math.max(name.p99, barcode.p99) < 5 ? 'PASS' : 'FAIL',
      };
    } finally {
      await terminal.close();
    }
  } finally {
    await mev.stop();
    await cloud.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
