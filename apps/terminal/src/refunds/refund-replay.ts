import type { Replay } from '../http/define-route.js';
import { replayOperation } from '../fiscal-operations/operation-replay.js';
import type { SalesDeps } from '../sales/sales-deps.js';
import { presentRefundResult } from '../fiscal-documents/refund-presenter.js';

/** Rebuilds a refund's POST answer from storage: used by idempotent replays after a restart. */
export const refundReplay: Replay<SalesDeps> = {
  kind: 'refund',
  rebuild(d, refundId) {
    const refund = d.refunds.get(refundId);
    if (!refund) throw new Error(`refund ${refundId} of an idempotency record does not exist`);
    const op = d.ctx.operations.require(refund.fiscalOperationId);
    return replayOperation(op, () => presentRefundResult(refund, op, d.header().registrationNumber));
  },
};
