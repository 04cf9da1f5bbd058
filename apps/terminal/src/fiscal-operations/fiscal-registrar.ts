import { keptPayments } from '@fiscal-pos/fiscal';
import { faultScopeOf } from '@fiscal-pos/mev-protocol';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/database.js';
import { isStorageFailure } from '../storage/storage-failure.js';
import { lazyTransaction } from '../storage/database.js';
import {
  MevUnreachableError,
  type BatchRegistrationOutcome,
  type FiscalRegistrationRequest,
  type FiscalRejection,
  type FiscalServer,
  type RegistrationOutcome,
} from '../mev/fiscal-server.js';
import { offlineFiscalCode } from './offline-fiscal-code.js';
import type { FiscalOperationRecord, OperationStore } from './operation-store.js';
import type { MevConnectivity } from './mev-connectivity.js';

export type MevRequestOutcome = 'registered' | 'rejected' | 'unreachable';

/** What the registrar tells the metrics (metrics/terminal-metrics.ts): one observation per request to the server. */
export interface MevRequestObserver {
  observeMevRequest(outcome: MevRequestOutcome, seconds: number): void;
}

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
  /** Called when a new or interrupted operation joined the offline queue (the worker's own retries need no call). */
  onQueued: () => void;
  /**
   * Called once a refusal is recorded that no request undoes as it answers (createSale does for
   * an inline one): one recorded late (sent inline, the disk refused its record at the time and
   * the request was answered 503) or while syncing. What the operation's write did that only
   * stands with it is undone: a delivery lot its sale sold is open again, and the card payments
   * of a sale refused inline are taken back.
   */
  onRefused: (op: FiscalOperationRecord) => void;
  /** How long a registration waits for the next operation's commit (config ANSWER_HOLD_MS). */
  answerHoldMs: number;
}

function registrationRequest(op: FiscalOperationRecord): FiscalRegistrationRequest {
  return {
    operationId: op.id,
    type: op.operationType,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    totalAmount: op.totalAmount,
    vat: op.vat,
    // MEV is told what the shop kept: cash net of the change handed back.
    payments: keptPayments(op.payments, op.totalAmount),
    occurredAt: op.createdAt,
  };
}

/**
 * How a request for the head of the offline queue went. Only `answered` moved operations out
 * of the queue; with every other result all of them stay queued, in place.
 * - `answered`: each operation got its own answer (`success`, or `failed` when refused for itself);
 * - `refused`: refused as a whole for a reason a smaller request cannot avoid: a fault about
 *   the terminal (certificate, credentials), or a single operation refused with a fault that
 *   is not about it (the server's);
 * - `faulted`: a batch refused as a whole for another reason (a fault of the server, a batch
 *   the server will not take): smaller batches may get through;
 * - `timeout`: no answer in time: an outage, or a batch too large to be answered in time;
 * - `unreachable`: any other outage.
 */
export type SyncSendResult = 'answered' | 'refused' | 'faulted' | 'timeout' | 'unreachable';

/**
 * Sends fiscal operations to the fiscal server and records what came back.
 *
 * Called inside the fiscal lock right after the operation's durable write (one operation,
 * inline), and by the sync worker for the offline queue (the head of the queue, in order). The server
 * deduplicates by operation UUID, so sending again an operation whose answer was lost is
 * always safe; the status transitions make sure an operation is never in flight twice from
 * this terminal.
 */
export class FiscalRegistrar {
  /**
   * Written operations whose registration could not be recorded (the disk refused the write):
   * left `pending` or `sent`, which only a restart would queue, and every later operation
   * would wait behind them. The sync worker queues them first (`requeueStranded`). By id,
   * whether a request was answered with it (else it is queued `unanswered`, see goOffline).
   */
  readonly #stranded = new Map<string, { answered: boolean }>();

  /**
   * The inline refusals among them (by operation id): recorded as refusals once the disk takes
   * writes, never queued (queued, a document refused inline would pass for one answered offline).
   */
  readonly #unrecordedRefusals = new Map<string, Extract<RegistrationOutcome, { kind: 'rejected' }>>();

