/**
 * The requests, built by the terminal and parsed by the simulator: RegisterFiscalOperation
 * (one operation) and RegisterFiscalOperationBatch (an ordered list of the same operation
 * elements, for the offline queue).
 */
import { formatMinor } from '@fiscal-pos/fiscal';
import { MEV_BATCH_MAX_OPERATIONS, type MevCredentials, type MevOperation } from './messages.js';
import {
  batchRequestSchema,
  describeIssues,
  registerRequestSchema,
  securityHeaderSchema,
  uuid,
} from './schema.js';
import { WSSE_NS, WSSE_PASSWORD_TEXT, buildEnvelope, parseEnvelope, type XmlTree } from './xml.js';

export function buildRegisterRequest(operation: MevOperation, credentials: MevCredentials): string {
  return buildEnvelope(
    { 'mev:RegisterFiscalOperationRequest': operationElement(operation) },
    securityHeader(credentials),
  );
}

/** The operations in the order the server must judge them; 1 to MEV_BATCH_MAX_OPERATIONS. */
export function buildBatchRequest(operations: readonly MevOperation[], credentials: MevCredentials): string {
  if (operations.length < 1 || operations.length > MEV_BATCH_MAX_OPERATIONS) {
    throw new RangeError(
      `a batch holds 1 to ${MEV_BATCH_MAX_OPERATIONS} operations, not ${operations.length}`,
    );
  }
  return buildEnvelope(
    { 'mev:RegisterFiscalOperationBatchRequest': { 'mev:Operation': operations.map(operationElement) } },
    securityHeader(credentials),
  );
}

function securityHeader(credentials: MevCredentials): XmlTree {
  return {
    'wsse:Security': {
      '@_xmlns:wsse': WSSE_NS,
      '@_soap:mustUnderstand': '1',
      'wsse:UsernameToken': {
        'wsse:Username': credentials.username,
        'wsse:Password': { '@_Type': WSSE_PASSWORD_TEXT, '#text': credentials.password },
      },
    },
  };
}

/** The fields of one operation, in the XSD's order (type mev:FiscalOperation). */
function operationElement(operation: MevOperation): XmlTree {
  return {
    'mev:RegistrationNumber': operation.registrationNumber,
    'mev:OperationId': operation.operationId,
    'mev:OperationType': operation.type,
    ...(operation.receiptNumber === null ? {} : { 'mev:ReceiptNumber': operation.receiptNumber }),
    'mev:ReportNumber': operation.reportNumber,
    'mev:Total': formatMinor(operation.totalAmount),
    'mev:VatLine': operation.vat.map((line) => ({
      'mev:Code': line.code,
      ...(line.rateBp === null ? {} : { 'mev:Rate': formatMinor(line.rateBp) }),
      'mev:TaxableBase': formatMinor(line.taxableBase),
      'mev:Vat': formatMinor(line.vatAmount),
      'mev:Gross': formatMinor(line.gross),
    })),
    'mev:Payment': operation.payments.map((line) => ({
      'mev:Code': line.code,
      'mev:Amount': formatMinor(line.amount),
    })),
    'mev:OccurredAt': operation.occurredAt,
  };
}

/** One operation of a batch as parsed: valid, or refused alone as malformed. */
export type BatchItem =
  { ok: true; operation: MevOperation } | { ok: false; operationId: string | null; reason: string };

export type ParsedMevRequest =
  | { ok: true; kind: 'single'; operation: MevOperation; credentials: MevCredentials | null }
  | { ok: true; kind: 'batch'; items: BatchItem[]; credentials: MevCredentials | null }
  | { ok: false; reason: string };

/**
 * Parses either request. `ok: false` means the request as a whole is malformed (not a SOAP
 * envelope, no known request element, a batch list that is empty or too long, a single
 * operation that fails validation). Inside a batch, each operation is validated on its own.
 */
export function parseMevRequest(xml: string): ParsedMevRequest {
  const envelope = parseEnvelope(xml);
  if (!envelope) return { ok: false, reason: 'not a well-formed SOAP envelope' };
  const body = envelope.body;
  const security = securityHeaderSchema.safeParse(envelope.header);
  const token = security.success ? security.data.Security.UsernameToken : null;
  const credentials = token ? { username: token.Username, password: token.Password } : null;
  if (typeof body === 'object' && body !== null && 'RegisterFiscalOperationRequest' in body) {
    const item = parseOperation(body.RegisterFiscalOperationRequest);
    if (!item.ok) return { ok: false, reason: item.reason };
    return { ok: true, kind: 'single', operation: item.operation, credentials };
  }
  if (typeof body === 'object' && body !== null && 'RegisterFiscalOperationBatchRequest' in body) {
    const batch = batchRequestSchema.safeParse(body.RegisterFiscalOperationBatchRequest);
    if (!batch.success) return { ok: false, reason: describeIssues(batch.error.issues) };
    return { ok: true, kind: 'batch', items: batch.data.Operation.map(parseOperation), credentials };
  }
  return {
    ok: false,
    reason: 'the body holds neither RegisterFiscalOperationRequest nor RegisterFiscalOperationBatchRequest',
  };
}

function parseOperation(element: unknown): BatchItem {
  const parsed = registerRequestSchema.safeParse(element);
  if (!parsed.success) {
    const id = uuid.safeParse((element as { OperationId?: unknown } | null)?.OperationId);
    return {
      ok: false,
      operationId: id.success ? id.data.toLowerCase() : null,
      reason: describeIssues(parsed.error.issues),
    };
  }
  const request = parsed.data;
  return {
    ok: true,
    operation: {
      registrationNumber: request.RegistrationNumber,
      operationId: request.OperationId.toLowerCase(),
      type: request.OperationType,
      receiptNumber: request.ReceiptNumber ?? null,
      reportNumber: request.ReportNumber,
      totalAmount: request.Total,
      vat: request.VatLine.map((line) => ({
        code: line.Code,
        rateBp: line.Rate ?? null,
        taxableBase: line.TaxableBase,
        vatAmount: line.Vat,
        gross: line.Gross,
      })),
      payments: request.Payment.map((line) => ({ code: line.Code, amount: line.Amount })),
      occurredAt: request.OccurredAt,
    },
  };
}
