/** The closed list of codes the simulator puts in a fault's detail (`mev:MevFault/mev:Code`). */
export const MEV_FAULT_CODES = [
  'MALFORMED_REQUEST',
  'CLIENT_CERTIFICATE_REQUIRED',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_EXPIRED',
  'INVALID_CREDENTIALS',
  'REGISTRATION_MISMATCH',
  'DUPLICATE_CONFLICT',
  'RECEIPT_NUMBER_BACKWARDS',
  'REPORT_NUMBER_MISMATCH',
  'SIMULATED_FAULT',
] as const;

export type MevFaultCode = (typeof MEV_FAULT_CODES)[number];

/**
 * The codes that judge one operation rather than the caller or the server. Only these may
 * appear as the result of one operation inside a batch reply: a batch goes on after such a
 * refusal (the next operations are judged on their own), whereas a problem of the caller or
 * of the server faults the whole batch. The terminal fails an operation refused with one of
 * these and keeps it queued on any other code.
 */
export const MEV_OPERATION_FAULT_CODES = [
  'MALFORMED_REQUEST',
  'DUPLICATE_CONFLICT',
  'RECEIPT_NUMBER_BACKWARDS',
  'REPORT_NUMBER_MISMATCH',
] as const satisfies readonly MevFaultCode[];

export type MevOperationFaultCode = (typeof MEV_OPERATION_FAULT_CODES)[number];

/**
 * The codes about the calling terminal itself (its certificate, credentials or registration
 * number): every request of that terminal gets the same answer until someone fixes the
 * terminal, whatever operations it carries. The remaining codes that are neither about an
 * operation nor about the caller (SIMULATED_FAULT, and any code a real server adds) are about
 * the server.
 */
const MEV_CALLER_FAULT_CODES = [
  'CLIENT_CERTIFICATE_REQUIRED',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_EXPIRED',
  'INVALID_CREDENTIALS',
  'REGISTRATION_MISMATCH',
] as const satisfies readonly MevFaultCode[];

export type MevFaultScope = 'operation' | 'caller' | 'server';

/** Whom a fault code is about; a code this contract does not know is about the server. */
export function faultScopeOf(code: string): MevFaultScope {
  if ((MEV_OPERATION_FAULT_CODES as readonly string[]).includes(code)) return 'operation';
  if ((MEV_CALLER_FAULT_CODES as readonly string[]).includes(code)) return 'caller';
  return 'server';
}

/** SOAP 1.1 says whose fault it is: the sender's request (Client) or the server itself (Server). */
export function soapFaultCodeFor(code: MevFaultCode): 'soap:Client' | 'soap:Server' {
  switch (code) {
    case 'SIMULATED_FAULT':
      return 'soap:Server';
    case 'MALFORMED_REQUEST':
    case 'CLIENT_CERTIFICATE_REQUIRED':
    case 'CERTIFICATE_INVALID':
    case 'CERTIFICATE_EXPIRED':
    case 'INVALID_CREDENTIALS':
    case 'REGISTRATION_MISMATCH':
    case 'DUPLICATE_CONFLICT':
    case 'RECEIPT_NUMBER_BACKWARDS':
    case 'REPORT_NUMBER_MISMATCH':
      return 'soap:Client';
  }
}