  /** Writes the held registrations if no operation's commit has carried them by then. */
  #flushTimer: NodeJS.Timeout | null = null;

  constructor(private readonly o: RegistrarOptions) {
    // Whoever else in the process reads the operations sees the held answers written first.
    o.store.settleHeldBeforeReads(() => this.flushAnswers());
  }

  /**
   * The status a new operation is written with, in its own transaction: `sent` when nothing
   * waits in the offline queue (registerNew sends it at once, with no commit of its own to
   * mark it sent), `pending` when it must queue behind older unsynced ones.
   */
  statusOfNew(): 'pending' | 'sent' {
    return this.o.store.hasUnsynced() ? 'pending' : 'sent';
  }

  /**
   * Registers a freshly written operation (its status from statusOfNew): a `sent` one now,
   * a `pending` one joins the offline queue behind older unsynced ones.
   */
  async registerNew(op: FiscalOperationRecord): Promise<FiscalOperationRecord> {
    let held: FiscalOperationRecord | null = null;
    try {
      if (op.status === 'sent') {
        held = await this.send(op);
      } else {
        this.goOffline([op], 'pending', 'older operations are waiting in the offline queue');
      }
    } catch (error) {
      if (isStorageFailure(error)) {
        // Its request is answered 503.
        this.#stranded.set(op.id, { answered: false });
        this.o.onQueued();
      }
      throw error;
    }
    // A held registration is the record as it stands (not read back under the lock); any other
    // outcome was written, and is read as written.
    const answered = held ?? this.o.store.require(op.id);
    // The worker is woken only once the record is read: it marks what it sends `sent` at once,
    // and the answer must say what this request did with the document (queued offline).
    if (answered.status === 'offline') this.o.onQueued();
    return answered;
  }

  /**
   * Sends one operation inline, written `sent`, while the cashier waits: no answer -> the offline
   * queue; any fault -> `failed` (the cashier is told 502 MEV_ERROR), except a Z report
   * refused for a reason that is not about it (certificate, credentials, the server): it has
   * already closed the day and the server must receive every Z report in number order, so
   * it joins the offline queue like an operation that found the server unreachable. Returns
   * the record as its held registration leaves it, or null when the outcome was written.
   */
  private async send(op: FiscalOperationRecord): Promise<FiscalOperationRecord | null> {
    const startedAt = performance.now();
    let outcome: RegistrationOutcome;
    try {
      outcome = await this.o.server.register(registrationRequest(op));
    } catch (error) {
      this.answerLost(error, [op], startedAt);
      return null;
    }
    this.observe(outcome.kind, startedAt);
    if (outcome.kind === 'rejected' && faultScopeOf(outcome.faultCode) !== 'operation') {
      this.refusedAsWhole(outcome);
      if (op.operationType === 'z_report') {
        this.goOffline([op], 'sent', `${outcome.faultCode}: ${outcome.reason}`);
        return null;
      }
    } else {
      this.o.connectivity.reached(this.o.clock.now());
    }
    if (outcome.kind === 'registered' && this.o.answerHoldMs > 0) return this.holdRegistration(op, outcome);
    try {
      this.applyOutcomes([op], [outcome]);
    } catch (error) {
      // Stranded by registerNew; requeueStranded records the refusal once the disk takes it.
      if (outcome.kind === 'rejected' && isStorageFailure(error))
        this.#unrecordedRefusals.set(op.id, outcome);
      throw error;
    }
    return null;
  }

