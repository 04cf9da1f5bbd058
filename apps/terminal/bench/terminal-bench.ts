/**
 * The terminal benchmark (`npm run bench -- --only terminal`), all figures from one run:
 *
 * 1. a bare Fastify route answering a constant envelope: what HTTP alone costs here;
 * 2. the floor of one fiscal operation, measured alone: (a) one durable SQLite commit of a
 *    sale-sized row with the terminal's pragmas, (b) one SOAP registration through
 *    SoapFiscalServer to the real mev-sim process, and (a+b) the two in sequence; (f) each
 *    after the machine idled as between two sales;
 * 3. POST /api/sales from one keep-alive client: p50/p99 latency, and the terminal's CPU per
 *    sale in and outside the fiscal lock (terminalCpuFigures: this process's CPU less the load
 *    client's worker thread);
 * 4. POST /api/sales from 10 concurrent keep-alive clients: sales per second, and the CPU per
 *    sale of this process less the load client's thread.
 * 6. the three sale goals again, against the floor at a sale's pace: the same commit and
 *    registration behind a bare route, driven like the sales, in rounds alternating with theirs.
 *
 * The terminal runs in this process (createTerminalRuntime + buildTerminalApp), the simulator
 * as its real child process, the load generator in a worker thread; all on 127.0.0.1. To say
 * where a sale's time goes, the fiscal lock, the fiscal server and the SQLite transactions are
 * wrapped with timers (TimedFiscalLock, TimedFiscalServer, timeTransactions).
 */
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import type { FiscalizationMaterial } from '@fiscal-pos/mev-sim';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { runHttpLoad, type HttpLoadResult } from '../../../bench/load/http-load.js';
import { median, summarize, timeEach, type LatencySummary } from '../../../bench/load/latency-stats.js';
import { processCpuMs, threadCpuMs } from '../../../bench/load/proc-stats.js';
import { buildTerminalApp } from '../src/app.js';
import { BENCH_IDENTITY } from './history/bench-terminal.js';
import { walFrames } from './history/wal-per-sale.js';
import { loadTerminalConfig, type TerminalConfig } from '../src/config.js';
import { SerialLock } from '../src/serial-lock/serial-lock.js';
import type {
  BatchRegistrationOutcome,
  FiscalRegistrationRequest,
  FiscalServer,
  RegistrationOutcome,
} from '../src/mev/fiscal-server.js';
import { SoapFiscalServer } from '../src/mev/soap-fiscal-server.js';
import { NoPrinter } from '../src/printing/virtual-printer.js';
import type { ReceiptPrinter } from '../src/printing/receipt-printer.js';
import { openFiscalDatabase, type Db } from '../src/storage/database.js';
import { createTerminalRuntime, type TerminalRuntime } from '../src/terminal-runtime.js';

type Figures = Record<string, number | string>;

const API_KEY = 'bench-terminal-key-0123456789';
const CONCURRENT_CLIENTS = 10;
// Issue 28: a sale is held to its floor measured in the same run (a fixed 5 ms was below the
// floor's own median on this machine), not to an absolute time that moves with the load.
const TARGET_SALE_P50_FLOOR_RATIO = 1.3;
const TARGET_SALE_P99_OVER_FLOOR_MS = 3;
const TARGET_FLOOR_SHARE = 0.8;
const TARGET_CPU_OUTSIDE_LOCK_MS = 1;
const IDLE_BEFORE_SALE_MS = 3_500;
/** A sale writes ~1.5 KB over its rows (operation with VAT/payment JSON, sale, lines, payment). */
const SALE_ROW_BYTES = 1536;
/** Two lines and a cash payment with change: a typical small basket (amounts in bani). */
const SALE = {
  items: [
    { name: 'Bread', unitPrice: 1250, quantity: 2, vatCode: 'B' },
    { name: 'Milk 1L', unitPrice: 1899, quantity: 1, vatCode: 'B' },
  ],
  payments: [{ type: '1', amount: 5000 }],
  amountReceived: 5000,
  change: 601,
  printReceipt: false,
};
const SALE_BODY = JSON.stringify(SALE);
/** The same sale with its receipt printed. */
export const PRINTED_SALE_BODY = JSON.stringify({ ...SALE, printReceipt: true });
const SALE_HEADERS = { 'content-type': 'application/json', 'x-api-key': API_KEY };

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function requireSuccess(what: string, result: HttpLoadResult): HttpLoadResult {
  if (result.failures > 0 || result.requests === 0) {
    throw new Error(
      `${what}: ${result.failures} of ${result.requests} failed (${JSON.stringify(result.statuses)}): ${result.firstError}`,
    );
  }
  return result;
}

