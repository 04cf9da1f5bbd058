/**
 * The relay benchmark (`npm run bench -- --only relay`), all on 127.0.0.1:
 *
 * 1. Added latency: GET /api/health and POST /api/sales from one keep-alive client, direct to
 *    the terminal and through the relay, in alternating rounds (so a burst of load from other
 *    work falls on both), p50 and p99 of each; the added figure is relayed minus direct.
 * 2. Throughput with 10 concurrent clients and CPU per request, direct and through the relay,
 *    after a warm-up of 6 s each way, in 7 alternating rounds of 3 s each way (RELAY_BENCH_CPU_ROUNDS;
 *    RELAY_BENCH_RAW=1 prints every round's figures), medians (see throughputAndCpu).
 *    Both again across nodes ("cross-node"): two relay nodes on the NATS server at
 *    NATS_BENCH_URL (default nats://127.0.0.1:4222; skipped, reason printed, when none
 *    answers), the terminal linked on node A, the requests entering node B. And through a bare
 *    Node proxy (bare-proxy.ts) in the same rounds as the relay: what any proxy hop costs here.
 * 3. 2,000 idle terminals dialled in to one relay node with the terminal's own dial-out code
 *    (RelayLink, production reconnect and heartbeat settings) in a worker thread: the relay's
 *    resident memory per connection, then a relay restart and the spread of the times at which
 *    the terminals are back (from the moment the old relay was told to stop).
 *    RELAY_BENCH_IDLE_TERMINALS sets the count; 0 skips this part.
 *
 * The relay is its real child process; the cloud (on the PostgreSQL server of TEST_DATABASE_URL,
 * else PGlite) and the terminal run in this process (RelayWorld, as in the relay tests); the load
 * generator runs in a worker thread.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { runHttpLoad, type HttpLoadOptions, type HttpLoadResult } from '../../../bench/load/http-load.js';
import { median, percentile } from '../../../bench/load/latency-stats.js';
import { processRssBytes } from '../../../bench/load/proc-stats.js';
import { startTsWorker } from '../../../bench/load/ts-worker.js';
import { spawnReadyProcess } from '@fiscal-pos/sim-kit';
import { API_KEY, cashSale } from '../../terminal/test/support/terminal-harness.js';
import { DRIVERS, type Driver } from '../../cloud/test/harness.js';
import type { RelayProcess } from '../src/launcher.js';
import { RelayWorld, type ActivatedTerminal } from '../test/relay-world.js';
import { natsAnswers } from '../test/nats-server-process.js';
import type { IdleTerminalsData, LinkChanges } from './idle-terminals-worker.js';

type Figures = Record<string, number | string>;

const ROUNDS = 3;
/** Throughput and CPU: rounds, and each load's length (see throughputAndCpu). */
const CPU_ROUNDS = Number(process.env.RELAY_BENCH_CPU_ROUNDS ?? 7);
const CPU_ROUND_MS = 3_000;
const CPU_WARM_UP_MS = 6_000;
const CONCURRENT_CLIENTS = 10;
const IDLE_TERMINALS = Number(process.env.RELAY_BENCH_IDLE_TERMINALS ?? 2_000);
const RECONNECT_GOAL_MS = 30_000;
const WORKER = new URL('./idle-terminals-worker.ts', import.meta.url);
const BARE_PROXY = new URL('./bare-proxy.ts', import.meta.url);
/** The NATS server of the cross-node figures; they are skipped when none answers. */
const NATS_URL = process.env.NATS_BENCH_URL ?? 'nats://127.0.0.1:4222';
/**
 * A restart has the cloud verify every terminal at once: on the PostgreSQL server when
 * TEST_DATABASE_URL names one (as in production), else on PGlite in this process.
 */
const CLOUD_DRIVER: Driver = DRIVERS.includes('postgres') ? 'postgres' : 'pglite';
const SALE_BODY = JSON.stringify(cashSale(100));
const HEADERS = { 'x-api-key': API_KEY, 'content-type': 'application/json' };

