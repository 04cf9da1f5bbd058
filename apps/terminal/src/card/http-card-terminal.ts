/**
 * The driver of a card terminal speaking the ECR protocol (JSON over HTTP,
 * docs/card-terminal-protocol.md), validated with the protocol's own schemas.
 *
 * Each request goes on a fresh connection (`reset`), so that a refused connection always means
 * "not sent": a keep-alive socket the device dropped would fail only after the request was
 * written, and an innocent purchase would look in doubt.
 */
import { Agent, request } from 'undici';
import type { z } from 'zod';
import {
  ECR_BASE_PATH,
  ECR_CURRENCY,
  errorReplySchema,
  reversalReplySchema,
  statusReplySchema,
  transactionReplySchema,
  type EcrTransactionOperation,
} from '@fiscal-pos/ecr-protocol';
import {
  CardTerminalUnreachableError,
  type CardPurchaseRequest,
  type CardRefundRequest,
  type CardRefusal,
  type CardReversalOutcome,
  type CardStatusOutcome,
  type CardTerminal,
  type CardTransactionOutcome,
  type CardVoidRequest,
} from './card-terminal.js';

export interface HttpCardTerminalConfig {
  /** The ECR base URL, e.g. http://192.168.1.60:8650 (operations under /ecr/v1). */
  url: string;
  /** TCP (and TLS) connection deadline; default 3000. */
  connectTimeoutMs?: number;
  /**
   * Deadline of a whole card step, the cardholder's part and the reversal of an unanswered
   * purchase included; default 60000.
   */
  requestTimeoutMs?: number;
}

