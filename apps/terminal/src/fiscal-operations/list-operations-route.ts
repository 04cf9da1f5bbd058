import { defineRoute } from '../http/define-route.js';
import {
  dateRangeQueryFields,
  defineQuery,
  oneOfQueryField,
  pageQueryFields,
  shiftQueryFields,
} from '../http/query-fields.js';
import { operationListPageSchema, operationStatusSchema, operationTypeSchema } from './operation-contract.js';
import { presentOperation } from './operation-presenter.js';
import { cursorQueryFields } from './cursor-contract.js';
import type { OperationHistory } from './operation-store.js';

export const listOperationsRoute = defineRoute<{ history: OperationHistory }>()({
  method: 'GET',
  path: '/api/fiscal/operations',
  operationId: 'listFiscalOperations',
  summary: 'List stored fiscal operations, newest first',
  tag: 'Fiscal operations',
  authenticated: true,
  body: 'envelope',
  query: defineQuery({
    ...dateRangeQueryFields,
    type: oneOfQueryField(operationTypeSchema, 'TYPE_INVALID', 'operation type; otherwise TYPE_INVALID'),
    status: oneOfQueryField(
      operationStatusSchema,
      'STATUS_INVALID',
      'operation status; otherwise STATUS_INVALID',
    ),
    ...shiftQueryFields,
    ...pageQueryFields,
    ...cursorQueryFields,
  }),
  response: operationListPageSchema,
  errors: ['VALIDATION_ERROR', 'QUERY_TIMEOUT'],
  async handler({ services, query }) {
    const page = await services.history.listOperations(query);
    const { limit, offset } = query;
    return {
      operations: page.operations.map(presentOperation),
      total: page.total,
      limit,
      offset,
      nextCursor: page.nextCursor,
    };
  },
});
