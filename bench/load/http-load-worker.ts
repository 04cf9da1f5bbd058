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

async function client(deadline: number): Promise<void> {
  while (sent < o.maxRequests && performance.now() < deadline) {
    sent++;
    const headers = o.idempotencyKeys ? { ...o.headers, 'idempotency-key': randomUUID() } : o.headers;
    const started = performance.now();
    try {
      const response = await pool.request({
        method: o.method,
        path: o.path,
        headers,
        body: o.body ?? null,
      });
      const text = await response.body.text();
      latencies.push(performance.now() - started);
      count(String(response.statusCode));
      if (response.statusCode >= 300 && firstError === null) firstError = `${response.statusCode} ${text}`;
    } catch (error) {
      latencies.push(performance.now() - started);
      count('error');
      firstError ??= String(error);
    }
  }
}

// The parent counts CPU time from here: the worker's own start (tsx compiling it) is no
// request's cost, and would weigh more on each request the slower a target answers.
parentPort!.postMessage({ event: 'started' });
const started = performance.now();
const deadline = started + o.maxMs;
await Promise.all(Array.from({ length: o.clients }, () => client(deadline)));
const durationMs = performance.now() - started;
// The thread's whole life (starting, loading this module, the requests): all of it is the client's.
const cpuMs = threadCpuMs();
await pool.close();
const result: HttpLoadRaw = {
  latenciesMs: Float64Array.from(latencies),
  statuses,
  durationMs,
  cpuMs,
  firstError,
};
parentPort!.postMessage(result);
