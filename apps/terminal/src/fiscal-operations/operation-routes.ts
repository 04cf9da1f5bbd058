import type { RouteKit } from '../http/route-kit.js';
import { QueryReader } from '../http/query-params.js';
import { OPERATION_STATUSES } from './operation-status.js';
import { OPERATION_TYPES } from './operation-store.js';
import type { HistoryReader } from '../storage/history-reads.js';
import { presentOperation } from './operation-presenter.js';
import type { OperationListPage } from './operation-contract.js';

export function registerOperationRoutes(kit: RouteKit, history: HistoryReader): void {
  kit.get('/api/fiscal/operations', async (request): Promise<OperationListPage> => {
    const query = new QueryReader(request.query as Record<string, unknown>);
    const { dateFrom, dateTo } = query.dateRange();
    const type = query.oneOf('type', OPERATION_TYPES, 'TYPE_INVALID');
    const status = query.oneOf('status', OPERATION_STATUSES, 'STATUS_INVALID');
    const shiftId = query.shiftId();
    const { limit, offset } = query.page();
    const cursor = query.cursor();
    query.done();
    const page = await history.read('operationsList', {
      dateFrom,
      dateTo,
      type,
      status,
      shiftId,
      limit,
      offset,
      cursor,
    });
    return {
      operations: page.operations.map(presentOperation),
      total: page.total,
      limit,
      offset,
      nextCursor: page.nextCursor,
    };
  });
}
