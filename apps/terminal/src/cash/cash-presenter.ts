import { fromMinor } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { printedFiscalCode } from '../receipts/printed-fiscal-code.js';
import type { CashResult } from './cash-contract.js';
import type { CashOperation } from './cash-store.js';

export function presentCashResult(cash: CashOperation, op: FiscalOperationRecord): CashResult {
  return {
    operationId: cash.id,
    fiscalOperationId: op.id,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    mevId: op.mevId,
    fiscalCode: printedFiscalCode(op),
    isOffline: op.isOffline,
    offlineFiscalCode: op.offlineFiscalCode,
    amount: fromMinor(cash.amount),
    newBalance: fromMinor(cash.newBalance),
    operationType: cash.operationType,
    reason: cash.reason,
    mevResponseXml: op.mevResponseXml ?? '',
    createdAt: cash.createdAt,
  };
}
