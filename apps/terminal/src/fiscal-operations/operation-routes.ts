import { FISCAL_OPERATION_STATUSES, FISCAL_OPERATION_TYPES } from '@fiscal-pos/fiscal';
import type { RouteKit } from '../http/route-kit.js';
import { QueryReader } from '../http/query-params.js';
import type { OperationStore } from './operation-store.js';
import { presentOperation } from './operation-presenter.js';
import type { OperationListPage } from './operation-contract.js';

export function registerOperationRoutes(kit: RouteKit, operations: OperationStore): void {
  kit.get('/api/fiscal/operations', (request): OperationListPage => {
    const query = new QueryReader(request.query as Record<string, unknown>);
    const { dateFrom, dateTo } = query.dateRange();
    const type = query.oneOf('type', FISCAL_OPERATION_TYPES, 'TYPE_INVALID');
    const status = query.oneOf('status', FISCAL_OPERATION_STATUSES, 'STATUS_INVALID');
    const shiftId = query.shiftId();
    const { limit, offset } = query.page();
    query.done();
    const page = operations.list({ dateFrom, dateTo, type, status, shiftId, limit, offset });
    return { operations: page.operations.map(presentOperation), total: page.total, limit, offset };
  });
}
