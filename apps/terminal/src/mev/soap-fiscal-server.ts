/**
 * The terminal's SOAP client for MEV: HTTPS with the terminal's client certificate (mutual
 * TLS), the WS-Security credentials in the header, and deadlines that keep the cashier
 * waiting at most `requestTimeoutMs` in total.
 *
 * Outcomes (see docs/mev-protocol.md, "Which failure leads where"):
 * - a success reply for this operation -> `registered`;
 * - a SOAP fault -> `rejected` with the fault's code and reason (the server said no);
 * - no connection, TLS failure, timeout, reset -> MevUnreachableError;
 * - an answer that is neither a valid reply nor a fault (HTML from a proxy, a cut body, a
 *   missing element, a reply for another operation) -> MevUnreachableError('http'): the
 *   operation may well have been registered, so it must be retried, and the server's
 *   deduplication by operation UUID makes the retry return the first answer.
 *
 * A batch (the offline queue) follows the same rules for the request as a whole; its answer
 * must hold one result per operation, in order, each for the UUID sent at its position, or it
 * is unusable. Each operation's `responseXml` is the standalone single-operation document
 * rebuilt from its result (see buildResultDocument), not the whole batch reply.
 */
import { Agent, request } from 'undici';
import {
  SOAP_ACTION_REGISTER,
  SOAP_ACTION_REGISTER_BATCH,
  buildBatchRequest,
  buildRegisterRequest,
  buildResultDocument,
  parseBatchReply,
  parseReply,
  type MevBatchResult,
} from '@fiscal-pos/mev-protocol';
import { classifyFailure } from './classify-failure.js';
import {
  MevUnreachableError,
  type BatchRegistrationOutcome,
  type FiscalRegistrationRequest,
  type FiscalServer,
  type RegistrationOutcome,
} from './fiscal-server.js';

export interface SoapFiscalServerConfig {
  /** The SOAP endpoint, e.g. https://127.0.0.1:8443/mev/v1/fiscal */
  url: string;
  registrationNumber: string;
  credentials: { username: string; password: string };
  clientCertPem: string;
  clientKeyPem: string;
  /** The CA that signed the server's certificate (the simulator's development CA). */
  caCertPem: string;
  /** TCP + TLS handshake deadline; default 3000. */
  connectTimeoutMs?: number;
  /** Deadline of the whole exchange, connection included; default 5000. */
  requestTimeoutMs?: number;
}

export class SoapFiscalServer implements FiscalServer {
  readonly #config: SoapFiscalServerConfig;
  readonly #agent: Agent;
  readonly #requestTimeoutMs: number;

  constructor(config: SoapFiscalServerConfig) {
    this.#config = config;
    this.#requestTimeoutMs = config.requestTimeoutMs ?? 5000;
    this.#agent = new Agent({
      connect: {
        cert: config.clientCertPem,
        key: config.clientKeyPem,
        ca: config.caCertPem,
        timeout: config.connectTimeoutMs ?? 3000,
      },
      headersTimeout: this.#requestTimeoutMs,
      bodyTimeout: this.#requestTimeoutMs,
    });
  }

  async register(operation: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    const body = buildRegisterRequest(
      { ...operation, registrationNumber: this.#config.registrationNumber },
      this.#config.credentials,
    );
    const { status, text } = await this.#post(body, SOAP_ACTION_REGISTER);
    const parsed = parseReply(text);
    if (!parsed.ok)
      throw new MevUnreachableError('http', `unusable answer (HTTP ${status}): ${parsed.reason}`);
    const reply = parsed.reply;
    if (reply.kind === 'fault') {
      return { kind: 'rejected', faultCode: reply.faultCode, reason: reply.reason, responseXml: text };
    }
    if (status !== 200) throw new MevUnreachableError('http', `success reply with HTTP status ${status}`);
    if (reply.operationId !== operation.operationId.toLowerCase()) {
      throw new MevUnreachableError(
        'http',
        `the reply is for operation ${reply.operationId}, not ${operation.operationId}`,
      );
    }
    return {
      kind: 'registered',
      mevId: reply.mevId,
      fiscalCode: reply.fiscalCode,
      serverTime: reply.serverTime,
      responseXml: text,
    };
  }

  async registerBatch(operations: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    const body = buildBatchRequest(
      operations.map((operation) => ({ ...operation, registrationNumber: this.#config.registrationNumber })),
      this.#config.credentials,
    );
    const { status, text } = await this.#post(body, SOAP_ACTION_REGISTER_BATCH);
    const parsed = parseBatchReply(text);
    if (!parsed.ok)
      throw new MevUnreachableError('http', `unusable answer (HTTP ${status}): ${parsed.reason}`);
    const reply = parsed.reply;
    if (reply.kind === 'fault') {
      return { kind: 'rejected', faultCode: reply.faultCode, reason: reply.reason, responseXml: text };
    }
    if (status !== 200) throw new MevUnreachableError('http', `batch reply with HTTP status ${status}`);
    if (reply.results.length !== operations.length) {
      throw new MevUnreachableError(
        'http',
        `the batch reply holds ${reply.results.length} results for ${operations.length} operations`,
      );
    }
    return {
      kind: 'answered',
      outcomes: reply.results.map((result, index) => toOutcome(result, operations[index]!.operationId)),
    };
  }

  /** Idempotent: owners may close on several paths (shutdown, error, test cleanup). */
  async close(): Promise<void> {
    if (this.#agent.closed || this.#agent.destroyed) return;
    await this.#agent.close();
  }

  async #post(body: string, soapAction: string): Promise<{ status: number; text: string }> {
    // AbortSignal.timeout's timer cannot be cleared: every request's fired after the answer,
    // building a DOMException with its stack each time (a sale's CPU, spent seconds later).
    // The same reason, cleared once the answer is read.
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      this.#requestTimeoutMs,
    );
    try {
      const response = await request(this.#config.url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction}"` },
        body,
        signal: timeout.signal,
      });
      return { status: response.statusCode, text: await response.body.text() };
    } catch (error) {
      const cause = classifyFailure(error);
      throw new MevUnreachableError(cause, `MEV unreachable (${cause}): ${describe(error)}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A result must be about the operation sent at its position; a refusal may lack a readable UUID. */
function toOutcome(result: MevBatchResult, operationId: string): RegistrationOutcome {
  const expected = operationId.toLowerCase();
  if (result.operationId !== null && result.operationId !== expected) {
    throw new MevUnreachableError(
      'http',
      `the batch reply answers operation ${result.operationId} where ${expected} was sent`,
    );
  }
  const responseXml = buildResultDocument(result);
  if (result.kind === 'registered') {
    const { mevId, fiscalCode, serverTime } = result;
    return { kind: 'registered', mevId, fiscalCode, serverTime, responseXml };
  }
  return { kind: 'rejected', faultCode: result.code, reason: result.reason, responseXml };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const inner = error.cause instanceof Error ? `; ${error.cause.message}` : '';
  return `${code ? `${code} ` : ''}${error.message}${inner}`;
}
