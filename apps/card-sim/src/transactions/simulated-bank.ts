/**
 * What the card terminal and its bank decide about each request. Every transaction is kept
 * under the ECR's reference with its first answer: the same request again gets that answer
 * (nothing is charged twice), another request under a used reference is REFERENCE_REUSED.
 */
import { createHash } from 'node:crypto';
import {
  DECLINE_CODES,
  ECR_CURRENCY,
  type EcrErrorCode,
  type PurchaseRequest,
  type RefundRequest,
  type ReversalReply,
  type ReversalRequest,
  type TransactionReply,
  type VoidRequest,
} from '@fiscal-pos/ecr-protocol';
import type { FaultSwitch } from '../faults/fault-switch.js';
import type { NewTransaction, TransactionRecord, TransactionStore } from './transaction-store.js';

export type BankOutcome<R> =
  { kind: 'reply'; reply: R } | { kind: 'error'; code: EcrErrorCode; message: string };

export interface BankDeps {
  store: TransactionStore;
  faults: FaultSwitch;
  terminalId: string;
  now: () => Date;
}

type Decline = { code: string; reason: string };
type Decision = { approved: true } | { approved: false; decline: Decline };

const TEST_CARDS = [
  { maskedPan: '411111******1111', scheme: 'VISA' },
  { maskedPan: '555555******4444', scheme: 'MASTERCARD' },
  { maskedPan: '400000******0002', scheme: 'VISA' },
] as const;

function declineWith(code: keyof typeof DECLINE_CODES): Decision {
  return { approved: false, decline: { code, reason: DECLINE_CODES[code] } };
}

export class SimulatedBank {
  constructor(private readonly deps: BankDeps) {}

  purchase(request: PurchaseRequest): BankOutcome<TransactionReply> {
    return this.transact('purchase', request, null, null, () => {
      if (this.deps.store.reversal(request.reference)) return declineWith('REFERENCE_REVERSED');
      return this.bankDecision('purchase', request.amount);
    });
  }

  void(request: VoidRequest): BankOutcome<TransactionReply> {
    const purchase = this.deps.store.approvedPurchase('cheque_number', request.chequeNumber);
    return this.transact('void', request, purchase, null, () => {
      if (!purchase) return declineWith('TRANSACTION_NOT_FOUND');
      if (purchase.state !== 'charged' || purchase.refunded > 0) return declineWith('ALREADY_CANCELLED');
      return this.bankDecision('void', undefined);
    });
  }

  refund(request: RefundRequest): BankOutcome<TransactionReply> {
    const purchase = this.deps.store.approvedPurchase('rrn', request.rrn);
    const authCode = request.authCode ?? null;
    const replay = this.replay('refund', request);
    if (replay) return replay;
    const mode = this.deps.faults.modeFor('refund', request.amount);
    if (purchase && authCode === null && mode === 'refund-needs-auth-code') {
      return {
        kind: 'error',
        code: 'AUTH_CODE_REQUIRED',
        message: 'this bank needs the authorisation code of the purchase to refund it',
      };
    }
    return this.transact('refund', request, purchase, authCode, () => {
      if (!purchase) return declineWith('TRANSACTION_NOT_FOUND');
      if (authCode !== null && authCode !== purchase.authCode) return declineWith('AUTH_CODE_MISMATCH');
      if (purchase.state !== 'charged') return declineWith('ALREADY_CANCELLED');
      if (request.amount > purchase.amount - purchase.refunded) return declineWith('AMOUNT_EXCEEDS_ORIGINAL');
      return this.bankDecision('refund', request.amount);
    });
  }

  /** Cancels the purchase charged under the reference, whole, and closes the reference. */
  reverse(request: ReversalRequest): BankOutcome<ReversalReply> {
    const { store } = this.deps;
    const done = store.reversal(request.reference);
    if (done) return { kind: 'reply', reply: done.reply };
    const transaction = store.byReference(request.reference);
    if (transaction && transaction.operation !== 'purchase') {
      return {
        kind: 'error',
        code: 'MALFORMED_REQUEST',
        message: `reference ${request.reference} names a ${transaction.operation}; a reversal cancels purchases only`,
      };
    }
    const charged = transaction?.result === 'approved';
    const reply: ReversalReply = {
      reference: request.reference,
      operation: 'reversal',
      result: charged ? 'reversed' : 'not-found',
      processedAt: this.deps.now().toISOString(),
    };
    store.insertReversal(reply);
    if (transaction && charged) store.cancelPurchase(transaction.seq, 'reversed', reply.processedAt);
    return { kind: 'reply', reply };
  }