// --- 1. HTTP alone ---------------------------------------------------------------------

async function bareRoute(): Promise<Figures> {
  const app = Fastify({ logger: false });
  const envelope = {
    success: true,
    data: { status: 'ok' },
    error: null,
    timestamp: new Date().toISOString(),
  };
  app.get('/bare', () => envelope);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as { port: number };
    const load = (clients: number, maxRequests: number, maxMs: number) =>
      runHttpLoad({
        origin: `http://127.0.0.1:${port}`,
        method: 'GET',
        path: '/bare',
        clients,
        maxRequests,
        maxMs,
      });
    requireSuccess('bare warm-up', await load(CONCURRENT_CLIENTS, 5_000, 5_000));
    const concurrent = requireSuccess('bare route', await load(CONCURRENT_CLIENTS, 200_000, 5_000));
    const cpuBefore = threadCpuMs();
    const single = requireSuccess('bare route, one client', await load(1, 20_000, 3_000));
    const cpuMs = threadCpuMs() - cpuBefore;
    return {
      '1 bare route req/s (10 clients)': Math.round(concurrent.requestsPerSecond),
      '1 bare route p50 ms (1 client)': round(single.latency.p50, 3),
      '1 bare route p99 ms (1 client)': round(single.latency.p99, 3),
      // What a keep-alive HTTP request costs the server's thread here, for the sale's figure
      // outside the lock: reading the request, writing the answer to the socket.
      '1 bare route CPU ms per request, main thread (1 client)': round(cpuMs / single.requests, 3),
    };
  } finally {
    await app.close();
  }
}

// --- 2. The floor ----------------------------------------------------------------------

