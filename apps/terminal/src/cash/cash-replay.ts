import type { Replay } from '../http/define-route.js';
import { replayOperation } from '../fiscal-operations/operation-replay.js';
import { loadCash, type CashDeps } from './cash-deps.js';
import { presentCashResult } from './cash-presenter.js';

/** Rebuilds a cash operation's POST answer from storage: used by idempotent replays after a restart. */
export const cashReplay: Replay<CashDeps> = {
  kind: 'cash',
  rebuild(d, id) {
    const { cash, op } = loadCash(d, id);
    return replayOperation(op, () => presentCashResult(cash, op));
  },
};
