/** The MEV SOAP contract, coded once for both the simulator and the terminal's client. */
export { formatCents, parseCents } from './money.js';
export {
  MEV_CALLER_FAULT_CODES,
  MEV_FAULT_CODES,
  MEV_OPERATION_FAULT_CODES,
  faultScopeOf,
  type MevFaultCode,
  type MevFaultScope,
  type MevOperationFaultCode,
} from './fault-codes.js';
export {
  MEV_BATCH_MAX_OPERATIONS,
  MEV_OPERATION_TYPES,
  type MevBatchReply,
  type MevBatchResult,
  type MevCredentials,
  type MevFaultReply,
  type MevOperation,
  type MevOperationType,
  type MevPaymentLine,
  type MevRefusedResult,
  type MevRegisteredReply,
  type MevReply,
  type MevVatLine,
} from './messages.js';
export {
  buildBatchRequest,
  buildRegisterRequest,
  parseMevRequest,
  type BatchItem,
  type ParsedMevRequest,
} from './request.js';
export {
  buildBatchReply,
  buildFaultReply,
  buildRegisteredReply,
  buildResultDocument,
  parseBatchReply,
  parseReply,
  type ParsedBatchReply,
  type ParsedReply,
} from './reply.js';
export { MEV_NS, SOAP_ACTION_REGISTER, SOAP_ACTION_REGISTER_BATCH } from './xml.js';

/** Path of the SOAP endpoint on the simulator (the WSDL's soap:address). */
export const MEV_SOAP_PATH = '/mev/v1/fiscal';
