import type { Replay } from '../http/define-route.js';
import { loadLot, type LotDeps } from './lot-deps.js';
import { presentLot } from './lot-presenter.js';

/**
 * Rebuilds the answer of a lot's POST (creation or cancel) from storage after a restart: both
 * answer the lot as it is.
 */
export const lotReplay: Replay<LotDeps> = {
  kind: 'delivery-lot',
  rebuild(d, lotId) {
    return { ok: true, data: presentLot(loadLot(d, lotId), d.lotSecret(), d.clock.now()) };
  },
};