/**
 * The relay's production limits, except the per-terminal rate limit a benchmark would hit, and the
 * cap on connections per client address: every idle terminal dials from 127.0.0.1, and the 257th
 * was closed at once (runs since the cap came stopped at 256 terminals up).
 */
const BENCH_RELAY_ENV = {
  RELAY_RATE_LIMIT_MAX: '100000000',
  RELAY_MAX_CONNECTIONS_PER_ADDRESS: '0',
  RELAY_MAX_CONCURRENT: '16',
  RELAY_HEARTBEAT_MS: '15000',
  RELAY_REQUEST_TIMEOUT_MS: '60000',
  RELAY_BODY_LIMIT_BYTES: '1048576',
  RELAY_REVOCATION_POLL_MS: '2000',
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function requireSuccess(what: string, result: HttpLoadResult): HttpLoadResult {
  if (result.failures > 0 || result.requests === 0)
    throw new Error(
      `${what}: ${result.failures} of ${result.requests} failed (${JSON.stringify(result.statuses)}): ${result.firstError}`,
    );
  return result;
}

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  requests: number;
  /**
   * Whether its figures are set against the bare proxy's (issue 28's goals are the health
   * check's: a sale's ~10 ms of terminal CPU varies more between rounds than any hop costs).
   */
  againstBare?: true;
}

const ROUTES: readonly Route[] = [
  { name: 'health', method: 'GET', path: '/api/health', requests: 1_500, againstBare: true },
  { name: 'sale', method: 'POST', path: '/api/sales', requests: 300 },
];

function load(
  route: Route,
  origin: string,
  prefix: string,
  clients: number,
  extra: Partial<HttpLoadOptions>,
) {
  return runHttpLoad({
    origin,
    method: route.method,
    path: prefix + route.path,
    headers: HEADERS,
    ...(route.method === 'POST' ? { body: SALE_BODY, idempotencyKeys: true } : {}),
    clients,
    maxRequests: route.requests,
    maxMs: 20_000,
    ...extra,
  });
}

// --- 1 and 2: latency and throughput --------------------------------------------------

/** A way to the terminal other than direct: where its clients call, and whose CPU it costs. */
interface Hop {
  origin: string;
  prefix: string;
  pids: number[];
  /** Before each of its figures' names: '' for the relay on one node. */
  label: string;
  /** The bare proxy: the other hops' goals (issue 28) are stated against its figures. */
  reference?: boolean;
}

/**
 * What a hop adds to a request, against the reference hop's: its added p50, and the CPU a request
 * costs through it beyond a direct one (the hop's processes, and what the terminal and the client
 * spend more than direct). Goals: at most the reference's added p50 + 0.3 ms, at most 1.5 x its CPU.
 */
const REFERENCE_GOALS = { addedP50Ms: 0.3, cpuRatio: 1.5 };

function againstReference(
  hops: Hop[],
  route: Route,
  of: (hop: Hop) => number,
  figure: (hop: Hop, own: number, reference: number) => [string, number],
): Figures {
  const reference = hops.find((hop) => hop.reference);
  if (!reference || !route.againstBare) return {};
  return Object.fromEntries(
    hops.filter((hop) => !hop.reference).map((hop) => figure(hop, of(hop), of(reference))),
  );
}

/**
 * For each route, added latency, then throughput with 10 clients: direct and through each hop,
 * in alternating rounds (direct, then each hop), so that load from elsewhere and the terminal's
 * own state (its outbox grows with every sale the bench makes) fall on all of them alike.
 * `label` names the direct figures.
 */
