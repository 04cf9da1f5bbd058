import { faultScopeOf } from '@fiscal-pos/mev-sim/protocol';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/database.js';
import { lazyTransaction } from '../storage/database.js';
import {
  MevUnreachableError,
  type BatchRegistrationOutcome,
  type FiscalRegistrationRequest,
  type FiscalRejection,
  type FiscalServer,
  type RegistrationOutcome,
} from '../mev/fiscal-server.js';
import type { MevRequestObserver } from '../metrics/terminal-metrics.js';
import { offlineFiscalCode } from './offline-fiscal-code.js';
import type { FiscalOperationRecord, OperationStore } from './operation-store.js';
import type { MevConnectivity } from './mev-connectivity.js';

export interface RegistrarOptions {
  db: Db;
  store: OperationStore;
  server: FiscalServer;
  connectivity: MevConnectivity;
  registrationNumber: string;
  offlineSecret: string;
  clock: Clock;
  logger: Logger;
  metrics: MevRequestObserver;
  /** Called whenever an operation joins the offline queue. */
  onQueued: () => void;
}

export function registrationRequest(op: FiscalOperationRecord): FiscalRegistrationRequest {
  return {
    operationId: op.id,
    type: op.operationType,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    totalAmount: op.totalAmount,
    vat: op.vat,
    payments: op.payments,
    occurredAt: op.createdAt,
  };
}

/**
 * How a batch of the offline queue went: `answered` (each operation moved to `success` or
 * `failed` by its own result), `deferred` (the server refused the terminal or itself, the
 * whole batch stays queued), `unreachable` (no usable answer, the whole batch stays queued).
 */
export type BatchSendResult = 'answered' | 'deferred' | 'unreachable';

/**
 * Sends fiscal operations to the fiscal server and records what came back.
 *
 * Called inside the fiscal lock right after the operation's durable write (one operation,
 * inline), and by the sync worker for the offline queue (batches, in queue order). The server
 * deduplicates by operation UUID, so sending again an operation whose answer was lost is
 * always safe; the status transitions make sure an operation is never in flight twice from
 * this terminal.
 */
export class FiscalRegistrar {
  constructor(private readonly o: RegistrarOptions) {}

  /** Registers a freshly written `pending` operation, or queues it behind older unsynced ones. */
  async registerNew(op: FiscalOperationRecord): Promise<FiscalOperationRecord> {
    if (this.o.store.hasUnsyncedBefore(op.seq)) {
      this.goOffline([op], 'pending', 'older operations are waiting in the offline queue');
      return this.o.store.require(op.id);
    }
    await this.send(op);
    return this.o.store.require(op.id);
  }

  /**
   * Sends one `pending` operation inline, while the cashier waits: no answer -> the offline
   * queue; any fault -> `failed` (the cashier is told 502 MEV_ERROR), except a Z report
   * refused for a reason that is not about it (certificate, credentials, the server): it has
   * already closed the day and the server must receive every Z report in number order, so
   * it joins the offline queue like an operation that found the server unreachable.
   */
  private async send(op: FiscalOperationRecord): Promise<void> {
    const { store, db } = this.o;
    lazyTransaction(db, () => store.transition(op.id, 'pending', 'sent', { countAttempt: true }));
    const startedAt = performance.now();
    let outcome: RegistrationOutcome;
    try {
      outcome = await this.o.server.register(registrationRequest(op));
    } catch (error) {
      if (!(error instanceof MevUnreachableError)) throw error;
      this.unreachable(error, startedAt);
      this.goOffline([op], 'sent', error.message);
      return;
    }
    this.observe(outcome.kind, startedAt);
    if (outcome.kind === 'rejected' && faultScopeOf(outcome.faultCode) !== 'operation') {
      this.refusedAsWhole(outcome);
      if (op.operationType === 'z_report') {
        this.goOffline([op], 'sent', `${outcome.faultCode}: ${outcome.reason}`);
        return;
      }
    } else {
      this.o.connectivity.reached(this.o.clock.now());
    }
    this.applyOutcomes([op], [outcome]);
  }

