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
import {
  ENVELOPE_END,
  ENVELOPE_START,
  WSSE_NS,
  WSSE_PASSWORD_TEXT,
  parseEnvelope,
  textElement,
} from './xml.js';

export function buildRegisterRequest(operation: MevOperation, credentials: MevCredentials): string {
  return request(
    credentials,
    `<mev:RegisterFiscalOperationRequest>${operationText(operation)}</mev:RegisterFiscalOperationRequest>`,
  );
}

/** The operations in the order the server must judge them; 1 to MEV_BATCH_MAX_OPERATIONS. */
export function buildBatchRequest(operations: readonly MevOperation[], credentials: MevCredentials): string {
  if (operations.length < 1 || operations.length > MEV_BATCH_MAX_OPERATIONS) {
    throw new RangeError(
      `a batch holds 1 to ${MEV_BATCH_MAX_OPERATIONS} operations, not ${operations.length}`,
    );
  }
  const list = operations.map((operation) => `<mev:Operation>${operationText(operation)}</mev:Operation>`);
  return request(
    credentials,
    `<mev:RegisterFiscalOperationBatchRequest>${list.join('')}</mev:RegisterFiscalOperationBatchRequest>`,
  );
}

/**
 * A request's envelope with the WS-Security header, written as text like the elements in it
 * (textElement): the document buildEnvelope would build from the same tree.
 */
function request(credentials: MevCredentials, body: string): string {
  const token =
    textElement('wsse:Username', credentials.username) +
    textElement('wsse:Password', credentials.password, ` Type="${WSSE_PASSWORD_TEXT}"`);
  const header = `<soap:Header><wsse:Security xmlns:wsse="${WSSE_NS}" soap:mustUnderstand="1"><wsse:UsernameToken>${token}</wsse:UsernameToken></wsse:Security></soap:Header>`;
  return `${ENVELOPE_START}${header}<soap:Body>${body}</soap:Body>${ENVELOPE_END}`;
}

/** The fields of one operation, in the XSD's order (type mev:FiscalOperation). */
function operationText(operation: MevOperation): string {
  const vat = operation.vat.map(
    (line) =>
      `<mev:VatLine>${textElement('mev:Code', line.code)}${
        line.rateBp === null ? '' : textElement('mev:Rate', formatMinor(line.rateBp))
      }${textElement('mev:TaxableBase', formatMinor(line.taxableBase))}${textElement(
        'mev:Vat',
        formatMinor(line.vatAmount),
      )}${textElement('mev:Gross', formatMinor(line.gross))}</mev:VatLine>`,
  );
  const payments = operation.payments.map(
    (line) =>
      `<mev:Payment>${textElement('mev:Code', line.code)}${textElement('mev:Amount', formatMinor(line.amount))}</mev:Payment>`,
  );
  return (
    textElement('mev:RegistrationNumber', operation.registrationNumber) +
    textElement('mev:OperationId', operation.operationId) +
    textElement('mev:OperationType', operation.type) +
    (operation.receiptNumber === null ? '' : textElement('mev:ReceiptNumber', operation.receiptNumber)) +
    textElement('mev:ReportNumber', operation.reportNumber) +
    textElement('mev:Total', formatMinor(operation.totalAmount)) +
    vat.join('') +
    payments.join('') +
    textElement('mev:OccurredAt', operation.occurredAt)
  );
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
