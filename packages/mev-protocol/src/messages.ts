/** The contract's messages as TypeScript values (see ../contract/mev.xsd and docs/mev-protocol.md). */
import type { FiscalOperationType } from '@fiscal-pos/fiscal';
import type { MevOperationFaultCode } from './fault-codes.js';

/** The wire's own list (the XSD's OperationType), held to the domain's operation types. */
export const MEV_OPERATION_TYPES = [
  'receipt',
  'refund',
  'cash_in',
  'cash_out',
  'x_report',
  'z_report',
] as const satisfies readonly FiscalOperationType[];
export type MevOperationType = (typeof MEV_OPERATION_TYPES)[number];

/** Amounts in integer minor units; the rate in basis points (20 % = 2000), null = exempt. */
export interface MevVatLine {
  code: string;
  rateBp: number | null;
  taxableBase: number;
  vatAmount: number;
  gross: number;
}

export interface MevPaymentLine {
  /** ACPS payment code ("1" cash, "2" card, "3.1", ...). */
  code: string;
  amount: number;
}

export interface MevOperation {
  registrationNumber: string;
  /** Our fiscal operation UUID: the deduplication key. */
  operationId: string;
  type: MevOperationType;
  /** Absent (null) for X and Z reports. */
  receiptNumber: number | null;
  reportNumber: number;
  totalAmount: number;
  vat: MevVatLine[];
  payments: MevPaymentLine[];
  /** ISO 8601 time the operation happened on the terminal. */
  occurredAt: string;
}

export interface MevCredentials {
  username: string;
  password: string;
}

export interface MevRegisteredReply {
  kind: 'registered';
  operationId: string;
  mevId: string;
  fiscalCode: string;
  serverTime: string;
}

export interface MevFaultReply {
  kind: 'fault';
  /** Our code from the detail element; the SOAP faultcode when a server sends no detail. */
  faultCode: string;
  reason: string;
}

export type MevReply = MevRegisteredReply | MevFaultReply;

/** Most operations one RegisterFiscalOperationBatch request may carry (the XSD's maxOccurs). */
export const MEV_BATCH_MAX_OPERATIONS = 200;

/** One operation of a batch that the server refused for itself; the batch went on after it. */
interface MevRefusedResult {
  kind: 'refused';
  /** The operation's UUID; null when the server could not read one (a malformed operation). */
  operationId: string | null;
  code: MevOperationFaultCode;
  reason: string;
}

/** The answer about one operation of a batch, at the operation's position in the request. */
export type MevBatchResult = MevRegisteredReply | MevRefusedResult;

/** A batch is answered per operation, or faulted as a whole (caller or server at fault). */
export type MevBatchReply = { kind: 'results'; results: MevBatchResult[] } | MevFaultReply;