  /**
   * The registration of an operation sent inline, held for the next operation's durable commit
   * (OperationStore.hold): the cashier's answer does not wait for it, and the pages both
   * commits change are written once. Any other statement on the operations writes it first
   * (OperationStore.settleHeldBeforeReads). Lost with the process, the operation is found
   * `sent` at the restart and re-sent; the server answers it again from its deduplication by UUID.
   */
  private holdRegistration(
    op: FiscalOperationRecord,
    outcome: Extract<RegistrationOutcome, { kind: 'registered' }>,
  ): FiscalOperationRecord {
    const answered = this.o.store.hold(op, 'sent', 'success', {
      mevId: outcome.mevId,
      fiscalCode: outcome.fiscalCode,
      mevResponseXml: outcome.responseXml,
      errorMessage: null,
      completedAt: this.o.clock.now().toISOString(),
    });
    // Timed from the newest answer: those before it were written by this operation's own commit,
    // so a timer left from the first would give back to back sales lazy commits of their own.
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = setTimeout(() => this.flushAnswers(), this.o.answerHoldMs);
    // Stopping the terminal flushes them (terminal-runtime.ts close); the timer keeps nothing alive.
    this.#flushTimer.unref();
    return answered;
  }

  /**
   * Writes the held registrations in a lazy commit of their own (the timer, a reader of the
   * operations, a report that sums the day, the terminal stopping). A write that fails strands
   * them: they stay `sent` on disk, and the sync worker queues them and sends them again.
   */
  flushAnswers(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    const { store, db } = this.o;
    const held = store.held();
    if (held.length === 0) return;
    try {
      lazyTransaction(db, () => store.writeHeld());
    } catch (error) {
      // No longer held before the worker looks: it must find them `sent`, as the file has them.
      store.release(held);
      for (const { op } of held) this.#stranded.set(op.id, { answered: true });
      this.o.logger.error(
        { err: error, operations: held.length },
        "the fiscal server's answers could not be written; the operations are sent again",
      );
      this.o.onQueued();
    }
  }

  /**
   * Queues the operations a refused write left `pending` or `sent` (see #stranded), before the
   * queue is read, so they keep their place in it; one the server refused inline gets that
   * refusal recorded instead, and what was done with its write undone (onRefused).
   * Throws while the disk still refuses.
   */
  requeueStranded(): void {
    for (const [id, { answered }] of this.#stranded) {
      const op = this.o.store.require(id);
      const refusal = this.#unrecordedRefusals.get(id);
      if (refusal && op.status === 'sent') {
        this.applyOutcomes([op], [refusal]);
        this.o.onRefused(this.o.store.require(id));
      } else if (op.status === 'pending' || op.status === 'sent') {
        this.goOffline(
          [op],
          op.status,
          'its registration could not be recorded: storage unavailable',
          () => answered,
        );
      }
      this.#unrecordedRefusals.delete(id);
      this.#stranded.delete(id);
    }
  }

  /**
   * Sends the head of the offline queue (operations in `seq` order, all `offline`): one
   * operation as a single request, several as one batch request. Every operation gets the
   * answer about itself; the server judged them in order, as if sent one by one, so a refused
   * one does not hold back the ones after it (they were checked on their own). Only a fault
   * about the operation itself (MEV_OPERATION_FAULT_CODES, the only codes a batch result may
   * carry) makes it `failed`. A fault of the whole request keeps every operation queued,
   * retried later: an operation already handed to a customer must not be failed for a reason
   * that is not about it (certificate, credentials, the server), and the worker decides from
   * the result whether smaller requests are worth trying.
   */
  async sendQueued(queued: readonly FiscalOperationRecord[]): Promise<SyncSendResult> {
    const { store, db } = this.o;
    const ops = this.behindTheirSales(queued);
    // Only refunds of refused sales at the head, failed without a request: the queue moved on.
    if (ops.length === 0) return 'answered';
    lazyTransaction(db, () => {
      for (const op of ops) store.transition(op, 'offline', 'sent', { countAttempt: true });
    });
    try {
      return await this.sendMarked(ops);
    } catch (error) {
      // Left `sent` by a refused write of what came back: the queue the worker reads has only
      // `offline` ones, so they would wait for a restart; the next pass queues them first.
      // Answered when they were queued.
      if (isStorageFailure(error)) for (const op of ops) this.#stranded.set(op.id, { answered: true });
      throw error;
    }
  }