/** Counts new TLS connections the SOAP client opens (undici publishes them on this channel). */
class ConnectionCounter {
  count = 0;
  readonly #onConnected = () => {
    this.count++;
  };
  constructor() {
    subscribe('undici:client:connected', this.#onConnected);
  }
  stop(): void {
    unsubscribe('undici:client:connected', this.#onConnected);
  }
}

/** Registration requests for one terminal, with increasing receipt numbers as MEV demands. */
function registrationRequests(): () => FiscalRegistrationRequest {
  let receiptNumber = 0;
  return () => ({
    operationId: randomUUID(),
    type: 'receipt',
    receiptNumber: ++receiptNumber,
    reportNumber: 1,
    totalAmount: 4399,
    vat: [{ code: 'B', rateBp: 2000, taxableBase: 3666, vatAmount: 733, gross: 4399 }],
    payments: [{ code: '1', amount: 4399 }],
    occurredAt: new Date().toISOString(),
  });
}

async function registerOrThrow(server: FiscalServer, request: FiscalRegistrationRequest): Promise<void> {
  const outcome = await server.register(request);
  if (outcome.kind !== 'registered') throw new Error(`MEV refused: ${outcome.faultCode} ${outcome.reason}`);
}

function soapClient(sim: MevSimProcess, material: FiscalizationMaterial): SoapFiscalServer {
  return new SoapFiscalServer({ url: sim.url, ...material });
}

function latencyFigures(prefix: string, s: LatencySummary): Figures {
  return {
    [`${prefix} mean ms`]: round(s.mean, 3),
    [`${prefix} p50 ms`]: round(s.p50, 3),
    [`${prefix} p99 ms`]: round(s.p99, 3),
  };
}

/**
 * The gap a one-client sale leaves between two registrations (its client's round trip, HTTP,
 * the sale's own work): 2-3 ms on this machine. On a virtual CPU that halts when idle, the
 * next commit or round trip after such a gap is slower than back to back (2f).
 */
const PACE_GAP_MS = 2;

/** Times `step` `count` times, each after PACE_GAP_MS of idling (the pause itself not timed). */
async function timeAfterIdle(count: number, step: () => unknown): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    await delay(PACE_GAP_MS);
    const started = performance.now();
    await step();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** The floor's durable commit (2a): one sale-sized row, in a file of its own with the terminal's pragmas. */
function floorCommits(file: string): { commit: () => void; close: () => void } {
  const db = openFiscalDatabase(file);
  db.exec('CREATE TABLE bench_commit (id TEXT PRIMARY KEY, payload TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO bench_commit (id, payload) VALUES (?, ?)');
  const payload = SALE_BODY.padEnd(SALE_ROW_BYTES, ' ');
  return {
    commit: () => db.transaction(() => insert.run(randomUUID(), payload))(),
    close: () => db.close(),
  };
}

/**
 * The floor as a sale meets it: the same commit and registration, one at a time, behind a bare
 * Fastify route that takes the sale's body, driven by the sale's load client, in rounds that
 * alternate with the sales' (pacedRounds). Back to back (2a+b) the machine never idles; between
 * two sales it does (the client's round trip, HTTP), and on this virtual machine the same commit
 * and round trip then cost up to twice as much (2f; docs/benchmarks.md, "The floor at a sale's
 * pace"). The terminal's own work is what a sale adds to this. Its own file and its own
 * fiscalized client, so that it shares nothing with the terminal but the machine and mev-sim.
 */
async function startFloorRoute(
  sim: MevSimProcess,
  scratch: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { commit, close } = floorCommits(join(scratch, 'floor-route', 'floor.sqlite'));
  const server = soapClient(sim, await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {}));
  const next = registrationRequests();
  const lock = new SerialLock(30_000);
  const app = Fastify({ logger: false });
  app.post('/floor', async () => {
    await lock.run(async () => {
      commit();
      await registerOrThrow(server, next());
    });
    return { success: true, data: { status: 'ok' }, error: null, timestamp: new Date().toISOString() };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await server.close();
      close();
    },
  };
}

/** Commit then registration back to back (2 a+b). */
interface Floor {
  p50: number;
  p99: number;
}

async function floor(sim: MevSimProcess, scratch: string): Promise<{ figures: Figures; floor: Floor }> {
  const { commit, close } = floorCommits(join(scratch, 'floor', 'floor.sqlite'));

  const material = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {});
  const server = soapClient(sim, material);
  const next = registrationRequests();
  const connections = new ConnectionCounter();
  try {
    for (let i = 0; i < 30; i++) {
      commit();
      await registerOrThrow(server, next());
    }
    const a = await timeEach(300, 15_000, commit);
    const b = await timeEach(300, 15_000, () => registerOrThrow(server, next()));
    // The same operation again: the simulator answers from its store without a commit.
    const repeated = next();
    await registerOrThrow(server, repeated);
    const replay = await timeEach(300, 15_000, () => registerOrThrow(server, repeated));
    const ab = await timeEach(300, 15_000, async () => {
      commit();
      await registerOrThrow(server, next());
    });
    // The same two steps, each after the machine idled as it does between two sales.
    const commitAfterIdle = await timeAfterIdle(300, commit);
    const registerAfterIdle = await timeAfterIdle(300, () => registerOrThrow(server, next()));
    const keptAliveConnections = connections.count;
    // A client of its own each time: TCP + full mutual-TLS handshake + the registration.
    const fresh = await timeEach(30, 15_000, async () => {
      const client = soapClient(sim, material);
      try {
        await registerOrThrow(client, next());
      } finally {
        await client.close();
      }
    });
    // A cashier's pace: the keep-alive connection has expired (undici keeps it for the server's
    // Keep-Alive hint minus 2 s: 3 s against Node's 5 s), so the next sale reconnects.
    const afterIdle: number[] = [];
    for (let i = 0; i < 3; i++) {
      await delay(IDLE_BEFORE_SALE_MS);
      const before = connections.count;
      const started = performance.now();
      await registerOrThrow(server, next());
      afterIdle.push(performance.now() - started);
      if (connections.count === before) throw new Error('expected a reconnection after idling');
    }
    return {
      // The floor is the typical (median) cost; the mean is reported beside it.
      floor: { p50: ab.p50, p99: ab.p99 },
      figures: {
        ...latencyFigures('2a durable commit', a),
        ...latencyFigures('2b SOAP round trip', b),
        ...latencyFigures('2b SOAP replay (no sim commit)', replay),
        ...latencyFigures('2 floor a+b in sequence', ab),
        '2 floor a+b, sum of separate means ms': round(a.mean + b.mean, 3),
        '2 floor a+b, sum of separate p50 ms': round(a.p50 + b.p50, 3),
        ...latencyFigures('2c SOAP on a new TLS connection', fresh),
        '2d SOAP after 3.5 s idle (reconnect) mean ms': round(mean(afterIdle), 3),
        '2 SOAP TLS connections opened by one client for 2b..a+b': keptAliveConnections,
        ...latencyFigures('2f durable commit after 2 ms idle', commitAfterIdle),
        ...latencyFigures('2f SOAP round trip after 2 ms idle', registerAfterIdle),
      },
    };
  } finally {
    connections.stop();
    await server.close();
    close();
  }
}

