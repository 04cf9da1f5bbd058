/**
 * Helpers shared by the offline-sync tests: polling with a deadline, what the simulator
 * registered, a queue filled directly in the store, and a fiscal server that records requests.
 */
import { DEFAULT_VAT_TABLE } from '@fiscal-pos/fiscal';
import { randomUUID } from 'node:crypto';
import { listRegistrations, type MevSimProcess, type RegistrationView } from '@fiscal-pos/mev-sim';
import pino from 'pino';
import { DEFAULT_ANSWER_HOLD_MS } from '../../src/config.js';
import { FiscalRegistrar } from '../../src/fiscal-operations/fiscal-registrar.js';
import { SyncWorker, type SyncWorkerOptions } from '../../src/fiscal-operations/sync-worker.js';
import type {
  BatchRegistrationOutcome,
  FiscalRegistrationRequest,
  FiscalServer,
  RegistrationOutcome,
} from '../../src/mev/fiscal-server.js';
import type { TerminalRuntime } from '../../src/terminal-runtime.js';

/**
 * Polls until `condition` holds. The deadline is generous on purpose: it only turns a hang
 * into a failure, it is not a speed assertion.
 */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  deadlineMs = 30_000,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${deadlineMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Everything the simulator registered for one terminal, in registration order. */
export async function registrationsOf(
  sim: Pick<MevSimProcess, 'adminUrl' | 'caCertPem'>,
  registrationNumber: string,
): Promise<RegistrationView[]> {
  const all: RegistrationView[] = [];
  for (;;) {
    const page = await listRegistrations(sim.adminUrl, sim.caCertPem, {
      registrationNumber,
      after: all.at(-1)?.seq ?? 0,
      limit: 10_000,
    });
    if (page.length === 0) return all;
    all.push(...page);
  }
}

/** Records the operation ids of every request, batch or single, in the order they were made. */
export class RecordingServer implements FiscalServer {
  readonly requests: string[][] = [];
  constructor(private readonly inner: FiscalServer) {}
  register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    this.requests.push([request.operationId]);
    return this.inner.register(request);
  }
  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    this.requests.push(requests.map((r) => r.operationId));
    return this.inner.registerBatch(requests);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Cash sales stored `offline` in the open report, as the registrar leaves them during an outage. */
export function queueOffline(rt: TerminalRuntime, count: number): string[] {
  return rt.db.transaction(() =>
    Array.from({ length: count }, () => {
      const createdAt = new Date().toISOString();
      const op = rt.operations.insert({
        id: randomUUID(),
        operationType: 'receipt',
        ...rt.terminalState.issueReceiptNumber(createdAt, rt.terminalState.get(), DEFAULT_VAT_TABLE),
        totalAmount: 100,
        cashDelta: 100,
        vat: [{ code: 'B', rateBp: 2000, taxableBase: 83, vatAmount: 17, gross: 100 }],
        payments: [{ code: '1', amount: 100 }],
        shiftId: null,
        createdAt,
      });
      rt.operations.transition(op, 'pending', 'offline', {
        isOffline: true,
        offlineFiscalCode: 'OFF-TEST',
        errorMessage: 'MEV unreachable (refused)',
      });
      return op.id;
    }),
  )();
}

/**
 * A registrar and a sync worker of their own over a terminal's store, talking to `server`:
 * the terminal's own worker is idle (rows queued by `queueOffline` do not wake it).
 */
export function syncWorkerFor(
  rt: TerminalRuntime,
  registrationNumber: string,
  server: FiscalServer,
  options: Partial<Pick<SyncWorkerOptions, 'batchSize' | 'retryBaseMs' | 'retryMaxMs'>> = {},
): SyncWorker {
  const logger = pino({ level: 'silent' });
  const registrar = new FiscalRegistrar({
    db: rt.db,
    store: rt.operations,
    server,
    connectivity: rt.connectivity,
    registrationNumber,
    offlineSecret: rt.terminalState.get().offlineSecret,
    clock: rt.clock,
    logger,
    metrics: rt.metrics,
    onQueued: () => undefined,
    onRefused: () => undefined,
    answerHoldMs: DEFAULT_ANSWER_HOLD_MS,
  });
  return new SyncWorker({
    registrar,
    store: rt.operations,
    logger,
    retryBaseMs: 50,
    retryMaxMs: 200,
    ...options,
  });
}
