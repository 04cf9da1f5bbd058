/** The replies: built by the simulator, parsed and validated by the terminal. */
import { soapFaultCodeFor, type MevFaultCode } from './fault-codes.js';
import type {
  MevBatchReply,
  MevBatchResult,
  MevFaultReply,
  MevRegisteredReply,
  MevReply,
} from './messages.js';
import { batchReplySchema, describeIssues, faultReplySchema, registeredReplySchema } from './schema.js';
import { ENVELOPE_END, ENVELOPE_START, buildEnvelope, parseEnvelope, textElement } from './xml.js';

const REGISTERED_START = `${ENVELOPE_START}<soap:Body><mev:RegisterFiscalOperationResponse>`;
const REGISTERED_END = `</mev:RegisterFiscalOperationResponse></soap:Body>${ENVELOPE_END}`;

/** Written as text (textElement): the document buildEnvelope would build from the same tree. */
export function buildRegisteredReply(reply: Omit<MevRegisteredReply, 'kind'>): string {
  return (
    REGISTERED_START +
    textElement('mev:OperationId', reply.operationId) +
    textElement('mev:MevId', reply.mevId) +
    textElement('mev:FiscalCode', reply.fiscalCode) +
    textElement('mev:ServerTime', reply.serverTime) +
    REGISTERED_END
  );
}

/**
 * The fields of a registration written exactly as buildRegisteredReply writes them, each of
 * printable ASCII with nothing to unescape (no `&`, `<`, `>`) and no space for the parser to trim.
 */
const REGISTERED_FIELDS =
  /^<mev:OperationId>([!-%'-;=?-~]+)<\/mev:OperationId><mev:MevId>([!-%'-;=?-~]+)<\/mev:MevId><mev:FiscalCode>([!-%'-;=?-~]+)<\/mev:FiscalCode><mev:ServerTime>([!-%'-;=?-~]+)<\/mev:ServerTime>$/;

/**
 * A registration reply in the very form buildRegisteredReply writes (mev-sim's, every sale's),
 * read without the XML parser: its well-formedness is that of the fixed text around four plain
 * values, and the values are what the parser would give. Any other form (other prefixes,
 * spacing, entities, a fault) is null and goes through the parser.
 */
function registeredAsWritten(xml: string): unknown {
  if (!xml.startsWith(REGISTERED_START) || !xml.endsWith(REGISTERED_END)) return null;
  const fields = REGISTERED_FIELDS.exec(
    xml.slice(REGISTERED_START.length, xml.length - REGISTERED_END.length),
  );
  if (!fields) return null;
  const [, OperationId, MevId, FiscalCode, ServerTime] = fields;
  return { RegisterFiscalOperationResponse: { OperationId, MevId, FiscalCode, ServerTime } };
}

export function buildFaultReply(code: MevFaultCode, reason: string): string {
  return buildEnvelope({
    'soap:Fault': {
      faultcode: soapFaultCodeFor(code),
      faultstring: reason,
      detail: { 'mev:MevFault': { 'mev:Code': code, 'mev:Message': reason } },
    },
  });
}

/** Per operation, in request order; a fault of the whole batch is built with buildFaultReply. */
export function buildBatchReply(results: readonly MevBatchResult[]): string {
  return buildEnvelope({
    'mev:RegisterFiscalOperationBatchResponse': {
      'mev:Result': results.map((result) =>
        result.kind === 'registered'
          ? {
              'mev:Registered': {
                'mev:OperationId': result.operationId,
                'mev:MevId': result.mevId,
                'mev:FiscalCode': result.fiscalCode,
                'mev:ServerTime': result.serverTime,
              },
            }
          : {
              'mev:Refused': {
                ...(result.operationId === null ? {} : { 'mev:OperationId': result.operationId }),
                'mev:Code': result.code,
                'mev:Message': result.reason,
              },
            },
      ),
    },
  });
}

/**
 * One result of a batch as a standalone document: the reply a single RegisterFiscalOperation
 * would have had (the registration reply, or the fault). The terminal keeps it as the
 * operation's `mevResponseXml`. For a registration it is the very text the simulator stores
 * and answers to a repeated single request for that UUID.
 */
export function buildResultDocument(result: MevBatchResult): string {
  if (result.kind === 'registered') return buildRegisteredReply(result);
  return buildFaultReply(result.code, result.reason);
}

export type ParsedReply = { ok: true; reply: MevReply } | { ok: false; reason: string };
export type ParsedBatchReply = { ok: true; reply: MevBatchReply } | { ok: false; reason: string };

/**
 * Validates a reply structurally. Anything that is neither a complete success nor a fault
 * (HTML from a proxy, a truncated body, a missing element) comes back as `ok: false`.
 */
export function parseReply(xml: string): ParsedReply {
  let body = registeredAsWritten(xml);
  if (body === null) {
    const envelope = parseEnvelope(xml);
    if (!envelope) return { ok: false, reason: 'the reply is not a well-formed SOAP envelope' };
    body = envelope.body;
  }
  if (isFault(body)) return parseFault(body);
  const success = registeredReplySchema.safeParse(body);
  if (!success.success)
    return { ok: false, reason: `malformed reply: ${describeIssues(success.error.issues)}` };
  const { OperationId, MevId, FiscalCode, ServerTime } = success.data.RegisterFiscalOperationResponse;
  return {
    ok: true,
    reply: {
      kind: 'registered',
      operationId: OperationId.toLowerCase(),
      mevId: MevId,
      fiscalCode: FiscalCode,
      serverTime: ServerTime,
    },
  };
}

/**
 * Validates a batch reply structurally: a fault of the whole batch, or one result per
 * operation (registered, or refused with one of the codes about an operation). Whether the
 * results match the request (count, order, UUIDs) is for the caller, who knows the request.
 */
export function parseBatchReply(xml: string): ParsedBatchReply {
  const envelope = parseEnvelope(xml);
  if (!envelope) return { ok: false, reason: 'the reply is not a well-formed SOAP envelope' };
  const body = envelope.body;
  if (isFault(body)) return parseFault(body);
  const batch = batchReplySchema.safeParse(body);
  if (!batch.success)
    return { ok: false, reason: `malformed batch reply: ${describeIssues(batch.error.issues)}` };
  const results = batch.data.RegisterFiscalOperationBatchResponse.Result.map((result): MevBatchResult => {
    if ('Registered' in result) {
      const { OperationId, MevId, FiscalCode, ServerTime } = result.Registered;
      return {
        kind: 'registered',
        operationId: OperationId.toLowerCase(),
        mevId: MevId,
        fiscalCode: FiscalCode,
        serverTime: ServerTime,
      };
    }
    const { OperationId, Code, Message } = result.Refused;
    return { kind: 'refused', operationId: OperationId?.toLowerCase() ?? null, code: Code, reason: Message };
  });
  return { ok: true, reply: { kind: 'results', results } };
}

function isFault(body: unknown): body is { Fault: unknown } {
  return typeof body === 'object' && body !== null && 'Fault' in body;
}

function parseFault(body: {
  Fault: unknown;
}): { ok: true; reply: MevFaultReply } | { ok: false; reason: string } {
  const fault = faultReplySchema.safeParse(body);
  if (!fault.success) return { ok: false, reason: `malformed fault: ${describeIssues(fault.error.issues)}` };
  const { faultcode, faultstring, detail } = fault.data.Fault;
  return {
    ok: true,
    reply: { kind: 'fault', faultCode: detail?.MevFault.Code ?? faultcode, reason: faultstring },
  };
}