// --- 3, 4. The terminal --------------------------------------------------------------------

/**
 * The fiscal lock, timing how long each operation waited for it and how long it held it, and
 * the CPU time of this process while it was held: with one client, the load client's thread
 * waits for the answer then, so it is the sale's own CPU in the lock. The process clock, not
 * the thread's: Linux advances a thread's own clock (RUSAGE_THREAD) only at scheduler ticks and
 * context switches (5 distinct values in 20 ms of reads here), which would put the work done
 * since the thread last blocked on the wrong side of the lock; the process clock is exact.
 */
class TimedFiscalLock extends SerialLock {
  waits: number[] = [];
  holds: number[] = [];
  heldCpuMs: number[] = [];

  override run<T>(work: () => Promise<T>): Promise<T> {
    const called = performance.now();
    return super.run(async () => {
      const granted = performance.now();
      const cpuGranted = process.cpuUsage();
      this.waits.push(granted - called);
      try {
        return await work();
      } finally {
        this.holds.push(performance.now() - granted);
        const held = process.cpuUsage(cpuGranted);
        this.heldCpuMs.push((held.user + held.system) / 1000);
      }
    });
  }
}

/** The fiscal server, timing each registration round trip as the terminal sees it. */
class TimedFiscalServer implements FiscalServer {
  roundTrips: number[] = [];
  constructor(private readonly inner: FiscalServer) {}
  async register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    const started = performance.now();
    try {
      return await this.inner.register(request);
    } finally {
      this.roundTrips.push(performance.now() - started);
    }
  }
  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    return this.inner.registerBatch(requests);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * Times every `db.transaction(...)()` of the terminal, split by the synchronous setting in
 * force when it ran: FULL is the operation's durable write, NORMAL a lazy status update. The
 * setting is followed as the terminal sets it (`PRAGMA synchronous = ...`), not asked of SQLite
 * per transaction: that PRAGMA ran under the lock and counted as the sale's CPU.
 */
function timeTransactions(db: Db): { durable: number[]; lazy: number[] } {
  const samples = { durable: [] as number[], lazy: [] as number[] };
  let durable = db.pragma('synchronous', { simple: true }) === 2;
  const pragma = db.pragma.bind(db);
  db.pragma = (source: string, options?: Parameters<Db['pragma']>[1]) => {
    const set = /^synchronous\s*=\s*(\w+)$/i.exec(source.trim());
    if (set) durable = /^(full|2|extra|3)$/i.test(set[1]!);
    return pragma(source, options);
  };
  const original = db.transaction.bind(db);
  const timed = (fn: (...args: unknown[]) => unknown) => {
    const transaction = original(fn);
    return (...args: unknown[]) => {
      const bucket = durable ? samples.durable : samples.lazy;
      const started = performance.now();
      try {
        return transaction(...args);
      } finally {
        bucket.push(performance.now() - started);
      }
    };
  };
  db.transaction = timed as unknown as Db['transaction'];
  return samples;
}

