import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';

/**
 * The fiscal code a document carries: the server's once registered, the offline code until
 * then ('' only for a document the server refused). Records keep `offlineFiscalCode` after
 * sync, so both stay visible.
 */
export function printedFiscalCode(
  op: Pick<FiscalOperationRecord, 'fiscalCode' | 'offlineFiscalCode'>,
): string {
  return op.fiscalCode ?? op.offlineFiscalCode ?? '';
}
