import type { Clock } from '../clock.js';
import type { SerialLock } from '../serial-lock/serial-lock.js';
import { DomainError } from '../domain-error.js';
import type { IdempotencyStore, ResourceKind } from '../storage/idempotency-store.js';
import {
  formatLimit,
  turnoverBreach,
  turnoverOf,
  type FiscalOperationType,
  type PaymentLine,
  type TurnoverBreach,
  type VatLine,
  type VatTable,
} from '@fiscal-pos/fiscal';
import type { Db } from '../storage/database.js';
import { assertFiscalized, type Fiscalization } from '../fiscalization/fiscalization-status.js';
import { isFiscalDayExpired } from '../terminal-state/fiscal-day.js';
import type { TerminalState, TerminalStateStore } from '../terminal-state/terminal-state-store.js';
import type { DocumentShifts, ShiftCashier } from './document-shift.js';
import type { FiscalRegistrar } from './fiscal-registrar.js';
import { nextDocumentTime } from './document-clock.js';
import { OPERATION_RULES } from './operation-rules.js';
import type { FiscalOperationRecord, OperationStore } from './operation-store.js';

/** The answer to an operation the fiscal server refused: 502 MEV_ERROR with the server's reason. */
export function refusalError(op: FiscalOperationRecord): DomainError {
  return new DomainError(
    'MEV_ERROR',
    `The fiscal server refused the operation: ${op.errorMessage ?? 'no reason given'}`,
  );
}

const LIMIT_REFUSAL = {
  day: { code: 'DAY_TOTAL_LIMIT_EXCEEDED', what: 'fiscal day', remedy: 'a Z report starts a new day' },
  shift: { code: 'SHIFT_TOTAL_LIMIT_EXCEEDED', what: 'shift', remedy: 'closing the shift starts a new one' },
  year: { code: 'YEAR_TOTAL_LIMIT_EXCEEDED', what: 'calendar year', remedy: 'the next year starts afresh' },
} as const;

/** A document that would take a scope past what its report can state exactly: 409, nothing written. */
function limitError(breach: TurnoverBreach): DomainError {
  const { code, what, remedy } = LIMIT_REFUSAL[breach.scope];
  return new DomainError(
    code,
    `The ${what} may take at most ${formatLimit(breach.limit)} MDL (its opening drawer, sales, refunds and cash-ins), ` +
      `so that its report states every sum exactly; ${formatLimit(breach.left)} MDL is left: ${remedy}`,
  );
}

/** What fiscal operations run with; `Shifts` is the whole shift store where the shift steps need it. */
export interface FiscalContext<Shifts extends DocumentShifts = DocumentShifts> {
  db: Db;
  operations: OperationStore;
  terminalState: TerminalStateStore;
  shifts: Shifts;
  idempotency: IdempotencyStore;
  lock: SerialLock;
  clock: Clock;
  fiscalization: () => Fiscalization;
  registrar: () => FiscalRegistrar | null;
  /** The VAT table configured now (VAT_RATES, or the cloud's): the next fiscal day's. */
  configuredVatTable: () => VatTable;
}

interface DocumentNumbers {
  operationId: string;
  /** The operation's seq: a sale's key (migration 0029). */
  operationSeq: number;
  receiptNumber: number | null;
  reportNumber: number;
  createdAt: string;
  shiftId: string | null;
  /** The number of that shift (a sale's answer names it); null with shiftId. */
  shiftNumber: number | null;
  /** The cashier named by the document's shift (sales carry it); null when it names none. */
  shiftCashier: ShiftCashier | null;
}

export interface OperationAmounts {
  totalAmount: number;
  cashDelta: number;
  vat: VatLine[];
  payments: PaymentLine[];
}

/**
 * Work done before the document is written (charging the card), declared with its undo: it
 * runs under the lock after the state checks, and is undone when the document is not written
 * or the fiscal server refuses it. `run` leaves nothing behind when it throws.
 */
export interface ReversibleStep {
  run(): Promise<void>;
  /** Never throws: what cannot be undone at once is left to be retried by whoever owns it. */
  undo(reason: string): Promise<void>;
}

/** One fiscal document, described as the steps every fiscal operation goes through. */
export interface FiscalOperationPlan {
  /** Decides the rules the operation follows (operation-rules.ts). */
  type: FiscalOperationType;
  operationId: string;
  /** Rules that need the lock held (for example the cash balance). Throws DomainError. */
  check?: (state: TerminalState) => void;
  /** The document's amounts; a sale computes its VAT with `vatTable`, the fiscal day's. */
  amounts: (state: TerminalState, vatTable: VatTable) => OperationAmounts;
  /** Before the write: the sale's card payments. */
  beforeWrite?: ReversibleStep;
  /** Writes the document's own rows, inside the operation's single durable transaction. */
  write: (numbers: DocumentNumbers, state: TerminalState) => void;
  /** Runs in the same transaction after `write` (the Z report closes the day here). */
  afterWrite?: () => void;
  idempotencyKey: string | null;
  resourceKind: ResourceKind;
  resourceId: string;
}

