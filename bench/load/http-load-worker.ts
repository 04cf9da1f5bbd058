/** The body of the load worker (see http-load.ts); answers one HttpLoadRaw message. */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import type { HttpLoadOptions, HttpLoadRaw } from './http-load.js';
import { threadCpuMs } from './proc-stats.js';

const o = workerData as HttpLoadOptions;
const pool = new Pool(o.origin, { connections: o.clients, pipelining: 1 });
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let firstError: string | null = null;
let sent = 0;

function count(status: string): void {
  statuses[status] = (statuses[status] ?? 0) + 1;
}

/** Sends requests until `budget` is spent or `deadline` passed; `record` keeps their figures. */
async function client(deadline: number, budget: { left: number }, record: boolean): Promise<void> {
  while (budget.left > 0 && performance.now() < deadline) {
    budget.left--;
    const headers = o.idempotencyKeys ? { ...o.headers, 'idempotency-key': randomUUID() } : o.headers;
    const started = performance.now();
    try {
      const response = await pool.request({
        method: o.method,
        path: o.paths ? o.paths[sent++ % o.paths.length]! : o.path,
        headers,
        body: o.body ?? null,
      });
      const text = await response.body.text();
      if (!record) continue;
      latencies.push(performance.now() - started);
      count(String(response.statusCode));
      if (response.statusCode >= 300 && firstError === null) firstError = `${response.statusCode} ${text}`;
    } catch (error) {
      if (!record) continue;
      latencies.push(performance.now() - started);
      count('error');
      firstError ??= String(error);
    }
  }
}

const clients = (budget: { left: number }, deadline: number, record: boolean) =>
  Promise.all(Array.from({ length: o.clients }, () => client(deadline, budget, record)));

// The warm-up runs on the pool the measured requests use: `clients` requests in flight open
// each of its connections, so that the first measured request finds the client warm.
await clients({ left: o.warmUp ?? 0 }, performance.now() + o.maxMs, false);
// The parent counts CPU time from here: the worker's own start (tsx compiling it) is no
// request's cost, and would weigh more on each request the slower a target answers.
parentPort!.postMessage({ event: 'started', cpuMs: threadCpuMs() });
const started = performance.now();
const deadline = started + o.maxMs;
await clients({ left: o.maxRequests }, deadline, true);
const durationMs = performance.now() - started;
await pool.close();
// The thread's whole life (starting, loading this module, the requests): all of it is the client's.
const cpuMs = threadCpuMs();
const result: HttpLoadRaw = {
  latenciesMs: Float64Array.from(latencies),
  statuses,
  durationMs,
  cpuMs,
  firstError,
};
parentPort!.postMessage(result);
