import { cashRequestSchema, parseCashRequest } from '@fiscal-pos/fiscal';
import {
  defineRoute,
  FISCAL_OPERATION_ERRORS,
  TURNOVER_LIMIT_ERRORS,
  type Route,
} from '../http/define-route.js';
import { cashReceipt } from '../receipts/document-layouts.js';
import { cashResultSchema } from './cash-contract.js';
import { loadCash, type CashDeps } from './cash-deps.js';
import { presentCashResult } from './cash-presenter.js';
import { cashReplay } from './cash-replay.js';
import { registerCashOperation, type CashDirection } from './register-cash-operation.js';

/** POST /api/cash/in and /api/cash/out: one service receipt each, the same but for the balance check. */
function cashRoute(direction: CashDirection): Route<CashDeps> {
  const inward = direction === 'cashIn';
  return defineRoute<CashDeps>()({
    method: 'POST',
    path: `/api/cash/${inward ? 'in' : 'out'}`,
    operationId: direction,
    summary: inward ? 'Cash deposit (service receipt)' : 'Cash withdrawal (service receipt)',
    ...(inward
      ? {}
      : {
          description:
            'The balance is checked first: 409 INSUFFICIENT_CASH_BALANCE when it is lower than amount.',
        }),
    tag: 'Cash',
    authenticated: true,
    body: 'envelope',
    request: { schema: cashRequestSchema, parse: parseCashRequest },
    response: cashResultSchema,
    errors: [
      ...FISCAL_OPERATION_ERRORS,
      ...TURNOVER_LIMIT_ERRORS,
      'FISCAL_DAY_EXPIRED',
      ...(inward ? [] : (['INSUFFICIENT_CASH_BALANCE'] as const)),
    ],
    replay: cashReplay,
    async handler({ services: d, body, idempotencyKey }) {
      const { cashOperationId } = await registerCashOperation(d.ctx, d.cash, direction, body, idempotencyKey);
      const { cash, op } = loadCash(d, cashOperationId);
      if (cash.printReceipt) {
        d.printQueue.enqueue(
          cashReceipt(d.header(), op, direction, cash.amount, cash.reason, cash.newBalance),
          `${direction} ${cashOperationId}`,
        );
      }
      return presentCashResult(cash, op);
    },
  });
}

export const cashInRoute = cashRoute('cashIn');
export const cashOutRoute = cashRoute('cashOut');