  private bankDecision(operation: 'purchase' | 'void' | 'refund', amount: number | undefined): Decision {
    const { faults } = this.deps;
    if (faults.modeFor(operation, amount) !== 'decline') return { approved: true };
    return {
      approved: false,
      decline: { code: faults.settings.declineCode, reason: faults.settings.declineReason },
    };
  }

  /** The first answer under this reference, if the same request was seen before. */
  private replay(
    operation: TransactionReply['operation'],
    request: { reference: string },
  ): BankOutcome<TransactionReply> | null {
    const existing = this.deps.store.byReference(request.reference);
    if (!existing) return null;
    if (existing.requestHash !== requestHash(operation, request)) {
      return {
        kind: 'error',
        code: 'REFERENCE_REUSED',
        message: `reference ${request.reference} was used for another request`,
      };
    }
    return { kind: 'reply', reply: existing.reply };
  }

  private transact(
    operation: TransactionReply['operation'],
    request: PurchaseRequest | VoidRequest | RefundRequest,
    original: TransactionRecord | null,
    authCodeGiven: string | null,
    decide: () => Decision,
  ): BankOutcome<TransactionReply> {
    const replay = this.replay(operation, request);
    if (replay) return replay;
    const decision = decide();
    const amount = 'amount' in request ? request.amount : (original?.amount ?? 0);
    const transaction: NewTransaction = {
      reference: request.reference,
      operation,
      requestHash: requestHash(operation, request),
      // A void of an unknown cheque has no amount of its own: it is recorded as 0.
      amount,
      originalSeq: original?.seq ?? null,
      authCodeGiven,
    };
    const processedAt = this.deps.now().toISOString();
    const reply = this.deps.store.insert(transaction, (seq) =>
      this.reply(seq, transaction, original, decision, processedAt),
    );
    if (decision.approved && original) {
      if (operation === 'void') this.deps.store.cancelPurchase(original.seq, 'voided', processedAt);
      if (operation === 'refund') this.deps.store.addRefunded(original.seq, amount);
    }
    return { kind: 'reply', reply };
  }

  private reply(
    seq: number,
    transaction: NewTransaction,
    original: TransactionRecord | null,
    decision: Decision,
    processedAt: string,
  ): TransactionReply {
    const card = original
      ? { maskedPan: original.maskedPan, scheme: original.scheme as TransactionReply['scheme'] }
      : TEST_CARDS[seq % TEST_CARDS.length]!;
    const approved = decision.approved;
    return {
      reference: transaction.reference,
      operation: transaction.operation,
      result: approved ? 'approved' : 'declined',
      amount: transaction.amount,
      currency: ECR_CURRENCY,
      rrn: approved ? rrnOf(seq, processedAt) : null,
      // A void gets no authorisation of its own; purchases and refunds do.
      authCode: approved && transaction.operation !== 'void' ? authCodeOf(seq, transaction.reference) : null,
      chequeNumber: approved ? String(seq).padStart(6, '0') : null,
      maskedPan: original || approved ? card.maskedPan : null,
      scheme: original || approved ? card.scheme : null,
      terminalId: this.deps.terminalId,
      declineCode: approved ? null : decision.decline.code,
      declineReason: approved ? null : decision.decline.reason,
      original:
        original?.rrn && original.chequeNumber
          ? { rrn: original.rrn, chequeNumber: original.chequeNumber }
          : null,
      processedAt,
    };
  }
}

/** The same request means the same operation and the same fields (requests are flat objects). */
function requestHash(operation: string, request: object): string {
  const fields = Object.entries(request).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([operation, fields]))
    .digest('hex');
}

/** 12 digits: the year's last two digits, the day of the year, and the sequence number. */
function rrnOf(seq: number, processedAt: string): string {
  const at = new Date(processedAt);
  const dayOfYear = Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return `${String(at.getUTCFullYear() % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}${String(seq % 10_000_000).padStart(7, '0')}`;
}

function authCodeOf(seq: number, reference: string): string {
  return createHash('sha256').update(`${seq}:${reference}`).digest('hex').slice(0, 6).toUpperCase();
}