  /**
   * What of the head of the queue may be sent now: a refund is judged after its sale. A refund
   * made while its sale waited in the queue returns goods the fiscal server may yet refuse to
   * have been sold (the refund endpoint refuses only a sale already `failed`, assertRefundable).
   * So the request stops before a refund whose sale is in it (the refund goes in the next one,
   * once its sale is answered), and a refund whose sale was refused is never sent: it is
   * `failed` too, with that reason, so both drop out of the day's figures, the drawer and the
   * turnover alike (refused documents never moved money). Its sale is always older, so it is
   * either answered or ahead of it in this request.
   */
  private behindTheirSales(ops: readonly FiscalOperationRecord[]): FiscalOperationRecord[] {
    const sales = this.o.store.salesOfRefunds(ops);
    if (sales.size === 0) return [...ops];
    const send: FiscalOperationRecord[] = [];
    const refused: { op: FiscalOperationRecord; reason: string }[] = [];
    for (const op of ops) {
      const sale = sales.get(op.id);
      if (sale?.status === 'failed') {
        refused.push({
          op,
          reason: `not sent: its sale (operation ${sale.id}) was refused by the fiscal server (${sale.errorMessage ?? 'no reason given'})`,
        });
        continue;
      }
      if (sale && ops.some((other) => other.id === sale.id)) break;
      send.push(op);
    }
    if (refused.length > 0) this.refuseUnsent(refused);
    return send;
  }

  /**
   * Fails queued operations without sending them, fsynced as any refusal; through `sent`, as
   * the transitions allow, in the one transaction: on disk they go from `offline` to `failed`.
   */
  private refuseUnsent(refused: readonly { op: FiscalOperationRecord; reason: string }[]): void {
    const { store, db } = this.o;
    const completedAt = this.o.clock.now().toISOString();
    db.transaction(() => {
      for (const { op, reason } of refused) {
        store.transition(op, 'offline', 'sent');
        store.transition(op, 'sent', 'failed', { errorMessage: reason, completedAt });
      }
    })();
    for (const { op, reason } of refused)
      this.o.logger.warn({ operationId: op.id, reason }, 'queued refund failed: its sale was refused');
  }

  /** sendQueued, once the operations are marked `sent`. */
  private async sendMarked(ops: readonly FiscalOperationRecord[]): Promise<SyncSendResult> {
    const { store, db } = this.o;
    const startedAt = performance.now();
    let answer: BatchRegistrationOutcome;
    try {
      answer =
        ops.length === 1
          ? await this.registerAlone(ops[0]!)
          : await this.o.server.registerBatch(ops.map(registrationRequest));
    } catch (error) {
      return this.answerLost(error, ops, startedAt) === 'timeout' ? 'timeout' : 'unreachable';
    }
    if (answer.kind === 'rejected') {
      this.observe('rejected', startedAt);
      this.refusedAsWhole(answer);
      // Nothing was registered, and if it was, the retry is deduplicated by UUID.
      const reason = `${answer.faultCode}: ${answer.reason}`;
      lazyTransaction(db, () => {
        for (const op of ops) store.transition(op, 'sent', 'offline', { errorMessage: reason });
      });
      const smallerMayPass = ops.length > 1 && faultScopeOf(answer.faultCode) !== 'caller';
      this.o.logger.warn(
        { operations: ops.length, faultCode: answer.faultCode, reason: answer.reason },
        smallerMayPass
          ? 'fiscal server faulted a batch while syncing; it stays queued, smaller batches follow'
          : 'fiscal server refused the terminal while syncing; the operations stay queued',
      );
      return smallerMayPass ? 'faulted' : 'refused';
    }
    this.observe(ops.length === 1 ? answer.outcomes[0]!.kind : 'registered', startedAt);
    this.o.connectivity.reached(this.o.clock.now());
    this.applyOutcomes(ops, answer.outcomes);
    answer.outcomes.forEach((outcome, index) => {
      if (outcome.kind === 'rejected') this.o.onRefused(ops[index]!);
    });
    return 'answered';
  }

