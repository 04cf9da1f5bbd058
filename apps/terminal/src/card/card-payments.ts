/**
 * The terminal's one door to the bank card terminal. Every use goes through the card lock (the
 * device does one thing at a time) and the journal: a row is written before a request leaves,
 * and completed with what came back.
 *
 * Taking a charge back ("cancelling") is one rule wherever it is needed (a later card payment
 * of the sale declined, the fiscal server refused the sale, a purchase in doubt, a restart):
 * void it by its cheque number when the card terminal gave one, else (or if the void is not
 * approved) reverse it by our reference. What the card terminal does not confirm stays
 * `cancelling` and is retried before the next card operation, at start, and when a status check
 * finds the card terminal answering; no new purchase is taken while one waits, so a customer is
 * never charged twice because a reversal hung.
 *
 * Every request's outcome is also noted in `contact` (what health shows about the device).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { SerialLock } from '../serial-lock/serial-lock.js';
import { DomainError } from '../domain-error.js';
import { formatMinor } from '@fiscal-pos/fiscal';
import type {
  CardJournal,
  CardTransaction,
  CardTransactionKind,
  NewCardTransaction,
} from './card-journal.js';
import { CardTerminalContact, ObservedCardTerminal } from './card-terminal-contact.js';
import {
  CardTerminalUnreachableError,
  type CardReversalOutcome,
  type CardStatusOutcome,
  type CardTerminal,
  type CardTransactionOutcome,
} from './card-terminal.js';

export interface CardPaymentsOptions {
  terminal: CardTerminal;
  journal: CardJournal;
  lock: SerialLock;
  clock: Clock;
  logger: Logger;
}

/** How one request went, the journal row already moved accordingly. */
type Sent =
  | { kind: 'approved'; row: CardTransaction }
  | { kind: 'declined'; row: CardTransaction }
  | { kind: 'refused'; row: CardTransaction; code: string; message: string }
  | { kind: 'not-sent'; row: CardTransaction; message: string }
  | { kind: 'in_doubt'; row: CardTransaction; message: string };

const WHAT: Record<CardTransactionKind, string> = {
  purchase: 'card payment',
  void: 'card void',
  refund: 'card refund',
};

function declinedError(row: CardTransaction): DomainError {
  return new DomainError(
    'CARD_PAYMENT_DECLINED',
    `The ${WHAT[row.kind]} was declined: ${row.declineReason ?? 'no reason given'} (${row.declineCode ?? 'DECLINED'})`,
  );
}

/**
 * A purchase the terminal is taking back (its void or reversal not confirmed yet) gets no void
 * or refund besides: once the take-back goes through, the money would go back twice.
 */
function assertNotBeingTakenBack(purchase: CardTransaction): void {
  if (purchase.status === 'cancelling') {
    throw new DomainError(
      'CARD_TERMINAL_UNAVAILABLE',
      'The terminal is taking this card payment back and the card terminal has not confirmed it yet; nothing was sent, ask again once it has',
    );
  }
}

/** Whether a journaled void or refund is the one `request` asks for. */
function sameRequest(
  row: CardTransaction,
  request: Omit<NewCardTransaction, 'id' | 'idempotencyKey'>,
): boolean {
  return (
    row.amount === request.amount &&
    row.targetChequeNumber === (request.targetChequeNumber ?? null) &&
    row.targetRrn === (request.targetRrn ?? null) &&
    row.authCodeSent === (request.authCodeSent ?? null)
  );
}

/** The answer to everything but an approval and an outcome in doubt. */
function failureError(sent: Exclude<Sent, { kind: 'approved' | 'in_doubt' }>): DomainError {
  switch (sent.kind) {
    case 'declined':
      return declinedError(sent.row);
    case 'refused':
      return new DomainError(
        'CARD_PAYMENT_ERROR',
        `The card terminal refused the ${WHAT[sent.row.kind]} and did nothing: ${sent.code}: ${sent.message}`,
      );
    case 'not-sent':
      return new DomainError(
        'CARD_TERMINAL_UNAVAILABLE',
        `The card terminal cannot be reached; nothing was sent to it (${sent.message})`,
      );
  }
}

