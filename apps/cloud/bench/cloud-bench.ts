// Cloud benchmark, one bounded run on loopback: a bare Fastify route and a bare SQL query as
// baselines, then GET /products over 100,000 products, POST /orders, webhook delivery
// throughput and event-to-delivery latency at 200 events/s. The load generator runs in this
// process, so figures are conservative on a small machine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { emitEvent } from '../src/events/emit-event.js';
import { createKey } from '../src/keys/keys.js';
import { SCOPES } from '../src/keys/scopes.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { listProductPage } from '../src/products/product-list.js';
import { decodeCursor } from '../src/http/cursor.js';
import { SecretsKeyring } from '../src/secrets/secrets-keyring.js';
import { startCloud } from '../src/server.js';
import { DeliveryWorker } from '../src/webhooks/delivery-worker.js';
import { runHttpLoad } from '../../../bench/load/http-load.js';
import { percentile } from '../../../bench/load/latency-stats.js';
import { selfSignedCertificate } from '../test/https-receiver.js';
import { cloudMemoryAfterRequests } from './cloud-memory.js';
import { cpuPerCall, serverCpuPerRequest } from './server-cpu.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const CONNECTIONS = 16;
const PRODUCTS = 100_000;

/** Rounds of bare route and product list, alternated so a change in machine load hits both alike. */
const ROUNDS = 5;

/** Runs `send` from CONNECTIONS concurrent loops for `durationMs`; returns completions per second. */
async function throughput(send: (i: number) => Promise<void>, durationMs = DURATION_MS): Promise<number> {
  const end = performance.now() + durationMs;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await send(done);
        done++;
      }
    }),
  );
  return Math.round(done / ((performance.now() - started) / 1000));
}

async function httpThroughput(
  origin: string,
  request: (i: number) => {
    path: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  },
  expect: number,
  durationMs = DURATION_MS,
) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  try {
    return await throughput(async (i) => {
      const r = request(i);
      const res = await pool.request({
        path: r.path,
        method: r.method ?? 'GET',
        headers: r.headers ?? {},
        body: r.body ?? null,
      });
      await res.body.dump();
      if (res.statusCode !== expect) throw new Error(`${r.path}: HTTP ${res.statusCode}`);
    }, durationMs);
  } finally {
    await pool.close();
  }
}

/** GETs of `paths` in turn from CONNECTIONS clients in a load worker for `durationMs`: answers per second. */
async function loadRate(
  origin: string,
  paths: readonly string[],
  headers: Record<string, string>,
  durationMs: number,
): Promise<number> {
  const result = await runHttpLoad({
    origin,
    method: 'GET',
    path: paths[0]!,
    paths,
    headers,
    clients: CONNECTIONS,
    maxRequests: Number.MAX_SAFE_INTEGER,
    maxMs: durationMs,
    warmUp: CONNECTIONS,
  });
  if (result.failures > 0) throw new Error(`${paths[0]}: ${result.firstError}`);
  return Math.round(result.requestsPerSecond);
}

/** 100,000 products for one merchant, in one statement, with fresh statistics. */
async function seedProducts(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`
    insert into products (id, merchant_id, code, barcodes, name, description, price_minor, vat_code, unit, category, on_hand_milli, updated_at)
    select 'prod_bench' || ${merchantId.slice(-6)} || g, ${merchantId}, 'B-' || lpad(g::text, 6, '0'), array['484' || lpad(g::text, 10, '0')],
      jsonb_build_object('ro', 'Produs ' || g, 'ru', 'Товар ' || g, 'en', 'Product ' || g),
      jsonb_build_object('ro', 'Descriere ' || g), 100 + g % 100000, (array['A','B','C','D','E'])[1 + g % 5], 'pcs',
      'Category ' || g % 20, (g % 50) * 1000, now() - make_interval(secs => ${PRODUCTS} - g)
    from generate_series(1, ${PRODUCTS}) g`);
  // Fresh statistics, as autovacuum would gather on a live server, so the planner uses the sync index.
  await db.execute(sql`analyze products`);
}