async function measureHops(terminalUrl: string, hops: Hop[], label: string): Promise<Figures> {
  const figures: Figures = {};
  for (const route of ROUTES) {
    // Warm every path (JIT, keep-alive connections, the relay link's HTTP/2 session).
    await load(route, terminalUrl, '', 1, { maxRequests: 100 });
    for (const hop of hops) await load(route, hop.origin, hop.prefix, 1, { maxRequests: 100 });
    const direct = { p50: [] as number[], p99: [] as number[] };
    const through = hops.map(() => ({ p50: [] as number[], p99: [] as number[] }));
    for (let r = 0; r < ROUNDS; r++) {
      const d = requireSuccess(`${route.name} direct`, await load(route, terminalUrl, '', 1, {}));
      direct.p50.push(d.latency.p50);
      direct.p99.push(d.latency.p99);
      for (const [h, hop] of hops.entries()) {
        const v = requireSuccess(
          `${hop.label}${route.name}`,
          await load(route, hop.origin, hop.prefix, 1, {}),
        );
        through[h]!.p50.push(v.latency.p50);
        through[h]!.p99.push(v.latency.p99);
      }
    }
    const [dp50, dp99] = [median(direct.p50), median(direct.p99)];
    figures[`${label}${route.name} direct p50 ms`] = round(dp50);
    figures[`${label}${route.name} direct p99 ms`] = round(dp99);
    const addedP50 = new Map<Hop, number>();
    for (const [h, hop] of hops.entries()) {
      const [rp50, rp99] = [median(through[h]!.p50), median(through[h]!.p99)];
      addedP50.set(hop, rp50 - dp50);
      figures[`${hop.label}${route.name} relayed p50 ms`] = round(rp50);
      figures[`${hop.label}${route.name} relayed p99 ms`] = round(rp99);
      figures[`${hop.label}${route.name} added p50 ms (goal < 1)`] = round(rp50 - dp50);
      figures[`${hop.label}${route.name} added p99 ms (goal < 3)`] = round(rp99 - dp99);
    }
    Object.assign(
      figures,
      againstReference(
        hops,
        route,
        (hop) => addedP50.get(hop)!,
        (hop, own, reference) => [
          `${hop.label}${route.name} added p50 over the bare proxy's ms (goal <= ${REFERENCE_GOALS.addedP50Ms})`,
          round(own - reference),
        ],
      ),
    );
    // This route's throughput before the next route's latency: the sales' outbox, which the
    // terminal sends to the cloud in this process after them, does not run under the health
    // check's CPU rounds.
    Object.assign(figures, await throughputAndCpu(route, terminalUrl, hops, label));
  }
  return figures;
}

/** A load's CPU per request: this process's (terminal and client) and the hop's processes'. */
interface CpuSample {
  local: number;
  hop: number;
}

/**
 * Throughput with 10 clients and the CPU a request costs: direct and through each hop, in
 * CPU_ROUNDS rounds of CPU_ROUND_MS each way, the order turned by one every round (so no way
 * is always the one measured right after another, or first). A round's CPU figures are read
 * over exactly its load's window (this process and the hop's processes alike) and set against
 * the direct load of the same round: what a hop adds is the median over the rounds of those
 * paired differences, and its CPU against the reference hop's is the median of the rounds'
 * ratios, each round weighing alike however many requests it served. A round's ratio is
 * fragile (the reference hop adds 40-220 us over a direct request of 210-350 us, both read
 * on a shared machine); the median of seven is less so, and the figure after it gives their
 * spread. The ratio of sums over three rounds, the figure before, counted the first seconds at
 * 10 clients, which cost the relay up to 2 x the next ones: 1.1-4.0 x over runs of one code.
 */
