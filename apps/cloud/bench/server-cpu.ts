// CPU this thread spends per request or call (process.threadCpuUsage), with the HTTP load client
// in a worker thread: unlike requests per second, it does not move with the machine's load.
import { runHttpLoad } from '../../../bench/load/http-load.js';

const CLIENTS = 16;

/** Node 22.19+ and 23.9+ (the types installed are older): this thread's CPU, not the process's. */
const threadCpuUsage = (process as { threadCpuUsage?: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage })
  .threadCpuUsage;

/** Microseconds of CPU (user + system) this thread has used so far. */
function threadCpuMicros(): number {
  if (!threadCpuUsage) throw new Error('process.threadCpuUsage needs Node 22.19 or later');
  const used = threadCpuUsage.call(process);
  return used.user + used.system;
}

/** Microseconds of this thread's CPU per answered request of `path`, CLIENTS connections at once. */
export async function serverCpuPerRequest(
  origin: string,
  path: string,
  headers: Record<string, string>,
  requests: number,
): Promise<number> {
  const before = threadCpuMicros();
  const load = await runHttpLoad({
    origin,
    method: 'GET',
    path,
    headers,
    clients: CLIENTS,
    maxRequests: requests,
    maxMs: 120_000,
  });
  const used = threadCpuMicros() - before;
  if (load.failures > 0) throw new Error(`${path}: ${load.failures} failures, first: ${load.firstError}`);
  return used / load.requests;
}

/** Microseconds of this thread's CPU per call of `call`, made `calls` times from CLIENTS loops at once. */
export async function cpuPerCall(call: () => Promise<void>, calls: number): Promise<number> {
  const before = threadCpuMicros();
  let started = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (started++ < calls) await call();
    }),
  );
  return (threadCpuMicros() - before) / calls;
}
