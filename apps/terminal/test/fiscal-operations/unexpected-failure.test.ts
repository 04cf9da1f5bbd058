/**
 * A failure while talking to the fiscal server that is not an outage (a defect of ours while
 * building a request or reading an answer) must not turn a written, answered document into an
 * error or strand it in `sent`: the server may have registered it, so it waits in the offline
 * queue like after an outage, and is registered exactly once when the failure is gone.
 */
import { describe, expect, it } from 'vitest';
import type {
  BatchRegistrationOutcome,
  FiscalRegistrationRequest,
  FiscalServer,
  RegistrationOutcome,
} from '../../src/mev/fiscal-server.js';
import { cashSale, useSimulator } from '../support/terminal-harness.js';
import { registrationsOf, waitUntil } from './sync-helpers.js';

/** Passes requests on, or fails each of them with a plain error (not an outage) while `broken`. */
class BreakableServer implements FiscalServer {
  broken = true;
  failedRequests = 0;
  constructor(private readonly inner: FiscalServer) {}
  register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    return this.broken ? this.fail() : this.inner.register(request);
  }
  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    return this.broken ? this.fail() : this.inner.registerBatch(requests);
  }
  private fail(): Promise<never> {
    this.failedRequests++;
    return Promise.reject(new TypeError('cannot read the answer (defect)'));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const ctx = useSimulator();

describe('an unexpected failure while registering', () => {
  it('answers the sale offline, keeps it queued, and registers it once when the failure is gone', async () => {
    let server: BreakableServer | undefined;
    const terminal = await ctx.start({
      wrapServer: (inner) => (server = new BreakableServer(inner)),
    });

    const first = await terminal.call('POST', '/api/sales', cashSale(100), { 'Idempotency-Key': 'defect-1' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ isOffline: true, status: 'offline', mevId: null });
    expect(first.body.data!.offlineFiscalCode).toEqual(expect.any(String));
    // The sync worker meets the same failure: the queue keeps both, none left in `sent`.
    const second = await terminal.call('POST', '/api/sales', cashSale(200));
    expect(second.body.data).toMatchObject({ isOffline: true, status: 'offline' });
    const statuses = () =>
      terminal.runtime.db
        .prepare<[], { status: string }>('SELECT status FROM fiscal_operations ORDER BY seq')
        .all()
        .map((row) => row.status);
    // The sale's own request, then at least one of the sync worker's, failed.
    await waitUntil(
      'a failed sync request, after which both wait in the queue',
      () => server!.failedRequests >= 2 && statuses().every((status) => status === 'offline'),
    );
    const replay = await terminal.call('POST', '/api/sales', cashSale(100), {
      'Idempotency-Key': 'defect-1',
    });
    expect(replay.body.data!.saleId).toBe(first.body.data!.saleId);

    server!.broken = false;
    terminal.runtime.syncWorker!.wake();
    await waitUntil('both sales synced', () => statuses().every((status) => status === 'success'));
    const registered = await registrationsOf(ctx.sim, terminal.registrationNumber);
    expect(registered.map((r) => r.operationId)).toEqual([
      first.body.data!.fiscalOperationId,
      second.body.data!.fiscalOperationId,
    ]);
  });
});
