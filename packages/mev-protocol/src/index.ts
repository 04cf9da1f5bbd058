/**
 * @fiscal-pos/mev-protocol: the MEV SOAP contract (WSDL, XSD, messages, codec, fault codes),
 * coded once for the terminal's client and for mev-sim, its second implementation.
 */
export { MEV_SOAP_PATH, MEV_WSDL_URL, MEV_XSD_URL } from './contract.js';
export {
  MEV_FAULT_CODES,
  MEV_OPERATION_FAULT_CODES,
  faultScopeOf,
  type MevFaultCode,
  type MevFaultScope,
  type MevOperationFaultCode,
} from './fault-codes.js';
export {
  MEV_BATCH_MAX_OPERATIONS,
  type MevBatchReply,
  type MevBatchResult,
  type MevOperation,
  type MevOperationType,
  type MevPaymentLine,
  type MevRegisteredReply,
  type MevVatLine,
} from './messages.js';
export { buildBatchRequest, buildRegisterRequest, parseMevRequest, type BatchItem } from './request.js';
export {
  buildBatchReply,
  buildFaultReply,
  buildRegisteredReply,
  buildResultDocument,
  parseBatchReply,
  parseReply,
} from './reply.js';
export { SOAP_ACTION_REGISTER, SOAP_ACTION_REGISTER_BATCH } from './xml.js';