/**
 * Validates state, takes the fiscal lock, runs the step before the write (the card payments),
 * writes the document durably (status `sent`, or `pending` behind an offline queue, in one
 * transaction with its numbers, its rows, its idempotency link and the fiscal server's answers
 * to the operations before it, held for this commit), then registers it with the fiscal
 * server. A 200 after this returns means the document is on disk; a refusal by the server is a
 * 502 MEV_ERROR, the document stays `failed` and the step before the write is undone (the card
 * charge is voided).
 */
export async function performFiscalOperation(
  ctx: FiscalContext,
  plan: FiscalOperationPlan,
): Promise<FiscalOperationRecord> {
  const rules = OPERATION_RULES[plan.type];
  assertFiscalized(ctx.fiscalization());
  return ctx.lock.run(async () => {
    assertFiscalized(ctx.fiscalization());
    const registrar = ctx.registrar();
    if (!registrar) throw new DomainError('MEV_UNAVAILABLE', 'The fiscal server client is not configured');
    const state = ctx.terminalState.get();
    const lastDocumentAt = ctx.operations.lastCreatedAt();
    // Refused before anything is done (a card charged) when the clock is wrong or the day over.
    const dated = (now: Date): string => {
      const at = nextDocumentTime(lastDocumentAt, now);
      if (rules.refusedWhenDayExpired && isFiscalDayExpired(state.dayStartedAt, at)) {
        throw new DomainError(
          'FISCAL_DAY_EXPIRED',
          `The fiscal day started at ${state.dayStartedAt} is over (24 hours); a Z report is required`,
        );
      }
      return at.toISOString();
    };
    const checkedAt = dated(ctx.clock.now());
    plan.check?.(state);
    // The day keeps its table until its Z report; its first document takes the configured one
    // and fixes it for the day (dayVatTables in packages/fiscal, issueReceiptNumber).
    const vatTable = state.dayVatTable ?? ctx.configuredVatTable();
    const amounts = plan.amounts(state, vatTable);
    // Reports and cash-outs add nothing: they are never refused by a limit (a Z report can always be made).
    const added = turnoverOf(plan.type, amounts.totalAmount);
    if (added > 0) {
      const breach = turnoverBreach(
        ctx.operations.turnover(state.reportNumber, String(new Date(checkedAt).getFullYear())),
        added,
      );
      if (breach) throw limitError(breach);
    }
    await plan.beforeWrite?.run();

    // With the server's answers to the operations before this one, held for this commit (group commit).
    const write = () =>
      ctx.operations.withHeld(() => {
        // The document's time is when it is written (a card payment can take the cardholder a
        // while), checked again: the clock may have moved meanwhile, and the day may have ended.
        const createdAt = plan.beforeWrite ? dated(ctx.clock.now()) : checkedAt;
        const shift = rules.opensShift
          ? ctx.shifts.forDocument(createdAt, () => ctx.operations.cashBalance(state.reportNumber))
          : null;
        const shiftId = shift?.id ?? null;
        const numbers = rules.takesReceiptNumber
          ? ctx.terminalState.issueReceiptNumber(createdAt, state, vatTable)
          : { receiptNumber: null, reportNumber: state.reportNumber };
        const op = ctx.operations.insert(
          {
            id: plan.operationId,
            operationType: plan.type,
            receiptNumber: numbers.receiptNumber,
            reportNumber: numbers.reportNumber,
            ...amounts,
            shiftId,
            createdAt,
          },
          registrar.statusOfNew(),
        );
        plan.write(
          {
            operationId: op.id,
            operationSeq: op.seq,
            ...numbers,
            createdAt,
            shiftId,
            shiftNumber: shift?.number ?? null,
            shiftCashier: shift?.cashier ?? null,
          },
          state,
        );
        plan.afterWrite?.();
        if (plan.idempotencyKey)
          ctx.idempotency.link(plan.idempotencyKey, plan.resourceKind, plan.resourceId);
        return op;
      });
    let written: FiscalOperationRecord;
    try {
      written = write();
    } catch (error) {
      await plan.beforeWrite?.undo('the document could not be written');
      throw error;
    }

    const registered = await registrar.registerNew(written);
    if (registered.status === 'failed') {
      await plan.beforeWrite?.undo(
        `the fiscal server refused the document: ${registered.errorMessage ?? ''}`,
      );
      throw refusalError(registered);
    }
    return registered;
  });
}