  /** One queued operation as a single request: only a fault about the operation answers it. */
  private async registerAlone(op: FiscalOperationRecord): Promise<BatchRegistrationOutcome> {
    const outcome = await this.o.server.register(registrationRequest(op));
    return outcome.kind === 'rejected' && faultScopeOf(outcome.faultCode) !== 'operation'
      ? outcome
      : { kind: 'answered', outcomes: [outcome] };
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
          store.transition(op, 'sent', 'success', {
            mevId: outcome.mevId,
            fiscalCode: outcome.fiscalCode,
            mevResponseXml: outcome.responseXml,
            errorMessage: null,
            completedAt,
          });
          return;
        }
        store.transition(op, 'sent', 'failed', {
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

  /**
   * No usable answer: the server may or may not have registered the operations, so they wait
   * in the offline queue and are sent again (the server deduplicates by UUID). A failure that
   * is not an outage (a defect of ours while building the request or reading the answer) is
   * handled the same way: the documents are already written and answered for, and must
   * neither be stranded in `sent` nor turned into an error after the fact.
   */
  private answerLost(
    error: unknown,
    ops: readonly FiscalOperationRecord[],
    startedAt: number,
  ): 'timeout' | 'other' {
    if (error instanceof MevUnreachableError) {
      this.observe('unreachable', startedAt);
      this.o.connectivity.unreachable(error.message);
      this.goOffline(ops, 'sent', error.message);
      return error.failure === 'timeout' ? 'timeout' : 'other';
    }
    const message = error instanceof Error ? error.message : String(error);
    this.o.logger.error(
      { err: error, operations: ops.length },
      'unexpected failure while registering with the fiscal server; the operations wait in the offline queue',
    );
    this.goOffline(ops, 'sent', `unexpected failure while registering: ${message}`);
    return 'other';
  }

  /** The server refused the request as a whole: health shows why nothing gets registered. */
  private refusedAsWhole(fault: FiscalRejection): void {
    this.o.connectivity.refused(this.o.clock.now(), fault.faultCode, fault.reason);
  }

  private observe(outcome: RegistrationOutcome['kind'] | 'unreachable', startedAt: number): void {
    this.o.metrics.observeMevRequest(outcome, (performance.now() - startedAt) / 1000);
  }

  /**
   * Into the offline queue with their offline codes (recomputed: a function of stored fields).
   * Unless their request is answered with them (a 200 offline), they are `unanswered`
   * (migration 0033): a sale of them the fiscal server refuses later stands for no customer.
   */
  private goOffline(
    ops: readonly FiscalOperationRecord[],
    from: 'pending' | 'sent',
    reason: string,
    answered: (op: FiscalOperationRecord) => boolean = () => true,
  ): void {
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
        this.o.store.transition(op, from, 'offline', {
          isOffline: true,
          offlineFiscalCode: code,
          errorMessage: reason,
        });
        if (!answered(op)) this.o.store.markUnanswered(op);
      }
    });
  }

  /**
   * After a crash: operations caught between their write and the server's answer go to the queue.
   * Those not queued before (isOffline false) were written by a request that got no answer with
   * them (the crash, or a 503 from a full disk): they are queued `unanswered`.
   */
  recoverInterrupted(): number {
    const interrupted = this.o.store.interrupted();
    const reason = 'interrupted by a restart before the fiscal server answered';
    const answered = (op: FiscalOperationRecord) => op.isOffline;
    try {
      this.goOffline(
        interrupted.filter((op) => op.status === 'sent'),
        'sent',
        reason,
        answered,
      );
      this.goOffline(
        interrupted.filter((op) => op.status === 'pending'),
        'pending',
        reason,
        answered,
      );
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      // A full disk at the start: the terminal starts all the same (it answers 503 to writes),
      // and the worker queues them once the disk takes writes again (requeueStranded).
      for (const op of interrupted) this.#stranded.set(op.id, { answered: answered(op) });
      this.o.logger.warn(
        { err: error, operations: interrupted.length },
        'interrupted operations wait for the disk',
      );
    }
    if (interrupted.length > 0) this.o.onQueued();
    return interrupted.length;
  }
}
