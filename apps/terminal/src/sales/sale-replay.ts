import type { Replay } from '../http/define-route.js';
import { replayOperation } from '../fiscal-operations/operation-replay.js';
import { presentSaleResult } from '../fiscal-documents/sale-presenter.js';
import { loadSale, type SalesDeps } from './sales-deps.js';

/** Rebuilds a sale's POST answer from storage: used by idempotent replays after a restart. */
export const saleReplay: Replay<SalesDeps> = {
  kind: 'sale',
  rebuild(d, saleId) {
    const { sale, op } = loadSale(d, saleId);
    return replayOperation(op, () => presentSaleResult(sale, op, d.header().registrationNumber));
  },
};