/**
 * The WAL frames the terminal writes from now on: checkpointed empty, no automatic checkpoint
 * until `pagesPerSale` reads its size (and turns them back on), so every frame stays in it.
 */
function walFrom(db: Db): { pagesPerSale: (sales: number) => number } {
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('wal_checkpoint(TRUNCATE)');
  return {
    pagesPerSale(sales) {
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const bytes = statSync(`${db.name}-wal`).size;
      db.pragma('wal_autocheckpoint = 1000');
      return walFrames(bytes, pageSize) / sales;
    },
  };
}

interface Probes {
  lock: TimedFiscalLock;
  mev: TimedFiscalServer;
  txns: { durable: number[]; lazy: number[] };
}

function resetProbes(p: Probes): void {
  p.lock.waits.length = 0;
  p.lock.holds.length = 0;
  p.lock.heldCpuMs.length = 0;
  p.mev.roundTrips.length = 0;
  p.txns.durable.length = 0;
  p.txns.lazy.length = 0;
}

const mean = (samples: number[]) => summarize(samples).mean;

/** Where one sale's time went, as means per sale (they add up to the client's mean latency). */
function stageFigures(prefix: string, p: Probes, load: HttpLoadResult): Figures {
  const sales = p.lock.holds.length;
  const lazyPerSale = p.txns.lazy.reduce((s, v) => s + v, 0) / sales;
  const heldRest = mean(p.lock.holds) - mean(p.txns.durable) - lazyPerSale - mean(p.mev.roundTrips);
  return {
    [`${prefix} stage: lock wait mean ms`]: round(mean(p.lock.waits), 3),
    [`${prefix} stage: txn1 durable write mean ms`]: round(mean(p.txns.durable), 3),
    [`${prefix} stage: txn1 durable write p99 ms`]: round(summarize(p.txns.durable).p99, 3),
    [`${prefix} stage: lazy status txns per sale ms`]: round(lazyPerSale, 3),
    [`${prefix} stage: MEV round trip mean ms`]: round(mean(p.mev.roundTrips), 3),
    [`${prefix} stage: MEV round trip p99 ms`]: round(summarize(p.mev.roundTrips).p99, 3),
    [`${prefix} stage: other work in lock mean ms`]: round(heldRest, 3),
    [`${prefix} stage: outside lock (HTTP, validation, client) mean ms`]: round(
      load.latency.mean - mean(p.lock.waits) - mean(p.lock.holds),
      3,
    ),
  };
}

/**
 * The terminal's CPU over a load's requests: this process's less the load thread's, both from
 * its first request to its last answer. Not from before the load worker starts: its start
 * (tsx compiling the worker's modules, partly on threads other than the worker's own) is no
 * sale's work, and counted 0.14 ms per sale outside the lock at 1,000 sales.
 */
function terminalCpuMs(load: HttpLoadResult): number {
  return load.cpuMicros / 1000 - load.clientWindowCpuMs;
}

/**
 * The terminal's CPU per sale with one client. The load client runs in a worker thread of this
 * process and mev-sim in its own process, so the terminal's CPU is this process's less the load
 * thread's (terminalCpuMs; V8's GC and compiler threads and libuv's pool count as the terminal's). In the lock is the process's CPU while the lock was
 * held (TimedFiscalLock); outside the lock is the rest: HTTP, auth, validation, the answer and
 * the audit row. The main thread's own clock is given beside it (exact over a run, not per
 * sale: see TimedFiscalLock).
 */
