/**
 * The sync worker sends the offline queue in batches of SYNC_BATCH_SIZE, oldest first, one
 * batch in flight, and applies each operation's own answer. Real mev-sim process, real
 * SQLite file; the SOAP client is wrapped only to record what each request carried.
 */
import pino from 'pino';
import { parseReply } from '@fiscal-pos/mev-protocol';
import { expect, it } from 'vitest';
import { SyncWorker } from '../../src/fiscal-operations/sync-worker.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';
import { useFiscalTerminal } from '../support/terminal-harness.js';
import { RecordingServer, queueOffline, registrationsOf, syncWorkerFor, waitUntil } from './sync-helpers.js';

const ctx = useFiscalTerminal();

it('sends the queue in batches of the configured size, in order, and records each answer', async () => {
  const rt = ctx.terminal.runtime;
  const server = new RecordingServer(new SoapFiscalServer({ url: ctx.sim.url, ...ctx.terminal.material! }));
  const worker = syncWorkerFor(rt, ctx.terminal.registrationNumber, server, { batchSize: 10 });
  try {
    const ids = queueOffline(rt, 25);
    worker.wake();
    await waitUntil('the queue synced', () => rt.operations.queueStats().size === 0);

    expect(server.requests).toEqual([ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)]);
    const registered = await registrationsOf(ctx.sim, ctx.terminal.registrationNumber);
    expect(registered.map((r) => r.operationId)).toEqual(ids);
    registered.forEach((row, index) => {
      const op = rt.operations.require(ids[index]!);
      expect(op).toMatchObject({
        status: 'success',
        mevId: row.mevId,
        fiscalCode: row.fiscalCode,
        attempts: 1,
      });
      expect(parseReply(op.mevResponseXml!)).toMatchObject({ ok: true, reply: { mevId: row.mevId } });
    });
  } finally {
    await worker.stop();
    await server.close();
  }
});

it('refuses a batch size the contract does not allow', () => {
  const options = {
    registrar: ctx.terminal.runtime.registrar!,
    store: ctx.terminal.runtime.operations,
    logger: pino({ level: 'silent' }),
    retryBaseMs: 50,
    retryMaxMs: 200,
  };
  expect(() => new SyncWorker({ ...options, batchSize: 0 })).toThrow(RangeError);
  expect(() => new SyncWorker({ ...options, batchSize: 201 })).toThrow(RangeError);
  expect(() => new SyncWorker({ ...options, batchSize: 200 })).not.toThrow();
});
