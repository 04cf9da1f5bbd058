/**
 * The tax authority's fiscal server (MEV) as the terminal sees it.
 *
 * Two kinds of "not registered" are kept apart on purpose:
 * - the server answered and said no (SOAP fault): a domain outcome, `{ kind: 'rejected' }`;
 *   the operation is `failed` and the caller gets 502 MEV_ERROR;
 * - the server could not be reached (refused, DNS, TLS handshake, timeout): a failure,
 *   thrown as `MevUnreachableError`; the operation goes to the offline queue and is retried.
 */
import type { FiscalOperationType, PaymentLine, VatLine } from '@fiscal-pos/fiscal';

export interface FiscalRegistrationRequest {
  /** Our fiscal operation UUID: the server deduplicates on it, so a retry is always safe. */
  operationId: string;
  type: FiscalOperationType;
  /** Receipt number within the current Z report; null for X/Z reports. */
  receiptNumber: number | null;
  reportNumber: number;
  /** Total of the operation in minor units (sale total, cash amount, report daily total). */
  totalAmount: number;
  vat: VatLine[];
  payments: PaymentLine[];
  /** ISO 8601 UTC time the operation happened on the terminal (not the time it was sent). */
  occurredAt: string;
}

interface FiscalRegistration {
  kind: 'registered';
  mevId: string;
  fiscalCode: string;
  serverTime: string;
  responseXml: string;
}

export interface FiscalRejection {
  kind: 'rejected';
  faultCode: string;
  reason: string;
  responseXml: string;
}

export type RegistrationOutcome = FiscalRegistration | FiscalRejection;

export type UnreachableCause = 'refused' | 'dns' | 'tls' | 'timeout' | 'network' | 'http';

/** The server could not be reached or gave no usable answer; the operation is kept offline. */
export class MevUnreachableError extends Error {
  constructor(
    readonly failure: UnreachableCause,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MevUnreachableError';
  }
}

/**
 * The answer to a batch: one outcome per operation, in the order they were sent (a refusal
 * in the list is about that operation only), or a fault of the whole batch (the terminal or
 * the server is at fault: certificate, credentials, simulated fault; nothing was registered).
 */
export type BatchRegistrationOutcome =
  { kind: 'answered'; outcomes: RegistrationOutcome[] } | FiscalRejection;

export interface FiscalServer {
  /** Registers one operation. Resolves with the server's answer; throws MevUnreachableError on outage. */
  register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome>;
  /**
   * Registers up to MEV_BATCH_MAX_OPERATIONS operations in one request, judged in list order
   * as if sent one by one. Throws MevUnreachableError on outage or on an answer that does not
   * match the request (count, order, UUIDs): the whole batch may be resent, deduplicated.
   */
  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome>;
  close(): Promise<void>;
}