export async function runCloudBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  const url = process.env.BENCH_DATABASE_URL;
  // PGlite in a directory, as a cloud runs on it (DATA_DIR): its commits reach the disk.
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'cloud-bench-'));
  const database: Database = openDatabase(url ? { url } : { dataDir });
  results.database = url ? 'postgresql' : 'pglite (in-process, in a directory)';
  const secretsKey = randomBytes(32);
  await migrate(database.db, { secrets: new SecretsKeyring(secretsKey) });
  const db = database.db;

  // Baseline 1: a bare Fastify route, measured again in rounds beside the product list below.
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  results['bare fastify route (req/s)'] = await httpThroughput(bareUrl, () => ({ path: '/bare' }), 200);

  // Baseline 2: a bare SQL query.
  results['bare SQL select 1 (q/s)'] = await throughput(async () => {
    await db.execute(sql`select 1`);
  });

  // 100,000 products for one merchant, in one statement.
  const merchant = await createMerchant(db, { name: 'Bench', integrationActive: true });
  const seeded = performance.now();
  await seedProducts(db, merchant.id);
  results['seed 100k products (s)'] = Number(((performance.now() - seeded) / 1000).toFixed(2));
  const key = await createKey(db, { merchantId: merchant.id, scopes: [...SCOPES] });

  const tls = selfSignedCertificate();
  const config = loadConfig({});
  const cloud = await startCloud({
    config: {
      ...config,
      port: 0,
      runWorker: false,
      secrets: { key: secretsKey.toString('base64'), previousKeys: [] },
      rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
      addressRateLimitMax: 1_000_000_000,
      webhooks: {
        ...config.webhooks,
        allowLoopback: true,
        extraCa: tls.cert,
        pollIntervalMs: 50,
        batchSize: 64,
      },
    },
    database,
    logger: pino({ level: 'silent' }),
  });
  const headers = { 'x-service-api-key': key.key };

  // Cursors of every 100-product page, then random pages under load.
  const cursors: string[] = [''];
  for (let next: string | null = ''; next !== null && cursors.length < 1000;) {
    const res = await fetch(`${cloud.url}/api/public/v1/products?limit=100${next ? `&cursor=${next}` : ''}`, {
      headers,
    });
    next = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    if (next) cursors.push(next);
  }
  const pageOf100 = (i: number) => ({
    path: `/api/public/v1/products?limit=100${cursors[i % cursors.length] ? `&cursor=${cursors[i % cursors.length]}` : ''}`,
    headers,
  });
  await httpThroughput(cloud.url, pageOf100, 200, 1000); // warm-up
  // The target compares the list with the bare route; alternating rounds keep the comparison
  // fair when other processes' load changes during the run.
  // The page's own SQL, called directly with the same cursors: what the HTTP page costs over it.
  const pageQuery = async (i: number) => {
    const cursor = cursors[i % cursors.length];
    await listProductPage(db, {
      merchantId: merchant.id,
      limit: 100,
      after: cursor ? decodeCursor(cursor) : undefined,
    });
  };
  const ping = () => ({ path: '/api/public/v1/ping', headers });
  const paired = { bare: 0, list: 0, ping: 0, query: 0 };
  const roundMs = Math.max(500, Math.round(DURATION_MS / 3));
  // The rounds' HTTP clients run in a worker thread (runHttpLoad), as the issue's were another
  // process: in this thread, reading each 100-product answer (~60 KB) was charged to the page
  // over HTTP alone, which its SQL called directly does not pay.
  const pages = cursors.map((_, i) => pageOf100(i).path);
  for (let round = 0; round < ROUNDS; round++) {
    paired.bare += await loadRate(bareUrl, ['/bare'], {}, roundMs);
    paired.list += await loadRate(cloud.url, pages, headers, roundMs);
    paired.ping += await loadRate(cloud.url, [ping().path], headers, roundMs);
    paired.query += await throughput(pageQuery, roundMs);
  }
  // CPU of this thread per request, the load client in a worker thread: unlike the rates above,
  // it does not move with the machine's load. The least of three alternating rounds.
  const cpu = { bare: Infinity, ping: Infinity };
  for (let round = 0; round < 3; round++) {
    cpu.bare = Math.min(cpu.bare, await serverCpuPerRequest(bareUrl, '/bare', {}, 20_000));
    cpu.ping = Math.min(cpu.ping, await serverCpuPerRequest(cloud.url, ping().path, headers, 20_000));
  }
  // The same for one 100-product page (the middle one), over HTTP and as its SQL called directly
  // (16 loops on this thread, as above): what the HTTP answer adds to the page's own work.
  const middle = Math.floor(cursors.length / 2);
  const pageCpu = { http: Infinity, query: Infinity };
  for (let round = 0; round < 3; round++) {
    pageCpu.http = Math.min(
      pageCpu.http,
      await serverCpuPerRequest(cloud.url, pageOf100(middle).path, headers, 2_000),
    );
    pageCpu.query = Math.min(pageCpu.query, await cpuPerCall(() => pageQuery(middle), 2_000));
  }
  results['page over HTTP, server CPU per page (µs)'] = Math.round(pageCpu.http);
  results['page SQL called directly, CPU per page (µs)'] = Math.round(pageCpu.query);
  results['page SQL CPU / HTTP CPU (goal >= 0.8)'] = Number((pageCpu.query / pageCpu.http).toFixed(3));
  results['bare route, server CPU per request (µs)'] = Math.round(cpu.bare);
  results['GET /ping, server CPU per request (µs)'] = Math.round(cpu.ping);
  await bare.close();
  const ratio = paired.list / paired.bare;
  results['bare fastify route, alternating rounds (req/s)'] = Math.round(paired.bare / ROUNDS);
  results['GET /products limit=100 over 100k (pages/s)'] = Math.round(paired.list / ROUNDS);
  results['list / bare route (target >= 0.33)'] = Number(ratio.toFixed(3));
  results['list target'] = ratio >= 1 / 3 ? 'PASS' : 'FAIL';
  // Issue 28: a request that writes nothing (authentication from the key cache, the rate limit
  // counted in the process) at half the bare route's rate or better.
  const pingRatio = paired.ping / paired.bare;
  results['GET /ping, alternating rounds (req/s)'] = Math.round(paired.ping / ROUNDS);
  results['ping / bare route (goal >= 0.5)'] = Number(pingRatio.toFixed(3));
  results['ping goal'] = pingRatio >= 0.5 ? 'PASS' : 'FAIL';
  // Issue 28: the page over HTTP against the same page's SQL called directly.
  const pageRatio = paired.list / paired.query;
  results['page SQL called directly, alternating rounds (pages/s)'] = Math.round(paired.query / ROUNDS);
  results['page over HTTP / its SQL (goal >= 0.8)'] = Number(pageRatio.toFixed(3));
  results['page goal'] = pageRatio >= 0.8 ? 'PASS' : 'FAIL';
  results['rss after the rounds (MB)'] = Math.round(process.memoryUsage().rss / 1e6);
  results['GET /products limit=50 (pages/s)'] = await httpThroughput(
    cloud.url,
    (i) => ({
      path: `/api/public/v1/products?limit=50${cursors[i % cursors.length] ? `&cursor=${cursors[i % cursors.length]}` : ''}`,
      headers,
    }),
    200,
  );
  let orderNo = 0;
  results['POST /orders (orders/s)'] = await httpThroughput(
    cloud.url,
    () => ({
      path: '/api/public/v1/orders',
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        externalOrderId: `BENCH-${orderNo++}`,
        customer: { name: 'Bench' },
        lines: [
          { productCode: `B-${String(1 + (orderNo % PRODUCTS)).padStart(6, '0')}`, quantity: 2 },
          { productCode: 'B-000001', quantity: 1.5 },
        ],
      }),
    }),
    201,
  );

  // Webhooks: an HTTPS receiver on loopback that answers 200 and records when each event arrived.
  const arrivals = new Map<string, number>();
  const receiver = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { tag: string } };
      arrivals.set(body.data.tag, Date.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = await fetch(`${cloud.url}/api/public/v1/webhooks`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiverUrl, events: ['inventory.updated'] }),
  });
  if (hook.status !== 201) throw new Error(`webhook registration: HTTP ${hook.status}`);
  const worker = new DeliveryWorker({
    db,
    config: cloud.ctx.config.webhooks,
    urlGuard: cloud.ctx.urlGuard,
    secrets: cloud.ctx.secrets,
    logger: pino({ level: 'silent' }),
  });
  const waitForArrivals = async (count: number) => {
    const deadline = Date.now() + 120_000;
    while (arrivals.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };

  // Throughput: 2,000 queued events, then the worker drains them.
  const BACKLOG = 2000;
  for (let batch = 0; batch < BACKLOG / 500; batch++) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 500; i++) {
        await emitEvent(tx, {
          merchantId: merchant.id,
          type: 'inventory.updated',
          data: { tag: `backlog-${batch}-${i}` },
        });
      }
    });
  }
  const drainStart = performance.now();
  worker.start();
  await waitForArrivals(BACKLOG);
  results['webhook deliveries (deliveries/s)'] = Math.round(
    arrivals.size / ((performance.now() - drainStart) / 1000),
  );

  // Latency: 200 events/s for 5 s, each committed on its own as production changes are,
  // from commit to arrival at the receiver.
  arrivals.clear();
  const committedAt = new Map<string, number>();
  const RATE = 200;
  const EVENTS = RATE * 5;
  const t0 = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    const wait = t0 + (i * 1000) / RATE - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tag = `latency-${i}`;
    await db.transaction((tx) =>
      emitEvent(tx, { merchantId: merchant.id, type: 'inventory.updated', data: { tag } }),
    );
    committedAt.set(tag, Date.now());
    worker.wake();
  }
  await waitForArrivals(EVENTS);
  const latencies = [...committedAt]
    .map(([tag, at]) => (arrivals.get(tag) ?? Infinity) - at)
    .sort((x, y) => x - y);
  results['events at 200/s delivered'] = `${arrivals.size}/${EVENTS}`;
  results['event-to-delivery p50 at 200/s (ms)'] = percentile(latencies, 0.5);
  results['event-to-delivery p99 at 200/s (ms)'] = percentile(latencies, 0.99);
  results['delivery target (p99 < 1000 ms)'] = percentile(latencies, 0.99) < 1000 ? 'PASS' : 'FAIL';

  await worker.stop();
  await cloud.close();
  receiver.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });

  // Issue 28: the cloud process's memory after 10,000 requests, on the same database kind.
  const memory = await cloudMemoryAfterRequests(seedProducts, url);
  results['cloud process RSS after 10k requests (MB)'] = memory.rssMb;
  results['cloud process peak RSS (MB)'] = memory.peakMb;
  results['cloud process RSS / peak once listening (MB)'] =
    `${memory.listeningMb} / ${memory.listeningPeakMb}`;
  results['cloud process steady CPU per request, all threads (µs) / rate (req/s)'] =
    `${memory.steadyCpuMicros} / ${memory.steadyRate}`;
  // On PGlite the cloud restarts itself with the Node flags that bound its memory
  // (src/embedded-runtime.ts), so the figures above are with them, as production runs.
  if (!url) {
    results['embedded database memory goal (< 300 MB, peak too)'] =
      memory.rssMb < 300 && memory.peakMb < 300 ? 'PASS' : 'FAIL';
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runCloudBench());
}