function terminalCpuFigures(
  prefix: string,
  threadBefore: number,
  load: HttpLoadResult,
  lock: TimedFiscalLock,
): Figures {
  const thread = threadCpuMs() - threadBefore;
  const terminal = terminalCpuMs(load);
  const inLock = lock.heldCpuMs.reduce((sum, ms) => sum + ms, 0);
  const perSale = (ms: number) => round(ms / load.requests, 3);
  const outside = (terminal - inLock) / load.requests;
  return {
    [`${prefix} terminal CPU ms per sale (process less the load thread)`]: perSale(terminal),
    [`${prefix} terminal CPU ms per sale, in the lock`]: perSale(inLock),
    [`${prefix} terminal CPU ms per sale, outside the lock`]: round(outside, 3),
    [`${prefix} terminal CPU ms per sale, main thread alone`]: perSale(thread),
    'target: terminal CPU outside the lock <= 1 ms per sale (1 client)': Number.isNaN(outside)
      ? 'not measured (process.threadCpuUsage needs Node 23.9 or later)'
      : verdict(outside <= TARGET_CPU_OUTSIDE_LOCK_MS, `${round(outside, 3)} ms`),
  };
}

/** A terminal in this process (printing off unless a printer is given), its stages timed. */
export async function startBenchTerminal(
  sim: MevSimProcess,
  dataDir: string,
  printer: ReceiptPrinter = new NoPrinter(),
): Promise<{ rt: TerminalRuntime; url: string; probes: Probes; close: () => Promise<void> }> {
  const material = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {});
  const config: TerminalConfig = {
    ...loadTerminalConfig({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    apiKey: API_KEY,
    printer: { kind: 'none' },
  };
  const mev = new TimedFiscalServer(soapClient(sim, material));
  const rt = createTerminalRuntime({
    config,
    apiKey: API_KEY,
    fiscal: {
      fiscalization: 'fiscal',
      registrationNumber: material.registrationNumber,
      identity: BENCH_IDENTITY,
      server: mev,
    },
    logger: pino({ level: 'silent' }),
    printer,
  });
  const lock = new TimedFiscalLock(config.fiscalLockTimeoutMs);
  rt.fiscalContext.lock = lock;
  const txns = timeTransactions(rt.db);
  const { app } = buildTerminalApp(rt);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  rt.syncWorker?.wake();
  return {
    rt,
    url: `http://127.0.0.1:${port}`,
    probes: { lock, mev, txns },
    async close() {
      await app.close();
      await rt.close();
    },
  };
}

export function sales(
  url: string,
  clients: number,
  maxRequests: number,
  maxMs: number,
  idempotencyKeys = false,
  body = SALE_BODY,
) {
  return runHttpLoad({
    origin: url,
    method: 'POST',
    path: '/api/sales',
    headers: SALE_HEADERS,
    body,
    clients,
    maxRequests,
    maxMs,
    idempotencyKeys,
  });
}

const verdict = (pass: boolean, detail: string) => `${pass ? 'PASS' : 'FAIL'} (${detail})`;

const PACED_ROUNDS = 5;
const list = (values: number[], digits: number) => values.map((value) => round(value, digits)).join(' ');

/**
 * The three sale goals against the floor at a sale's pace (startFloorRoute), in rounds that
 * alternate the floor route and the sales, each from a load worker of its own: the machine's
 * speed moves between runs (the same code's CPU per sale 1.4-2.5 ms at load 1), and a change
 * during the run hits both sides of a round alike. Judged on the median of the rounds.
 */
async function pacedRounds(floorUrl: string, saleUrl: string): Promise<Figures> {
  const floorLoad = (clients: number, maxRequests: number) =>
    runHttpLoad({
      origin: floorUrl,
      method: 'POST',
      path: '/floor',
      headers: SALE_HEADERS,
      body: SALE_BODY,
      clients,
      maxRequests,
      maxMs: 20_000,
      warmUp: clients,
    });
  const one = {
    floorP50: [] as number[],
    saleP50: [] as number[],
    floorP99: [] as number[],
    saleP99: [] as number[],
  };
  const ten = { floor: [] as number[], sale: [] as number[] };
  requireSuccess('floor route warm-up', await floorLoad(CONCURRENT_CLIENTS, 300));
  for (let i = 0; i < PACED_ROUNDS; i++) {
    const f = requireSuccess('floor route, 1 client', await floorLoad(1, 300));
    const s = requireSuccess('sales, 1 client', await sales(saleUrl, 1, 300, 20_000));
    one.floorP50.push(f.latency.p50);
    one.saleP50.push(s.latency.p50);
    one.floorP99.push(f.latency.p99);
    one.saleP99.push(s.latency.p99);
  }
  for (let i = 0; i < PACED_ROUNDS; i++) {
    const f = requireSuccess('floor route, 10 clients', await floorLoad(CONCURRENT_CLIENTS, 800));
    const s = requireSuccess('sales, 10 clients', await sales(saleUrl, CONCURRENT_CLIENTS, 800, 20_000));
    ten.floor.push(f.requestsPerSecond);
    ten.sale.push(s.requestsPerSecond);
  }
  const p50Ratios = one.saleP50.map((sale, i) => sale / one.floorP50[i]!);
  const p99Over = one.saleP99.map((sale, i) => sale - one.floorP99[i]!);
  const shares = ten.sale.map((sale, i) => sale / ten.floor[i]!);
  return {
    '6 floor route p50 ms per round (1 client)': list(one.floorP50, 2),
    '6 sale p50 ms per round (1 client)': list(one.saleP50, 2),
    '6 sale p50 / floor route p50 per round': list(p50Ratios, 2),
    '6 sale p99 - floor route p99 ms per round': list(p99Over, 1),
    '6 floor route per s per round (10 clients)': list(ten.floor, 0),
    '6 sales/s per round (10 clients)': list(ten.sale, 0),
    'target at a sale pace: sale p50 <= 1.3 x floor route p50 (1 client, median of rounds)': verdict(
      median(p50Ratios) <= TARGET_SALE_P50_FLOOR_RATIO,
      `${round(median(p50Ratios), 2)} x`,
    ),
    'target at a sale pace: sale p99 <= floor route p99 + 3 ms (1 client, median of rounds)': verdict(
      median(p99Over) <= TARGET_SALE_P99_OVER_FLOOR_MS,
      `+${round(median(p99Over), 1)} ms`,
    ),
    'target at a sale pace: sales/s >= 80% of the floor route (10 clients, median of rounds)': verdict(
      median(shares) >= TARGET_FLOOR_SHARE,
      `${Math.round(median(shares) * 100)}%`,
    ),
  };
}

async function terminalSales(
  sim: MevSimProcess,
  scratch: string,
  floor: Floor,
  floorRoute: string,
): Promise<Figures> {
  const terminal = await startBenchTerminal(sim, join(scratch, 'terminal'));
  const { url, probes } = terminal;
  const connections = new ConnectionCounter();
  try {
    // What the early integration test saw: 25 concurrent sales on a terminal that just started.
    const cold = requireSuccess('cold burst', await sales(url, 25, 25, 30_000));
    requireSuccess('warm-up', await sales(url, 1, 300, 15_000));
    requireSuccess('warm-up', await sales(url, CONCURRENT_CLIENTS, 300, 15_000));

    resetProbes(probes);
    const wal = walFrom(terminal.rt.db);
    const threadBefore = threadCpuMs();
    const single = requireSuccess('one client', await sales(url, 1, 1_000, 20_000));
    const singleStages = stageFigures('3', probes, single);
    const terminalCpu = terminalCpuFigures('3', threadBefore, single, probes.lock);
    const singleWal = {
      pages: wal.pagesPerSale(single.requests),
      durable: probes.txns.durable.length / single.requests,
      lazy: probes.txns.lazy.length / single.requests,
    };

    resetProbes(probes);
    const cpuBefore = process.cpuUsage();
    const simCpuBefore = processCpuMs(sim.pid);
    const eluBefore = performance.eventLoopUtilization();
    const concurrent = requireSuccess('10 clients', await sales(url, CONCURRENT_CLIENTS, 3_000, 20_000));
    const elu = performance.eventLoopUtilization(eluBefore);
    const cpu = process.cpuUsage(cpuBefore);
    const simCpuMs = processCpuMs(sim.pid) - simCpuBefore;
    const concurrentStages = stageFigures('4', probes, concurrent);

    const keyed = requireSuccess('with Idempotency-Key', await sales(url, 1, 500, 15_000, true));
    const paced = await pacedRounds(floorRoute, url);

    const maxSalesPerSecond = 1000 / floor.p50;
    const share = concurrent.requestsPerSecond / maxSalesPerSecond;
    return {
      '3 sale p50 ms (1 client)': round(single.latency.p50, 3),
      '3 sale p99 ms (1 client)': round(single.latency.p99, 3),
      '3 sale mean ms (1 client)': round(single.latency.mean, 3),
      '3 sales measured (1 client)': single.requests,
      '3 WAL pages per sale (1 client, over HTTP)': round(singleWal.pages, 1),
      '3 commits per sale, durable / lazy (1 client)': `${round(singleWal.durable, 2)} / ${round(singleWal.lazy, 2)}`,
      ...singleStages,
      ...terminalCpu,
      '4 sales/s (10 clients)': round(concurrent.requestsPerSecond, 1),
      '4 sale p50 ms (10 clients)': round(concurrent.latency.p50, 3),
      '4 sale p99 ms (10 clients)': round(concurrent.latency.p99, 3),
      '4 sales measured (10 clients)': concurrent.requests,
      '4 terminal event-loop utilisation': round(elu.utilization, 3),
      '4 CPU ms per sale, bench process (terminal + client)': round(
        (cpu.user + cpu.system) / 1000 / concurrent.requests,
        3,
      ),
      '4 CPU ms per sale, terminal (bench process less the load thread)': round(
        terminalCpuMs(concurrent) / concurrent.requests,
        3,
      ),
      '4 CPU ms per sale, mev-sim process': round(simCpuMs / concurrent.requests, 3),
      ...concurrentStages,
      '3b sale p50 ms (1 client, Idempotency-Key)': round(keyed.latency.p50, 3),
      '3b sale p99 ms (1 client, Idempotency-Key)': round(keyed.latency.p99, 3),
      '5 cold burst: 25 concurrent sales, total ms': round(cold.durationMs, 1),
      '5 cold burst: ms per sale': round(cold.durationMs / cold.requests, 2),
      '5 cold burst: p99 ms': round(cold.latency.p99, 1),
      'SOAP TLS connections opened by the terminal': connections.count,
      'target: sale p50 <= 1.3 x floor p50 (1 client)': verdict(
        single.latency.p50 <= TARGET_SALE_P50_FLOOR_RATIO * floor.p50,
        `${round(single.latency.p50 / floor.p50, 2)} x ${round(floor.p50, 2)} ms`,
      ),
      'target: sale p99 <= floor p99 + 3 ms (1 client)': verdict(
        single.latency.p99 <= floor.p99 + TARGET_SALE_P99_OVER_FLOOR_MS,
        `${round(single.latency.p99, 1)} ms, floor p99 ${round(floor.p99, 1)} ms`,
      ),
      'target: sales/s >= 80% of 1/floor':
        share >= TARGET_FLOOR_SHARE
          ? `PASS (${Math.round(share * 100)}% of ${round(maxSalesPerSecond, 1)}/s)`
          : `FAIL (${Math.round(share * 100)}% of ${round(maxSalesPerSecond, 1)}/s)`,
      ...paced,
    };
  } finally {
    connections.stop();
    await terminal.close();
  }
}

export async function runTerminalBench(): Promise<Figures> {
  const scratch = mkdtempSync(join(tmpdir(), 'fiscal-pos-bench-'));
  let sim: MevSimProcess | null = null;
  try {
    const bare = await bareRoute();
    sim = await startMevSimProcess({ dataDir: join(scratch, 'mev-sim') });
    const { figures: floorFigures, floor: floorLatency } = await floor(sim, scratch);
    const floorRoute = await startFloorRoute(sim, scratch);
    try {
      const terminal = await terminalSales(sim, scratch, floorLatency, floorRoute.url);
      return { ...bare, ...floorFigures, ...terminal };
    } finally {
      await floorRoute.close();
    }
  } finally {
    await sim?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