/**
 * Whether the card terminal gave a definite no to the request: the bank declined it, or the
 * device refused the request itself (not for a fault of its own): asked the same, it says the same.
 */
const refusedOrDeclined = (row: CardTransaction) =>
  row.status === 'declined' || (row.status === 'failed' && row.declineCode !== null);

/** The Idempotency-Key of the refund that takes back the rest of a purchase. */
const takeBackKey = (purchase: CardTransaction) => `take-back:${purchase.id}`;

export class CardPayments {
  readonly journal: CardJournal;
  readonly contact: CardTerminalContact;
  readonly #terminal: CardTerminal;
  readonly #lock: SerialLock;
  readonly #logger: Logger;
  /**
   * Purchases to take back that the journal could not mark `cancelling` (the disk refused the
   * write), with the reason: sent and left `sending` (perhaps charged, no sale written on them),
   * or approved and given to `cancel`. Marked and taken back by #settle, before the next card
   * operation; a restart takes back what is left anyway (markInterrupted).
   */
  readonly #unjournaled = new Map<string, string>();

  constructor(o: CardPaymentsOptions) {
    this.journal = o.journal;
    this.contact = new CardTerminalContact(o.clock);
    this.#terminal = new ObservedCardTerminal(o.terminal, this.contact);
    this.#lock = o.lock;
    this.#logger = o.logger.child({ component: 'card' });
  }

