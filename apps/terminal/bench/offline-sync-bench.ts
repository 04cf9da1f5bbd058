/**
 * Offline sync throughput: 10,000 operations queued while the simulator is down, then the time
 * from the simulator coming back to the last of them confirmed, over real HTTPS with mutual TLS
 * to a real mev-sim process and a real SQLite file.
 *
 * The queue is filled directly in the terminal's store (one transaction), as the fiscal engine
 * would have left it after 10,000 offline sales: numbering, offline fiscal codes and statuses
 * are the real ones; going through HTTP would only measure the sale endpoint.
 */
import { setFaultMode, listRegistrations } from '@fiscal-pos/mev-sim';
import { queueOfflineSales } from './offline-queue.js';
import { removeDir, startSimulator, startTerminal } from '../test/support/terminal-harness.js';

const OPERATIONS = 10_000;
const TARGET_PER_SECOND = 500;

export async function runOfflineSyncBench(operations = OPERATIONS): Promise<Record<string, number | string>> {
  const sim = await startSimulator();
  const terminal = await startTerminal({
    sim,
    config: { syncRetryBaseMs: 100, syncRetryMaxMs: 500 },
  });
  try {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
    queueOfflineSales(terminal.runtime, operations);
    // The worker meets the outage first, as it would in a shop, and backs off.
    terminal.runtime.syncWorker?.wake();
    await waitFor(() => terminal.runtime.connectivity.isOnline === false, 10_000);

    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
    const backAt = performance.now();
    let firstSyncedAt: number | null = null;
    await waitFor(() => {
      const { size } = terminal.runtime.operations.queueStats();
      if (firstSyncedAt === null && size < operations) firstSyncedAt = performance.now();
      return size === 0;
    }, 600_000);
    const doneAt = performance.now();

    const registered = await countRegistrations(sim, terminal.registrationNumber);
    if (registered !== operations)
      throw new Error(`the simulator registered ${registered}, not ${operations}`);
    const totalSeconds = (doneAt - backAt) / 1000;
    const syncingSeconds = (doneAt - (firstSyncedAt ?? backAt)) / 1000;
    return {
      operations,
      secondsFromBackToLastSynced: round(totalSeconds),
      secondsWaitingForRetry: round((firstSyncedAt ?? backAt) / 1000 - backAt / 1000),
      operationsPerSecond: Math.round(operations / totalSeconds),
      operationsPerSecondWhileSyncing: Math.round(operations / syncingSeconds),
      targetPerSecond: TARGET_PER_SECOND,
      verdict: operations / totalSeconds >= TARGET_PER_SECOND ? 'meets target' : 'below target',
    };
  } finally {
    await terminal.stop();
    await sim.stop();
    removeDir(terminal.dataDir);
    removeDir(sim.dataDir);
  }
}

async function countRegistrations(
  sim: Awaited<ReturnType<typeof startSimulator>>,
  registrationNumber: string,
): Promise<number> {
  let count = 0;
  let after = 0;
  for (;;) {
    const page = await listRegistrations(sim.adminUrl, sim.caCertPem, {
      registrationNumber,
      after,
      limit: 10_000,
    });
    if (page.length === 0) return count;
    count += page.length;
    after = page[page.length - 1]!.seq;
  }
}

async function waitFor(condition: () => boolean, deadlineMs: number): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('the offline sync benchmark did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
