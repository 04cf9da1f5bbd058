/**
 * The sync worker sends the offline queue in batches of SYNC_BATCH_SIZE, oldest first, one
 * batch in flight, and applies each operation's own answer. Real mev-sim process, real
 * SQLite file; the SOAP client is wrapped only to record what each request carried.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { parseReply } from '@fiscal-pos/mev-sim/protocol';
import { expect, it } from 'vitest';
import { FiscalRegistrar } from '../../src/fiscal-operations/fiscal-registrar.js';
import { SyncWorker } from '../../src/fiscal-operations/sync-worker.js';
import type {
  BatchRegistrationOutcome,
  FiscalRegistrationRequest,
  FiscalServer,
  RegistrationOutcome,
} from '../../src/mev/fiscal-server.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';
import { useFiscalTerminal } from '../support/terminal-harness.js';
import { registrationsOf, waitUntil } from './sync-helpers.js';

const ctx = useFiscalTerminal();

/** Records the operation ids of every batch request, in the order the requests were made. */
class RecordingServer implements FiscalServer {
  readonly batches: string[][] = [];
  constructor(private readonly inner: FiscalServer) {}
  register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    return this.inner.register(request);
  }
  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    this.batches.push(requests.map((r) => r.operationId));
    return this.inner.registerBatch(requests);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Cash sales stored `offline`, as the registrar leaves them during an outage. */
function queueOffline(count: number): string[] {
  const rt = ctx.terminal.runtime;
  return rt.db.transaction(() =>
    Array.from({ length: count }, () => {
      const createdAt = new Date().toISOString();
      const op = rt.operations.insert({
        id: randomUUID(),
        operationType: 'receipt',
        ...rt.terminalState.issueReceiptNumber(createdAt),
        totalAmount: 100,
        cashDelta: 100,
        vat: [{ code: 'B', rateBp: 2000, taxableBase: 83, vatAmount: 17, gross: 100 }],
        payments: [{ code: '1', amount: 100 }],
        shiftId: null,
        createdAt,
      });
      rt.operations.transition(op.id, 'pending', 'offline', {
        isOffline: true,
        offlineFiscalCode: 'OFF-TEST',
        errorMessage: 'MEV unreachable (refused)',
      });
      return op.id;
    }),
  )();
}

it('sends the queue in batches of the configured size, in order, and records each answer', async () => {
  const rt = ctx.terminal.runtime;
  const server = new RecordingServer(new SoapFiscalServer({ url: ctx.sim.url, ...ctx.terminal.material! }));
  const registrar = new FiscalRegistrar({
    db: rt.db,
    store: rt.operations,
    server,
    connectivity: rt.connectivity,
    registrationNumber: ctx.terminal.registrationNumber,
    offlineSecret: rt.terminalState.get().offlineSecret,
    clock: rt.clock,
    logger: pino({ level: 'silent' }),
    metrics: rt.metrics,
    onQueued: () => undefined,
  });
  const worker = new SyncWorker({
    registrar,
    store: rt.operations,
    logger: pino({ level: 'silent' }),
    retryBaseMs: 50,
    retryMaxMs: 200,
    batchSize: 10,
  });
  try {
    const ids = queueOffline(25);
    worker.wake();
    await waitUntil('the queue synced', () => rt.operations.queueStats().size === 0);

    expect(server.batches).toEqual([ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)]);
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