  /**
   * Sends a batch of the offline queue (operations in `seq` order, all `offline`) in one
   * request. Every operation gets the answer about itself; the server judged them in order,
   * as if sent one by one, so a refused one does not hold back the ones after it (they were
   * checked on their own). The contract lets a result refuse its operation only with a code
   * about that operation (MEV_OPERATION_FAULT_CODES): such an operation is `failed`. Anything
   * about the terminal or the server (certificate, credentials, registration number, a fault
   * of the server, an unknown code) faults the whole batch: it stays queued, retried with
   * backoff, since every operation would get the same answer until someone fixes it.
   */
  async sendBatch(ops: readonly FiscalOperationRecord[]): Promise<BatchSendResult> {
    const { store, db } = this.o;
    lazyTransaction(db, () => {
      for (const op of ops) store.transition(op.id, 'offline', 'sent', { countAttempt: true });
    });
    const startedAt = performance.now();
    let answer: BatchRegistrationOutcome;
    try {
      answer = await this.o.server.registerBatch(ops.map(registrationRequest));
    } catch (error) {
      if (!(error instanceof MevUnreachableError)) throw error;
      this.unreachable(error, startedAt);
      this.goOffline(ops, 'sent', error.message);
      return 'unreachable';
    }
    this.observe(answer.kind === 'answered' ? 'registered' : 'rejected', startedAt);
    if (answer.kind === 'rejected') {
      this.refusedAsWhole(answer);
      // Every queued operation would get this answer until the terminal (certificate,
      // credentials) or the server is fixed: keep the batch, retry later. Nothing was
      // registered, and if it was, the retry is deduplicated by UUID.
      const reason = `${answer.faultCode}: ${answer.reason}`;
      lazyTransaction(db, () => {
        for (const op of ops) store.transition(op.id, 'sent', 'offline', { errorMessage: reason });
      });
      this.o.logger.warn(
        { operations: ops.length, faultCode: answer.faultCode, reason: answer.reason },
        'fiscal server refused the terminal while syncing; the batch stays queued',
      );
      return 'deferred';
    }
    this.o.connectivity.reached(this.o.clock.now());
    this.applyOutcomes(ops, answer.outcomes);
    return 'answered';
  }

  /**
   * Records the server's answers, all in one transaction. A refusal must survive a power loss
   * (inline, the caller is told 502 and must not see the operation turn into a success later),
   * so a transaction holding one is fsynced; registrations alone are not (a lost `success` is
   * resent and answered from the server's deduplication).
   */
  private applyOutcomes(
    ops: readonly FiscalOperationRecord[],
    outcomes: readonly RegistrationOutcome[],
  ): void {
    const { store, db } = this.o;
    const completedAt = this.o.clock.now().toISOString();
    const refused = outcomes.filter((outcome) => outcome.kind === 'rejected').length;
    const apply = () =>
      ops.forEach((op, index) => {
        const outcome = outcomes[index]!;
        if (outcome.kind === 'registered') {
          store.transition(op.id, 'sent', 'success', {
            mevId: outcome.mevId,
            fiscalCode: outcome.fiscalCode,
            mevResponseXml: outcome.responseXml,
            errorMessage: null,
            completedAt,
          });
          return;
        }
        store.transition(op.id, 'sent', 'failed', {
          mevResponseXml: outcome.responseXml,
          errorMessage: `${outcome.faultCode}: ${outcome.reason}`,
          completedAt,
        });
        this.o.logger.warn(
          { operationId: op.id, faultCode: outcome.faultCode, reason: outcome.reason },
          'fiscal server refused operation',
        );
      });
    if (refused > 0) db.transaction(apply)();
    else lazyTransaction(db, apply);
  }

  private unreachable(error: MevUnreachableError, startedAt: number): void {
    this.observe('unreachable', startedAt);
    this.o.connectivity.unreachable(error.message);
  }

  /** The server refused the request as a whole: health shows why nothing gets registered. */
  private refusedAsWhole(fault: FiscalRejection): void {
    this.o.connectivity.refused(this.o.clock.now(), fault.faultCode, fault.reason);
  }

  private observe(outcome: RegistrationOutcome['kind'] | 'unreachable', startedAt: number): void {
    this.o.metrics.observeMevRequest(outcome, (performance.now() - startedAt) / 1000);
  }

  /** Into the offline queue with their offline codes (recomputed: a function of stored fields). */
  private goOffline(ops: readonly FiscalOperationRecord[], from: 'pending' | 'sent', reason: string): void {
    lazyTransaction(this.o.db, () => {
      for (const op of ops) {
        const code = offlineFiscalCode(this.o.offlineSecret, {
          operationId: op.id,
          registrationNumber: this.o.registrationNumber,
          operationType: op.operationType,
          receiptNumber: op.receiptNumber,
          reportNumber: op.reportNumber,
          totalAmount: op.totalAmount,
          occurredAt: op.createdAt,
        });
        this.o.store.transition(op.id, from, 'offline', {
          isOffline: true,
          offlineFiscalCode: code,
          errorMessage: reason,
        });
      }
    });
    this.o.onQueued();
  }

  /** After a crash: operations caught between their write and the server's answer go to the queue. */
  recoverInterrupted(): number {
    const interrupted = this.o.store.interrupted();
    const reason = 'interrupted by a restart before the fiscal server answered';
    this.goOffline(
      interrupted.filter((op) => op.status === 'sent'),
      'sent',
      reason,
    );
    this.goOffline(
      interrupted.filter((op) => op.status === 'pending'),
      'pending',
      reason,
    );
    return interrupted.length;
  }
}
