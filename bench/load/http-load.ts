/**
 * A closed-loop HTTP load generator: `clients` keep-alive connections, each sending its next
 * request as soon as the previous answer is read, until `maxRequests` were sent or `maxMs`
 * passed. It runs in a worker thread so the client's parsing does not share an event loop
 * with a server under test in this process (on a 2-core machine that would distort both).
 */
import { summarize, type LatencySummary } from './latency-stats.js';
import { processCpuMs } from './proc-stats.js';
import { startTsWorker } from './ts-worker.js';

export interface HttpLoadOptions {
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  /** When given, the load's requests go to these in turn instead of `path` (a list's pages by their cursors). */
  paths?: readonly string[];
  headers?: Record<string, string>;
  body?: string;
  /** Concurrent keep-alive connections, each with one request in flight. */
  clients: number;
  maxRequests: number;
  maxMs: number;
  /** Sends a fresh UUID as Idempotency-Key with every request. */
  idempotencyKeys?: boolean;
  /**
   * Requests sent first and not measured, on the same connections as the measured ones (0 when
   * unset). A load worker is a fresh thread: its first request also pays the client's own start
   * (undici's parser compiled, its code run cold: 16-27 ms of the client thread's CPU on this
   * machine, against 1.2 ms for the next ones), which a warm-up in another worker does not take
   * away.
   */
  warmUp?: number;
  /**
   * Other processes (a proxy under test) whose CPU time is read over the same window as
   * `cpuMicros`, from /proc: `pidsCpuMicros`.
   */
  cpuOfPids?: readonly number[];
}

/** What the worker sends back: raw samples, summarized here. */
export interface HttpLoadRaw {
  latenciesMs: Float64Array;
  statuses: Record<string, number>;
  durationMs: number;
  /** CPU time of the load worker's thread since it started (NaN where threadCpuMs is not available). */
  cpuMs: number;
  firstError: string | null;
}

export interface HttpLoadResult {
  requests: number;
  /** Answers outside 2xx, and transport errors. */
  failures: number;
  statuses: Record<string, number>;
  durationMs: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  /** CPU time the load client's own thread spent (the client's share of its process's CPU). */
  clientCpuMs: number;
  /**
   * The same thread's CPU time over the window of `cpuMicros` alone, without its start (tsx
   * compiling it): what to take from `cpuMicros` for the CPU of the rest of the process.
   */
  clientWindowCpuMs: number;
  firstError: string | null;
  /**
   * CPU time of this whole process (every thread: the load worker and what else runs here, such
   * as a terminal) from the load's first request to its last answer, in microseconds.
   */
  cpuMicros: number;
  /** CPU time of the `cpuOfPids` processes together over that same window, in microseconds (10 ms ticks). */
  pidsCpuMicros: number;
}

const WORKER = new URL('./http-load-worker.ts', import.meta.url);

export async function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  const { cpuOfPids = [], ...workerOptions } = options;
  const worker = startTsWorker(WORKER, workerOptions);
  const pidsCpuMs = () => cpuOfPids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  let cpuMicros = 0;
  let pidsCpuAtStart = 0;
  let pidsCpuMicros = 0;
  let clientCpuAtStart = 0;
  const raw = await new Promise<HttpLoadRaw>((resolve, reject) => {
    worker.on('message', (message: HttpLoadRaw | { event: 'started'; cpuMs: number }) => {
      if ('event' in message) {
        cpuAtStart = process.cpuUsage();
        pidsCpuAtStart = pidsCpuMs();
        clientCpuAtStart = message.cpuMs;
        return;
      }
      if (cpuAtStart !== null) {
        const spent = process.cpuUsage(cpuAtStart);
        cpuMicros = spent.user + spent.system;
        pidsCpuMicros = (pidsCpuMs() - pidsCpuAtStart) * 1000;
      }
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited (code ${code}) without results`)));
  });
  await worker.terminate();
  const requests = raw.latenciesMs.length;
  let failures = 0;
  for (const [status, count] of Object.entries(raw.statuses)) {
    if (!/^2\d\d$/.test(status)) failures += count;
  }
  return {
    requests,
    failures,
    statuses: raw.statuses,
    durationMs: raw.durationMs,
    requestsPerSecond: (requests / raw.durationMs) * 1000,
    latency: summarize(raw.latenciesMs),
    clientCpuMs: raw.cpuMs,
    clientWindowCpuMs: raw.cpuMs - clientCpuAtStart,
    firstError: raw.firstError,
    cpuMicros,
    pidsCpuMicros,
  };
}
