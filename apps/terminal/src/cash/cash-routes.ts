import { fromMinor, parseCashRequest } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { storedOperationResult } from '../http/stored-operation-result.js';
import type { ResourcePresenter } from '../http/idempotency.js';
import type { RouteKit } from '../http/route-kit.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { ReceiptPrinter } from '../printing/receipt-printer.js';
import { cashReceipt, type ReceiptHeader } from '../receipts/document-layouts.js';
import { printedFiscalCode } from '../receipts/printed-fiscal-code.js';
import type { CashResult } from './cash-contract.js';
import type { CashOperation, CashStore } from './cash-store.js';
import { registerCashOperation, type CashDirection } from './register-cash-operation.js';

export interface CashDeps {
  ctx: FiscalContext;
  cash: CashStore;
  printer: ReceiptPrinter;
  header: () => ReceiptHeader;
  logger: Logger;
}

function presentCashResult(cash: CashOperation, op: FiscalOperationRecord): CashResult {
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

function loadCash(d: CashDeps, id: string) {
  const cash = d.cash.get(id);
  if (!cash) throw new Error(`Cash operation ${id} does not exist`);
  return { cash, op: d.ctx.operations.require(cash.fiscalOperationId) };
}

export function cashPresenter(d: CashDeps): ResourcePresenter {
  return (id) => {
    const { cash, op } = loadCash(d, id);
    return storedOperationResult(op, d.ctx.clock, () => presentCashResult(cash, op));
  };
}

export function registerCashRoutes(kit: RouteKit, d: CashDeps): void {
  const route =
    (direction: CashDirection) => async (request: { body: unknown; idempotencyKey: string | null }) => {
      const parsed = parseCashRequest(request.body);
      if (!parsed.ok) throw ApiError.validation(parsed.issues);
      const { cashOperationId } = await registerCashOperation(
        d.ctx,
        d.cash,
        direction,
        parsed.value,
        request.idempotencyKey,
      );
      const { cash, op } = loadCash(d, cashOperationId);
      if (cash.printReceipt && d.printer.available) {
        d.printer
          .print(cashReceipt(d.header(), op, direction, cash.amount, cash.reason, cash.newBalance))
          .catch((error: unknown) =>
            d.logger.error({ err: error, cashOperationId }, 'service receipt printing failed'),
          );
      }
      return presentCashResult(cash, op);
    };
  kit.post('/api/cash/in', route('cashIn'));
  kit.post('/api/cash/out', route('cashOut'));
}