  /**
   * Charges one card payment and resolves with its approved journal row. Anything else throws
   * an DomainError with nothing left charged: declined (402), not reachable (503), refused by the
   * card terminal (500), or no answer (500 CARD_PAYMENT_ERROR, after the reversal).
   */
  purchase(amount: number): Promise<CardTransaction> {
    return this.#lock.run(async () => {
      await this.#settle();
      const waiting = this.journal.cancelling().length;
      if (waiting > 0) {
        throw new DomainError(
          'CARD_TERMINAL_UNAVAILABLE',
          `The card terminal has not confirmed that ${waiting} earlier card payment(s) were taken back; no new card payment until it does`,
        );
      }
      const row = this.journal.insertSending({ id: randomUUID(), kind: 'purchase', amount });
      let sent: Sent;
      let cancelling: CardTransaction;
      try {
        sent = await this.#send(row, () => this.#terminal.purchase({ reference: row.id, amount }), 'first');
        if (sent.kind === 'approved') return sent.row;
        if (sent.kind !== 'in_doubt') throw failureError(sent);
        cancelling = this.journal.transition(row.id, 'in_doubt', 'cancelling', {
          cancelReason: 'the card terminal did not answer the purchase',
        });
      } catch (error) {
        if (!(error instanceof DomainError)) {
          this.#unjournaled.set(
            row.id,
            'the outcome of the purchase could not be journaled; no sale was written on it',
          );
        }
        throw error;
      }
      const reversed = await this.#cancelOne(cancelling);
      throw new DomainError(
        'CARD_PAYMENT_ERROR',
        reversed
          ? `The card terminal did not answer the card payment (${sent.message}); it was reversed, the card is not charged`
          : `The card terminal did not answer the card payment (${sent.message}); its reversal is not confirmed yet and is retried before the next card payment`,
      );
    });
  }

  /**
   * Takes back approved (or doubtful) purchases that must not stay charged. Never throws: the
   * rows are marked `cancelling` first, durably, so what cannot be confirmed now is retried.
   */
  async cancel(rows: readonly CardTransaction[], reason: string): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) {
      try {
        const current = this.journal.require(row.id);
        if (current.status === 'approved' || current.status === 'in_doubt') {
          this.journal.transition(row.id, current.status, 'cancelling', { cancelReason: reason });
        }
      } catch (error) {
        // The disk refused the mark: #settle makes it, and takes the payment back, before the
        // next card operation.
        this.#logger.error(
          { err: error, id: row.id, reason },
          'card payment to take back could not be marked',
        );
        this.#unjournaled.set(row.id, reason);
      }
    }
    try {
      await this.#lock.run(async () => {
        for (const row of rows) await this.#cancelOne(this.journal.require(row.id));
      });
    } catch (error) {
      this.#logger.error(
        { err: error, reason },
        'card payments to take back wait for the next card operation',
      );
    }
  }

  /**
   * Takes back the card payments of a refused sale that are to be taken back (those of a sale no
   * customer was answered with, CardJournal.ofRefusedSales; none of one answered offline), once
   * its refusal is recorded: later than the refusal itself when the disk refused its record at
   * the time (the request was answered 503), or while syncing. Never rejects: what is not taken
   * back now, the next card operation or status check (#settle) takes back.
   */
  async takeBackRefusedSale(operationId: string, reason: string): Promise<void> {
    try {
      await this.#takeBack(this.journal.ofRefusedSales(operationId), reason);
    } catch (error) {
      this.#logger.error(
        { err: error, operationId },
        'card payments of a refused sale wait to be taken back',
      );
    }
  }

  /**
   * What is left of each purchase goes back to the card, once: the whole purchase is cancelled
   * (void, else reversal), marked `cancelling` in the same turn as it is judged whole (a void or
   * refund of it already sending counts as returned, and one asked later is refused while it is
   * taken back); one that a refund already gave back part of is refunded the rest by its RRN (a
   * void or a reversal would give that part back again), judged again under the card lock.
   */
  async #takeBack(purchases: readonly CardTransaction[], reason: string): Promise<void> {
    const partly = purchases.filter((purchase) => this.#partlyReturned(purchase));
    await this.cancel(
      purchases.filter((purchase) => !partly.includes(purchase)),
      reason,
    );
    if (partly.length > 0) await this.#lock.run(() => this.#refundRests(partly, reason));
  }

  /**
   * Whether something of the purchase went back already (or may have): a refund of the sale, a
   * standalone one, or an attempt of its own take-back. A void or a reversal would give that
   * back a second time: what is left goes back by a refund.
   */
  #partlyReturned(purchase: CardTransaction): boolean {
    return this.journal.returnedOf(purchase) > 0;
  }

  /**
   * Where the take-back of a partly returned purchase stands. Its refunds are attempts under
   * one key, each of the amount left when it was sent (all returns counted, its own attempts
   * approved or in doubt included): `resend` an attempt in doubt (or caught sending) as it was;
   * `refund` what is left once the last attempt is decided (not sent, refused by a device that
   * could not take requests, or made smaller by a refund that came in between); `declined` when
   * the card terminal declined or refused exactly what is left (refusedOrDeclined): its definite
   * no, not asked again on its own (money owed to the customer, shown by health, /metrics and
   * the log, until a refund by its RRN gives it back); `done` when nothing is left.
   */
  #takeBackState(
    purchase: CardTransaction,
  ):
    | { to: 'resend'; attempt: CardTransaction }
    | { to: 'refund' | 'declined'; amount: number }
    | { to: 'done' } {
    const last = this.journal.byIdempotencyKey('refund', takeBackKey(purchase));
    if (last?.status === 'in_doubt' || last?.status === 'sending') return { to: 'resend', attempt: last };
    const amount = purchase.amount - this.journal.returnedOf(purchase);
    if (amount <= 0 || purchase.rrn === null) return { to: 'done' };
    return last !== undefined && refusedOrDeclined(last) && last.amount === amount
      ? { to: 'declined', amount }
      : { to: 'refund', amount };
  }

  /** The take-backs of refused sales' rests that wait to be sent (again), or that were declined or refused. */
  takeBacks(): { pending: number; declined: number } {
    const counts = { pending: 0, declined: 0 };
    for (const purchase of this.#partlyReturnedOfRefusedSales()) {
      const { to } = this.#takeBackState(purchase);
      if (to === 'declined') counts.declined++;
      else if (to !== 'done') counts.pending++;
    }
    return counts;
  }

  /**
   * What waits for the card terminal: cancellations not confirmed (or not marked) and rests not
   * refunded. A status check that finds the device answering settles them (checkStatus).
   */
  waiting(pendingTakeBacks: number = this.takeBacks().pending): number {
    return this.#unjournaled.size + this.journal.cancelling().length + pendingTakeBacks;
  }

  #partlyReturnedOfRefusedSales(): CardTransaction[] {
    return this.journal.ofRefusedSales(null).filter((purchase) => this.#partlyReturned(purchase));
  }

  /**
   * Refunds the rest of each partly returned purchase of a refused sale (lock held), under a key
   * of its own, so that a second take-back resends an attempt in doubt instead of making
   * another: the customer gets back exactly what is left, once. One the card terminal did not
   * do (down, in doubt, refused) is tried again by #settle, before the next card operation and
   * at status checks (the monitor's timer runs them while one waits): waiting for a restart
   * could leave the customer charged for days.
   */
  async #refundRests(purchases: readonly CardTransaction[], reason: string): Promise<void> {
    for (const purchase of purchases) {
      try {
        await this.#refundRest(purchase, reason);
      } catch (error) {
        this.#logger.error(
          { err: error, id: purchase.id, reason },
          'the rest of a card payment to take back is not refunded yet',
        );
      }
    }
  }

  async #refundRest(purchase: CardTransaction, reason: string): Promise<void> {
    let state = this.#takeBackState(purchase);
    if (state.to === 'resend') {
      const { attempt } = state;
      const sent = await this.#resend(attempt, (row) => this.#sendRefund(row));
      if (sent.kind === 'in_doubt') {
        this.#logger.warn(
          { id: purchase.id, amount: attempt.amount, failure: sent.message },
          'the refund of the rest of a card payment to take back is still in doubt',
        );
        return;
      }
      this.#logTakeBack(purchase, sent, reason);
      state = this.#takeBackState(purchase);
    }
    if (state.to !== 'refund') return;
    const sent = await this.#sendNew(
      {
        id: randomUUID(),
        kind: 'refund',
        amount: state.amount,
        targetRrn: purchase.rrn!,
        authCodeSent: purchase.authCode,
        idempotencyKey: takeBackKey(purchase),
      },
      (row) => this.#sendRefund(row),
    );
    this.#logTakeBack(purchase, sent, reason);
  }

  #logTakeBack(purchase: CardTransaction, sent: Sent, reason: string): void {
    const { row } = sent;
    const at = { id: purchase.id, rrn: purchase.rrn, amount: row.amount, reason };
    if (sent.kind === 'approved') {
      this.#logger.info(at, 'card payment taken back: the rest refunded');
    } else if (sent.kind === 'declined' || refusedOrDeclined(row)) {
      // Once: the attempt is not sent again on its own (#takeBackState).
      this.#logger.error(
        { ...at, status: row.status, declineCode: row.declineCode, declineReason: row.declineReason },
        'the card terminal declined or refused the refund of the rest of a card payment to take back: the customer is owed it, refund it by its RRN (POST /api/card/refund)',
      );
    } else {
      this.#logger.warn(
        { ...at, failure: sent.message },
        'the rest of a card payment to take back is not refunded yet: retried',
      );
    }
  }

  /** Voids a purchase this terminal charged, by its cheque number. */
  void(o: { chequeNumber: string; idempotencyKey: string | null }): Promise<CardTransaction> {
    return this.#lock.run(async () => {
      await this.#settle();
      const purchase = this.journal.purchaseBy('cheque_number', o.chequeNumber);
      if (!purchase) {
        throw DomainError.validation([
          {
            field: 'chequeNumber',
            code: 'CHEQUE_NUMBER_UNKNOWN',
            message: `no card payment with cheque number ${o.chequeNumber} was charged on this terminal`,
          },
        ]);
      }
      assertNotBeingTakenBack(purchase);
      return this.#moneyBack(
        { kind: 'void', amount: purchase.amount, targetChequeNumber: o.chequeNumber },
        o.idempotencyKey,
        (row) =>
          this.#terminal.void({ reference: row.id, chequeNumber: row.targetChequeNumber ?? o.chequeNumber }),
      );
    });
  }

  /** Refunds (part of) a purchase this terminal charged, by its RRN. */
  refund(o: {
    rrn: string;
    amount: number;
    authCode: string | null;
    idempotencyKey: string | null;
  }): Promise<CardTransaction> {
    return this.#lock.run(async () => {
      await this.#settle();
      const purchase = this.journal.purchaseBy('rrn', o.rrn);
      if (!purchase) {
        throw DomainError.validation([
          {
            field: 'rrn',
            code: 'RRN_UNKNOWN',
            message: `no card payment with RRN ${o.rrn} was charged on this terminal`,
          },
        ]);
      }
      assertNotBeingTakenBack(purchase);
      // What is left of the payment after what surely went back so far (approved voids and
      // refunds, this request's own earlier attempt excepted): more is refused here rather than
      // by the bank. An attempt in doubt is left to the bank, which knows whether it was made.
      const left = purchase.amount - this.journal.returnedOf(purchase, o.idempotencyKey, true);
      if (o.amount > left) {
        throw DomainError.validation([
          {
            field: 'amount',
            code: 'AMOUNT_INVALID',
            message: `more than is left of the card payment: ${formatMinor(left)} MDL of ${formatMinor(purchase.amount)} MDL`,
          },
        ]);
      }
      return this.#moneyBack(
        { kind: 'refund', amount: o.amount, targetRrn: o.rrn, authCodeSent: o.authCode },
        o.idempotencyKey,
        (row) => this.#sendRefund(row),
      );
    });
  }

  /**
   * At start: what a crash interrupted is marked (journal.markInterrupted), then taken back in
   * the background under the card lock, and what is left of the purchases of refused sales no
   * customer was answered with (a restart came before their take-back). Never rejects.
   */
  recoverInterrupted(): Promise<void> {
    const marked = this.journal.markInterrupted();
    if (marked.purchases + marked.others > 0) {
      this.#logger.warn(marked, 'card transactions interrupted by a restart: purchases are taken back');
    }
    return this.#lock
      .run(() => this.#settle())
      .then(() => this.#takeBack(this.journal.ofRefusedSales(null), 'the fiscal server refused the sale'))
      .catch((error: unknown) =>
        this.#logger.error({ err: error }, 'taking back interrupted card payments failed'),
      );
  }

  /** Where the card terminal is (for health). */
  get url(): string {
    return this.#terminal.url;
  }

  /**
   * Asks the card terminal for its status (noted in `contact`), and once it answers, retries
   * the take-backs it has not confirmed, cancellations and rests to refund (waiting). Skipped (null) while a card operation holds the lock:
   * the device is busy with it, and its outcome is noted anyway. Never rejects.
   */
  checkStatus(pendingTakeBacks: number | null = null): Promise<void> | null {
    const run = this.#lock.tryRun(async () => {
      const status = await this.#attempt(() => this.#terminal.status());
      if (status.answered === 'ready' && this.waiting(pendingTakeBacks ?? undefined) > 0)
        await this.#settle();
    });
    return (
      run?.catch((error: unknown) =>
        this.#logger.error({ err: error }, 'card terminal status check failed'),
      ) ?? null
    );
  }

  /**
   * A void or a refund. With an Idempotency-Key, a retry after an answer in doubt (or a crash,
   * or an answer the disk refused to record) resends the first attempt, as the journal holds it,
   * under its reference, which the card terminal answers without doing it twice; a decided
   * attempt is answered from the journal.
   */
  async #moneyBack(
    request: Omit<NewCardTransaction, 'id' | 'idempotencyKey'>,
    idempotencyKey: string | null,
    call: (row: CardTransaction) => Promise<CardTransactionOutcome>,
  ): Promise<CardTransaction> {
    const kind = request.kind;
    const previous =
      idempotencyKey === null ? undefined : this.journal.byIdempotencyKey(kind, idempotencyKey);
    // The HTTP layer lets a key go after an answer in doubt (or a crash): only the journal can
    // tell that the retry asks for something else, which must not be answered with the first.
    if (previous && !sameRequest(previous, request)) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSE_MISMATCH',
        `This Idempotency-Key was already used for another ${WHAT[kind]}`,
      );
    }
    if (previous?.status === 'approved') return previous;
    if (previous?.status === 'declined') throw declinedError(previous);
    const sent =
      previous?.status === 'in_doubt' || previous?.status === 'sending'
        ? await this.#resend(previous, call)
        : await this.#sendNew({ ...request, id: randomUUID(), idempotencyKey }, call);
    if (sent.kind === 'approved') return sent.row;
    if (sent.kind === 'in_doubt') {
      throw new DomainError(
        'CARD_PAYMENT_ERROR',
        `The card terminal did not answer the ${WHAT[kind]} (${sent.message}); retry with the same Idempotency-Key to learn the outcome, it is never done twice`,
      );
    }
    if (sent.kind === 'refused' && sent.code === 'AUTH_CODE_REQUIRED') {
      throw DomainError.validation([
        {
          field: 'authCode',
          code: 'AUTH_CODE_REQUIRED',
          message: 'the bank needs the authorisation code of the purchase (card.authCode of the sale)',
        },
      ]);
    }
    throw failureError(sent);
  }

  /** The card refund a journaled refund row asks for, under its reference. */
  #sendRefund(row: CardTransaction): Promise<CardTransactionOutcome> {
    if (row.targetRrn === null) throw new Error(`card refund ${row.id} names no RRN`);
    return this.#terminal.refund({
      reference: row.id,
      rrn: row.targetRrn,
      amount: row.amount,
      authCode: row.authCodeSent,
    });
  }

  /** Journals a new void or refund (write-ahead) and sends it. */
  #sendNew(
    request: NewCardTransaction,
    call: (row: CardTransaction) => Promise<CardTransactionOutcome>,
  ): Promise<Sent> {
    const row = this.journal.insertSending(request);
    return this.#send(row, () => call(row), 'first');
  }

  /**
   * Sends again a void or refund whose outcome is not known: in doubt, or still `sending` under
   * the card lock (the disk refused to record its answer). Under its own reference, never anew:
   * the card terminal answers it from its record if it did it.
   */
  #resend(
    attempt: CardTransaction,
    call: (row: CardTransaction) => Promise<CardTransactionOutcome>,
  ): Promise<Sent> {
    const row =
      attempt.status === 'in_doubt' ? this.journal.transition(attempt.id, 'in_doubt', 'sending') : attempt;
    return this.#send(row, () => call(row), 'resent');
  }

  /**
   * Sends one request of a `sending` row and records the outcome in the journal. A resent one
   * that does not reach the card terminal, or that it refuses, stays in doubt: that this send
   * did nothing says nothing of the first, which the card terminal may have done (`failed`
   * would let a retry send it anew, and the money go back twice).
   */
  async #send(
    row: CardTransaction,
    call: () => Promise<CardTransactionOutcome>,
    attempt: 'first' | 'resent',
  ): Promise<Sent> {
    let outcome: CardTransactionOutcome;
    try {
      outcome = await call();
    } catch (error) {
      if (!(error instanceof CardTerminalUnreachableError)) throw error;
      const to = error.delivery === 'not-sent' && attempt === 'first' ? 'failed' : 'in_doubt';
      this.#logger.warn({ id: row.id, kind: row.kind, to, err: error }, 'no answer from the card terminal');
      const moved = this.journal.transition(row.id, 'sending', to, { errorMessage: error.message });
      return to === 'failed'
        ? { kind: 'not-sent', row: moved, message: error.message }
        : { kind: 'in_doubt', row: moved, message: error.message };
    }
    switch (outcome.kind) {
      case 'approved':
        return {
          kind: 'approved',
          row: this.journal.transition(row.id, 'sending', 'approved', { answer: outcome }),
        };
      case 'declined':
        return {
          kind: 'declined',
          row: this.journal.transition(row.id, 'sending', 'declined', { answer: outcome }),
        };
      case 'refused': {
        const errorMessage = `${outcome.code}: ${outcome.message}`;
        if (attempt === 'resent') {
          const moved = this.journal.transition(row.id, 'sending', 'in_doubt', { errorMessage });
          return { kind: 'in_doubt', row: moved, message: errorMessage };
        }
        const moved = this.journal.transition(row.id, 'sending', 'failed', {
          errorMessage,
          // A refusal of this request (not of a device that cannot take requests now) is its
          // definite no: the same request would be refused again (refusedOrDeclined).
          ...(outcome.deviceFault ? {} : { refusal: { code: outcome.code, message: outcome.message } }),
        });
        return { kind: 'refused', row: moved, code: outcome.code, message: outcome.message };
      }
    }
  }

  /** Retries every cancellation the card terminal has not confirmed, and every rest to refund (lock held). */
  async #settle(): Promise<void> {
    for (const [id, cancelReason] of this.#unjournaled) {
      const { status } = this.journal.require(id);
      if (status === 'sending' || status === 'in_doubt' || status === 'approved') {
        this.journal.transition(id, status, 'cancelling', { cancelReason });
      }
      this.#unjournaled.delete(id);
    }
    for (const row of this.journal.cancelling()) await this.#cancelOne(row);
    await this.#refundRests(this.#partlyReturnedOfRefusedSales(), 'the fiscal server refused the sale');
  }

  /** Void by cheque number, else reversal by reference (lock held). True once confirmed. */
  async #cancelOne(row: CardTransaction): Promise<boolean> {
    const current = this.journal.require(row.id);
    if (current.status !== 'cancelling') return current.status === 'cancelled';
    if (current.chequeNumber !== null) {
      // A stable reference: a void resent after a lost answer is not done twice.
      const voided = await this.#attempt(() =>
        this.#terminal.void({ reference: `${current.id}-void`, chequeNumber: current.chequeNumber! }),
      );
      if (voided.answered === 'approved') return this.#cancelled(current, 'void');
    }
    // Not voided (no cheque number, declined, refused, no answer): the reversal settles it.
    const reversed = await this.#attempt(() => this.#terminal.reverse(current.id));
    if (reversed.answered !== null) return this.#cancelled(current, 'reversal');
    this.journal.noteError(current.id, `taking the payment back is not confirmed: ${reversed.failure}`);
    this.#logger.warn(
      { id: current.id, reason: reversed.failure },
      'card payment to take back: not confirmed yet',
    );
    return false;
  }

  /** The kind of the answer, or (answered null) why the card terminal did nothing. */
  async #attempt(
    call: () => Promise<CardTransactionOutcome | CardReversalOutcome | CardStatusOutcome>,
  ): Promise<{ answered: string; failure: null } | { answered: null; failure: string }> {
    try {
      const outcome = await call();
      return outcome.kind === 'refused'
        ? { answered: null, failure: `${outcome.code}: ${outcome.message}` }
        : { answered: outcome.kind, failure: null };
    } catch (error) {
      if (!(error instanceof CardTerminalUnreachableError)) throw error;
      return { answered: null, failure: error.message };
    }
  }

  #cancelled(row: CardTransaction, by: 'void' | 'reversal'): true {
    this.journal.transition(row.id, 'cancelling', 'cancelled', { cancelledBy: by });
    this.#logger.info({ id: row.id, by, reason: row.cancelReason }, 'card payment taken back');
    return true;
  }
}
