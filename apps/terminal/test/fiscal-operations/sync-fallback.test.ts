/**
 * The sync worker's smaller-batch fallback against the real mev-sim process: a batch the
 * server faults as a whole for a reason that is not about the terminal, or that times out,
 * is tried again in halves down to single operations, so one poisoned operation cannot hold
 * the queue; order and exactly-once hold throughout. A fault about the terminal itself is
 * not worth splitting: the whole queue waits.
 */
import { setFaultMode, type FaultSettingsInput } from '@fiscal-pos/mev-sim';
import { afterEach, expect, it } from 'vitest';
import type { SyncWorker } from '../../src/fiscal-operations/sync-worker.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';
import { type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { RecordingServer, queueOffline, registrationsOf, syncWorkerFor, waitUntil } from './sync-helpers.js';

const env = useSimulator();
const running: { worker: SyncWorker; server: RecordingServer }[] = [];

afterEach(async () => {
  for (const { worker, server } of running.splice(0)) {
    await worker.stop();
    await server.close();
  }
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok', poisonOperationId: null });
});

function fault(settings: FaultSettingsInput) {
  return setFaultMode(env.sim.adminUrl, env.sim.caCertPem, settings);
}

/** A fiscal terminal with `count` operations queued offline, and a recording worker for it. */
async function queuedTerminal(count: number, requestTimeoutMs = 3000) {
  const terminal: TerminalHandle = await env.start();
  const ids = queueOffline(terminal.runtime, count);
  const server = new RecordingServer(
    new SoapFiscalServer({ url: env.sim.url, ...terminal.material!, requestTimeoutMs }),
  );
  const worker = syncWorkerFor(terminal.runtime, terminal.registrationNumber, server, { batchSize: 10 });
  running.push({ worker, server });
  return { terminal, ids, server, worker, rt: terminal.runtime };
}

/** What each request carried, as positions in the queue. */
function positions(requests: string[][], ids: string[]): number[][] {
  return requests.map((request) => request.map((id) => ids.indexOf(id)));
}

it('a poisoned operation: the batches around it go through in halves, it fails alone, the queue drains in order', async () => {
  const { terminal, ids, server, worker, rt } = await queuedTerminal(25);
  const poisoned = ids[13]!;
  await fault({ mode: 'poison', poisonOperationId: poisoned });

  worker.wake();
  // Without the fallback the batch holding it is faulted forever and this times out.
  await waitUntil('the queue drained', () => rt.operations.queueStats().size === 0, 15_000);

  expect(rt.operations.require(poisoned)).toMatchObject({
    status: 'failed',
    errorMessage: `MALFORMED_REQUEST: operation ${poisoned} cannot be processed`,
  });
  const others = ids.filter((id) => id !== poisoned);
  for (const id of others) expect(rt.operations.require(id).status).toBe('success');
  const registered = await registrationsOf(env.sim, terminal.registrationNumber);
  expect(registered.map((r) => r.operationId)).toEqual(others);

  // Halving from the head of the queue, the poisoned one judged alone, then back up to 10.
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  expect(positions(server.requests, ids)).toEqual([
    range(0, 10),
    range(10, 20), // faulted: holds 13
    range(10, 15), // faulted
    range(10, 13),
    range(13, 19), // faulted
    range(13, 16), // faulted
    range(13, 15), // faulted
    [13], // alone: refused for itself
    range(14, 16),
    range(16, 20),
    range(20, 25),
  ]);
});

it('a server that faults batches above its own limit: everything is registered once, in order, in smaller batches', async () => {
  const { terminal, ids, server, worker, rt } = await queuedTerminal(25);
  await fault({ mode: 'large-batch-fault', largeBatchAbove: 4 });

  worker.wake();
  await waitUntil('the queue drained', () => rt.operations.queueStats().size === 0, 15_000);

  for (const id of ids)
    expect(rt.operations.require(id)).toMatchObject({ status: 'success', errorMessage: null });
  const registered = await registrationsOf(env.sim, terminal.registrationNumber);
  expect(registered.map((r) => r.operationId)).toEqual(ids);
  // Every request started at the head of what was left: the requests that went through,
  // in order, are the queue itself.
  const through = server.requests.filter((request) => request.length <= 4).flat();
  expect(through).toEqual(ids);
  expect(Math.max(...server.requests.map((r) => r.length))).toBe(10);
});

it('a server too slow for large batches: a timed-out batch is retried in halves after the backoff', async () => {
  const { terminal, ids, server, worker, rt } = await queuedTerminal(12, 400);
  await fault({ mode: 'large-batch-hang', largeBatchAbove: 5 });

  worker.wake();
  await waitUntil('the queue drained', () => rt.operations.queueStats().size === 0, 15_000);

  const registered = await registrationsOf(env.sim, terminal.registrationNumber);
  expect(registered.map((r) => r.operationId)).toEqual(ids);
  expect(server.requests.map((r) => r.length)).toEqual([10, 5, 7, 4, 3]);
  // The timed-out batch of 10 was resent, the first 5 of it in the batch that got through.
  expect(rt.operations.require(ids[0]!).attempts).toBe(2);
});

it('a fault about the terminal is not split: the whole batch waits, retried with backoff', async () => {
  const { ids, server, worker, rt } = await queuedTerminal(15);
  await fault({ mode: 'expired-cert' });

  worker.wake();
  await waitUntil(
    'the head of the queue refused three times',
    () => rt.operations.require(ids[0]!).attempts >= 3,
  );
  expect(new Set(server.requests.map((r) => r.length))).toEqual(new Set([10]));
  for (const id of ids) expect(rt.operations.require(id).status).toMatch(/^(offline|sent)$/);

  await fault({ mode: 'ok' });
  await waitUntil('the queue drained', () => rt.operations.queueStats().size === 0);
  for (const id of ids) expect(rt.operations.require(id).status).toBe('success');
});