async function throughputAndCpu(
  route: Route,
  terminalUrl: string,
  hops: Hop[],
  label: string,
): Promise<Figures> {
  const figures: Figures = {};
  const throughput = { ...route, requests: 1_000_000 };
  const run = async (
    origin: string,
    prefix: string,
    pids: readonly number[],
    what: string,
    ms = CPU_ROUND_MS,
  ) => {
    // The load worker's first requests pay its client's cold start: sent before the window.
    const result = requireSuccess(
      `${what} x${CONCURRENT_CLIENTS}`,
      await load(throughput, origin, prefix, CONCURRENT_CLIENTS, {
        maxMs: ms,
        warmUp: CONCURRENT_CLIENTS,
        cpuOfPids: pids,
      }),
    );
    const sample: CpuSample = {
      local: result.cpuMicros / result.requests,
      hop: result.pidsCpuMicros / result.requests,
    };
    return { rate: result.requestsPerSecond, sample };
  };
  const ways = [null, ...hops];
  const rates = ways.map(() => [] as number[]);
  const samples = ways.map(() => [] as CpuSample[]);
  const way = (hop: Hop | null, ms?: number) =>
    hop
      ? run(hop.origin, hop.prefix, hop.pids, `${hop.label}${route.name}`, ms)
      : run(terminalUrl, '', [], `${label}${route.name} direct`, ms);
  // Not counted: the first seconds at 10 clients cost the relay more (its first two rounds of 3 s
  // were 1.5-2 x the next ones in runs of the same code, its heap growing to the load), and
  // the first round weighed alone on one side of the ratio.
  for (const hop of ways) await way(hop, CPU_WARM_UP_MS);
  for (let r = 0; r < CPU_ROUNDS; r++) {
    for (let i = 0; i < ways.length; i++) {
      const w = (i + r) % ways.length;
      const hop = ways[w]!;
      const { rate, sample } = await way(hop);
      rates[w]!.push(rate);
      samples[w]!.push(sample);
    }
  }
  // Every round's figures, for reading the spread behind the medians (docs/benchmarks.md).
  if (process.env.RELAY_BENCH_RAW) console.error('RAW', route.name, JSON.stringify({ rates, samples }));
  const total = (s: CpuSample) => s.local + s.hop;
  const direct = samples[0]!;
  const directRate = median(rates[0]!);
  const directCpu = median(direct.map(total));
  figures[`${label}${route.name} x${CONCURRENT_CLIENTS} direct req/s`] = round(directRate, 0);
  // CPU per request is steadier than rates on a shared machine. This process holds the
  // terminal and the load generator; each hop is its own process(es).
  figures[`${label}${route.name} terminal+client CPU us/req direct`] = round(directCpu, 0);
  /** Per round, what the hop's request cost over the direct one of the same round. */
  const added = new Map<Hop, number[]>();
  for (const [h, hop] of hops.entries()) {
    const own = samples[h + 1]!;
    const rate = median(rates[h + 1]!);
    const perRound = own.map((s, r) => total(s) - total(direct[r]!));
    added.set(hop, perRound);
    figures[`${hop.label}${route.name} CPU added per request us (hop, terminal and client over direct)`] =
      round(median(perRound), 0);
    figures[`${hop.label}${route.name} x${CONCURRENT_CLIENTS} relayed req/s`] = round(rate, 0);
    figures[`${hop.label}${route.name} x${CONCURRENT_CLIENTS} relayed % of direct (goal >= 80)`] = round(
      (rate / directRate) * 100,
      1,
    );
    figures[`${hop.label}${route.name} terminal+client CPU us/req relayed`] = round(
      median(own.map((s) => s.local)),
      0,
    );
    const hopCpu = median(own.map((s) => s.hop));
    figures[`${hop.label}${route.name} hop process${hop.pids.length > 1 ? 'es' : ''} CPU us/req`] = round(
      hopCpu,
      0,
    );
    // When every process competes for the machine's cores (the cheapest route, here), the
    // relayed rate can be at most this share of direct: the same cores spent on more CPU per
    // request.
    figures[`${hop.label}${route.name} direct CPU per request as % of relayed`] = round(
      (directCpu / median(own.map(total))) * 100,
      1,
    );
  }
  const reference = hops.find((hop) => hop.reference);
  if (!reference || !route.againstBare) return figures;
  const referenceAdded = added.get(reference)!;
  for (const hop of hops) {
    if (hop === reference) continue;
    const ratios = added.get(hop)!.map((own, r) => own / referenceAdded[r]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    figures[
      `${hop.label}${route.name} CPU added per request, x the bare proxy's (goal <= ${REFERENCE_GOALS.cpuRatio})`
    ] = round(median(ratios));
    figures[`${hop.label}${route.name} CPU added x the bare proxy's, rounds' lowest-highest`] =
      `${round(sorted[0]!)}-${round(sorted[sorted.length - 1]!)}`;
  }
  return figures;
}

async function latencyAndThroughput(): Promise<Figures> {
  // The cloud's database off this process when a server answers: PGlite runs in the event loop
  // the terminal serves on, and its revocation-poll queries would land in the figures.
  const world = new RelayWorld(null, {
    relayEnv: BENCH_RELAY_ENV,
    driver: CLOUD_DRIVER,
    keepRelayLog: false,
  });
  await world.start();
  try {
    const activation = await world.activate('Bench');
    const terminal = await world.startTerminal(activation);
    // Beside the relay, the least a Node proxy can do: what any hop costs here.
    const bare = await spawnReadyProcess<{ event: 'ready'; url: string }>({
      name: 'bare proxy',
      main: fileURLToPath(BARE_PROXY),
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { BARE_PROXY_TARGET: terminal.url },
    });
    try {
      return await measureHops(
        terminal.url,
        [
          {
            origin: world.relay.url,
            prefix: `/api/relay/${activation.publicId}`,
            pids: [world.relay.pid],
            label: '',
          },
          {
            origin: bare.ready.url,
            prefix: '',
            pids: [bare.pid],
            label: 'reference, bare Node proxy: ',
            reference: true,
          },
        ],
        '',
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await world.stop();
  }
}

// --- 1 and 2 across nodes: the request enters node B, the terminal is linked on node A -----

async function acrossNodes(): Promise<Figures> {
  if (!(await natsAnswers(NATS_URL))) {
    const reason = `skipped: no NATS server answers at ${NATS_URL} (NATS_BENCH_URL)`;
    console.warn(`relay bench, cross-node figures ${reason}`);
    return { 'cross-node': reason };
  }
  const world = new RelayWorld(null, { relayEnv: { ...BENCH_RELAY_ENV, NATS_URL }, keepRelayLog: false });
  await world.start();
  let nodeB: RelayProcess | undefined;
  try {
    const activation = await world.activate('Bench across nodes');
    // Linked on node A, the world's relay.
    const terminal = await world.startTerminal(activation);
    const entry = await world.startRelay();
    nodeB = entry;
    const prefix = `/api/relay/${activation.publicId}`;
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${entry.url}${prefix}/api/health`, { headers: HEADERS })).status !== 200) {
      if (Date.now() > deadline) throw new Error('node B does not reach the terminal on node A');
      await sleep(50);
    }
    return await measureHops(
      terminal.url,
      [{ origin: entry.url, prefix, pids: [world.relay.pid, entry.pid], label: 'cross-node ' }],
      'cross-node ',
    );
  } finally {
    await world.stop();
    await nodeB?.stop();
  }
}

// --- 3: idle terminals and a relay restart --------------------------------------------

async function activateMany(world: RelayWorld, count: number): Promise<ActivatedTerminal[]> {
  const activations: ActivatedTerminal[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) activations.push(await world.activate(`Idle ${next++}`));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return activations;
}

/** The idle terminals' worker and what it reported: which links are up, and when each last went up. */
class IdleTerminals {
  readonly up: boolean[];
  readonly lastUpAt: number[];
  readonly #worker: Worker;

  constructor(relayUrl: string, credentials: string[]) {
    this.up = credentials.map(() => false);
    this.lastUpAt = credentials.map(() => Number.NaN);
    this.#worker = startTsWorker(WORKER, { relayUrl, credentials } satisfies IdleTerminalsData);
    this.#worker.on('message', (message: LinkChanges | 'closed') => {
      if (message === 'closed') return;
      for (const i of message.up) {
        this.up[i] = true;
        this.lastUpAt[i] = message.at;
      }
      for (const i of message.down) this.up[i] = false;
    });
  }

  count(): number {
    return this.up.filter(Boolean).length;
  }

  async until(what: string, timeoutMs: number, done: () => boolean): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!done()) {
      if (performance.now() > deadline)
        throw new Error(`${what}: not within ${timeoutMs} ms (${this.count()} of ${this.up.length} up)`);
      await sleep(20);
    }
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((done) =>
      this.#worker.on('message', (message: unknown) => message === 'closed' && done()),
    );
    this.#worker.postMessage('close');
    await closed;
    await this.#worker.terminate();
  }
}

async function idleTerminals(): Promise<Figures> {
  const world = new RelayWorld(null, {
    relayEnv: BENCH_RELAY_ENV,
    driver: CLOUD_DRIVER,
    keepRelayLog: false,
    // Thousands of activations from one address, in seconds.
    cloud: {
      activationRateLimit: { max: 1_000_000, windowMs: 60_000 },
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
    },
  });
  await world.start();
  let terminals: IdleTerminals | undefined;
  try {
    const activations = await activateMany(world, IDLE_TERMINALS);
    // Time for the relay to settle after start (first revocation poll, JIT) before the baseline.
    await sleep(3_000);
    const rssBefore = processRssBytes(world.relay.pid);
    const started = Date.now();
    const idle = new IdleTerminals(
      world.relay.url,
      activations.map((a) => a.deviceCredential),
    );
    terminals = idle;
    await idle.until('all idle terminals connected', 300_000, () => idle.count() === IDLE_TERMINALS);
    const firstConnectMs = Date.now() - started;
    await sleep(3_000);
    const rssAfter = processRssBytes(world.relay.pid);

    const port = world.relay.port;
    const stopped = Date.now();
    await world.relay.stop();
    await idle.until('all idle terminals saw the relay go', 30_000, () => idle.count() === 0);
    world.relay = await world.startRelay(port);
    const ready = Date.now();
    await idle.until('all idle terminals back', 300_000, () => idle.count() === IDLE_TERMINALS);
    const sorted = Float64Array.from(idle.lastUpAt, (at) => at - stopped).sort();
    const perSecond = new Map<number, number>();
    for (const t of sorted)
      perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    return {
      'idle terminals': IDLE_TERMINALS,
      'cloud database': CLOUD_DRIVER,
      'first connect of all s': round(firstConnectMs / 1000, 1),
      'relay RSS before MB': round(rssBefore / 2 ** 20, 1),
      'relay RSS with all connected MB': round(rssAfter / 2 ** 20, 1),
      'relay memory per connection KB (goal < 100)': round((rssAfter - rssBefore) / IDLE_TERMINALS / 1024, 1),
      'restart: relay ready after s': round((ready - stopped) / 1000, 2),
      'restart: back min s': round(sorted[0]! / 1000, 2),
      'restart: back p50 s': round(percentile(sorted, 0.5) / 1000, 2),
      'restart: back p99 s': round(percentile(sorted, 0.99) / 1000, 2),
      'restart: back max s (goal < 30)': round(sorted[sorted.length - 1]! / 1000, 2),
      'restart: back max after relay ready s': round(
        (sorted[sorted.length - 1]! - (ready - stopped)) / 1000,
        2,
      ),
      'restart: back within 30 s': sorted.filter((t) => t <= RECONNECT_GOAL_MS).length,
      'restart: most reconnects in one second': Math.max(...perSecond.values()),
    };
  } finally {
    await terminals?.close();
    await world.stop();
  }
}

/**
 * A part that fails (the idle terminals not all back in time on a loaded machine) is a figure
 * marked FAILED, and the figures of the other parts stand: one part's miss does not hide them.
 */
async function part(name: string, run: () => Promise<Figures>): Promise<Figures> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`relay bench, ${name} failed: ${message}`);
    return { [`${name} (FAILED)`]: message.split('\n')[0]! };
  }
}

export async function runRelayBench(): Promise<Figures> {
  return {
    ...(await part('latency and throughput', latencyAndThroughput)),
    ...(await part('cross-node', acrossNodes)),
    ...(IDLE_TERMINALS === 0
      ? { 'idle terminals': 'skipped: RELAY_BENCH_IDLE_TERMINALS=0' }
      : await part('idle terminals', idleTerminals)),
  };
}
