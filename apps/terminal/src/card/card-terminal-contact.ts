/**
 * What the terminal last learned about the bank card terminal, from every request it sent
 * (card operations and status checks alike), shown in health:
 *
 * - `unknown`: no request ended yet since start;
 * - `ready`: the last request was answered (approved, declined, or refused for itself);
 * - `unreachable`: the last request got no usable answer (refused connection, timeout);
 * - `device_error`: the device answered that it cannot take requests (a fault, busy).
 */
import type { Clock } from '../clock.js';
import {
  CardTerminalUnreachableError,
  type CardPurchaseRequest,
  type CardRefundRequest,
  type CardReversalOutcome,
  type CardStatusOutcome,
  type CardTerminal,
  type CardTransactionOutcome,
  type CardVoidRequest,
} from './card-terminal.js';

/** Any answer the device can give. */
type CardAnswer = CardTransactionOutcome | CardReversalOutcome | CardStatusOutcome;

type CardContactState = 'unknown' | 'ready' | 'unreachable' | 'device_error';

export interface CardContactSnapshot {
  state: CardContactState;
  /** The bank's id of the device, from its last answer that named it. */
  bankTerminalId: string | null;
  /** Last answer of any kind from the device. */
  lastContactAt: string | null;
  /** When the last request ended, answered or not. */
  lastCheckedAt: string | null;
  /** Why the last request failed; null when it was answered. */
  lastError: string | null;
}

export class CardTerminalContact {
  #snapshot: CardContactSnapshot = {
    state: 'unknown',
    bankTerminalId: null,
    lastContactAt: null,
    lastCheckedAt: null,
    lastError: null,
  };

  constructor(private readonly clock: Clock) {}

  snapshot(): CardContactSnapshot {
    return { ...this.#snapshot };
  }

  answered(outcome: CardAnswer): void {
    const at = this.clock.now().toISOString();
    const fault = outcome.kind === 'refused' && outcome.deviceFault ? outcome : null;
    this.#snapshot = {
      state: fault ? 'device_error' : 'ready',
      bankTerminalId: 'bankTerminalId' in outcome ? outcome.bankTerminalId : this.#snapshot.bankTerminalId,
      lastContactAt: at,
      lastCheckedAt: at,
      lastError: fault ? `${fault.code}: ${fault.message}` : null,
    };
  }

  unreachable(message: string): void {
    this.#snapshot = {
      ...this.#snapshot,
      state: 'unreachable',
      lastCheckedAt: this.clock.now().toISOString(),
      lastError: message,
    };
  }
}

/** The card terminal with every request's outcome noted in `contact`; otherwise unchanged. */
export class ObservedCardTerminal implements CardTerminal {
  constructor(
    private readonly terminal: CardTerminal,
    private readonly contact: CardTerminalContact,
  ) {}

  get url(): string {
    return this.terminal.url;
  }

  purchase(request: CardPurchaseRequest): Promise<CardTransactionOutcome> {
    return this.#observe(() => this.terminal.purchase(request));
  }

  void(request: CardVoidRequest): Promise<CardTransactionOutcome> {
    return this.#observe(() => this.terminal.void(request));
  }

  refund(request: CardRefundRequest): Promise<CardTransactionOutcome> {
    return this.#observe(() => this.terminal.refund(request));
  }

  reverse(reference: string): Promise<CardReversalOutcome> {
    return this.#observe(() => this.terminal.reverse(reference));
  }

  status(): Promise<CardStatusOutcome> {
    return this.#observe(() => this.terminal.status());
  }

  close(): Promise<void> {
    return this.terminal.close();
  }

  async #observe<T extends CardAnswer>(call: () => Promise<T>): Promise<T> {
    let outcome: T;
    try {
      outcome = await call();
    } catch (error) {
      if (error instanceof CardTerminalUnreachableError) this.contact.unreachable(error.message);
      throw error;
    }
    this.contact.answered(outcome);
    return outcome;
  }
}