/** The URL without user and password, to be shown. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/** Failures that happen before a request can have left: nothing reached the card terminal. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function nothingSent(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Object && depth < 8; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || code.startsWith('ERR_TLS_'))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as { code?: unknown };
  const inner = error.cause instanceof Error ? `; ${error.cause.message}` : '';
  return `${typeof code === 'string' ? `${code} ` : ''}${error.message}${inner}`;
}

export class HttpCardTerminal implements CardTerminal {
  readonly url: string;
  readonly #base: string;
  readonly #agent: Agent;
  readonly #requestTimeoutMs: number;
  /** A status request involves no cardholder: it gets the connection deadline, not the exchange's. */
  readonly #statusTimeoutMs: number;
  /**
   * A purchase that gets no answer is reversed before the sale answers, under the same fiscal
   * lock: the reversal (no cardholder) gets the connection deadline, at most a quarter of the
   * step's, and the purchase what is left, so that the whole step ends within requestTimeoutMs.
   */
  readonly #reversalTimeoutMs: number;
  readonly #purchaseTimeoutMs: number;

  constructor(config: HttpCardTerminalConfig) {
    this.url = shownUrl(config.url);
    this.#base = config.url.replace(/\/+$/, '') + ECR_BASE_PATH;
    this.#requestTimeoutMs = config.requestTimeoutMs ?? 60_000;
    this.#statusTimeoutMs = Math.min(config.connectTimeoutMs ?? 3000, this.#requestTimeoutMs);
    this.#reversalTimeoutMs = Math.max(
      1,
      Math.min(config.connectTimeoutMs ?? 3000, Math.floor(this.#requestTimeoutMs / 4)),
    );
    this.#purchaseTimeoutMs = Math.max(1, this.#requestTimeoutMs - this.#reversalTimeoutMs);
    this.#agent = new Agent({
      connect: { timeout: config.connectTimeoutMs ?? 3000 },
      headersTimeout: this.#requestTimeoutMs,
      bodyTimeout: this.#requestTimeoutMs,
    });
  }

  purchase(r: CardPurchaseRequest): Promise<CardTransactionOutcome> {
    return this.#transaction(
      'purchase',
      r.reference,
      { reference: r.reference, amount: r.amount, currency: ECR_CURRENCY },
      this.#purchaseTimeoutMs,
    );
  }

  void(r: CardVoidRequest): Promise<CardTransactionOutcome> {
    return this.#transaction('void', r.reference, { reference: r.reference, chequeNumber: r.chequeNumber });
  }

  refund(r: CardRefundRequest): Promise<CardTransactionOutcome> {
    return this.#transaction('refund', r.reference, {
      reference: r.reference,
      rrn: r.rrn,
      amount: r.amount,
      currency: ECR_CURRENCY,
      ...(r.authCode === null ? {} : { authCode: r.authCode }),
    });
  }

  async reverse(reference: string): Promise<CardReversalOutcome> {
    const answer = await this.#exchange(
      'reversal',
      { reference },
      reversalReplySchema,
      this.#reversalTimeoutMs,
    );
    if (answer.kind === 'refused') return answer;
    if (answer.reply.reference !== reference) this.#unusable(`a reversal of ${answer.reply.reference}`);
    return { kind: answer.reply.result };
  }

  async status(): Promise<CardStatusOutcome> {
    const answer = await this.#exchange('status', null, statusReplySchema, this.#statusTimeoutMs);
    if (answer.kind === 'refused') return answer;
    return { kind: 'ready', bankTerminalId: answer.reply.terminalId };
  }

  /** Idempotent: owners may close on several paths (shutdown, error, test cleanup). */
  async close(): Promise<void> {
    if (this.#agent.closed || this.#agent.destroyed) return;
    await this.#agent.close();
  }

  async #transaction(
    operation: EcrTransactionOperation,
    reference: string,
    body: object,
    timeoutMs = this.#requestTimeoutMs,
  ): Promise<CardTransactionOutcome> {
    const answer = await this.#exchange(operation, body, transactionReplySchema, timeoutMs);
    if (answer.kind === 'refused') return answer;
    const { reply } = answer;
    if (reply.reference !== reference || reply.operation !== operation) {
      this.#unusable(`an answer to the ${reply.operation} ${reply.reference}`);
    }
    if (reply.result === 'declined') {
      return {
        kind: 'declined',
        code: reply.declineCode ?? 'DECLINED',
        reason: reply.declineReason ?? 'declined by the bank',
        bankTerminalId: reply.terminalId,
      };
    }
    if (reply.rrn === null || reply.chequeNumber === null)
      this.#unusable('an approval without RRN or cheque number');
    return {
      kind: 'approved',
      amount: reply.amount,
      rrn: reply.rrn,
      authCode: reply.authCode,
      chequeNumber: reply.chequeNumber,
      maskedPan: reply.maskedPan,
      scheme: reply.scheme,
      bankTerminalId: reply.terminalId,
    };
  }

  /**
   * One exchange (a POST of `body`, or a GET without one): a reply of the expected schema, a
   * refusal, or CardTerminalUnreachableError.
   */
  async #exchange<S extends z.ZodType>(
    operation: string,
    body: object | null,
    schema: S,
    timeoutMs = this.#requestTimeoutMs,
  ): Promise<{ kind: 'reply'; reply: z.output<S> } | CardRefusal> {
    let status: number;
    let text: string;
    try {
      const response = await request(`${this.#base}/${operation}`, {
        dispatcher: this.#agent,
        reset: true,
        signal: AbortSignal.timeout(timeoutMs),
        ...(body === null
          ? { method: 'GET', headers: { accept: 'application/json' } }
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body: JSON.stringify(body),
            }),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new CardTerminalUnreachableError(nothingSent(error) ? 'not-sent' : 'unknown', describe(error), {
        cause: error,
      });
    }
    const json = parseJson(text);
    if (status === 200) {
      const reply = schema.safeParse(json);
      if (reply.success) return { kind: 'reply', reply: reply.data };
    } else {
      const refusal = errorReplySchema.safeParse(json);
      if (refusal.success) {
        const { code, message } = refusal.data.error;
        return { kind: 'refused', code, message, deviceFault: code === 'TERMINAL_ERROR' };
      }
    }
    return this.#unusable(`HTTP ${status}: ${text.slice(0, 200)}`);
  }

  /** An answer we cannot read may still mean the transaction happened: its outcome is unknown. */
  #unusable(what: string): never {
    throw new CardTerminalUnreachableError('unknown', `unusable answer from the card terminal: ${what}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
