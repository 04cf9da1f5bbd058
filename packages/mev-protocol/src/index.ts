/**
 * @fiscal-pos/mev-protocol: the MEV SOAP contract (WSDL, XSD, messages, codec, fault codes),
 * coded once for the terminal's client and for mev-sim, its second implementation.
 */
export { MEV_SOAP_PATH, MEV_WSDL_URL, MEV_XSD_URL } from './contract.js';
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
