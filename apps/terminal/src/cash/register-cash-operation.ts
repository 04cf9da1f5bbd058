import { timeOrderedId } from '../storage/time-ordered-id.js';
import { formatMinor, type CashRequest } from '@fiscal-pos/fiscal';
import { DomainError } from '../domain-error.js';
import { performFiscalOperation, type FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { CashStore } from './cash-store.js';

export type CashDirection = 'cashIn' | 'cashOut';

/**
 * A cash deposit or withdrawal: a service receipt with its own number in the open Z report,
 * registered with the fiscal server like a sale. A withdrawal is checked against the drawer
 * before anything is written.
 */
export async function registerCashOperation(
  ctx: FiscalContext,
  cash: CashStore,
  direction: CashDirection,
  request: CashRequest,
  idempotencyKey: string | null,
): Promise<{ cashOperationId: string; operation: FiscalOperationRecord }> {
  const cashOperationId = timeOrderedId();
  const delta = direction === 'cashIn' ? request.amount : -request.amount;
  let newBalance = 0;
  const operation = await performFiscalOperation(ctx, {
    type: direction === 'cashIn' ? 'cash_in' : 'cash_out',
    operationId: timeOrderedId(),
    check: (state) => {
      const balance = ctx.operations.cashBalance(state.reportNumber);
      if (direction === 'cashOut' && balance < request.amount) {
        throw new DomainError(
          'INSUFFICIENT_CASH_BALANCE',
          `Cash balance ${formatMinor(balance)} MDL is lower than the requested withdrawal of ${formatMinor(request.amount)} MDL`,
        );
      }
      newBalance = balance + delta;
    },
    amounts: () => ({
      totalAmount: request.amount,
      cashDelta: delta,
      vat: [],
      payments: [{ code: '1', amount: request.amount }],
    }),
    write: (numbers) =>
      cash.insert({
        id: cashOperationId,
        fiscalOperationId: numbers.operationId,
        operationType: direction,
        amount: request.amount,
        reason: request.reason,
        newBalance,
        printReceipt: request.printReceipt,
        createdAt: numbers.createdAt,
      }),
    idempotencyKey,
    resourceKind: 'cash',
    resourceId: cashOperationId,
  });
  return { cashOperationId, operation };
}
