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
import type { OperationStore } from './operation-store.js';

export const listOperationsRoute = defineRoute<{ operations: OperationStore }>()({
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
  }),
  response: operationListPageSchema,
  errors: ['VALIDATION_ERROR'],
  handler({ services, query }) {
    const page = services.operations.list(query);
    const { limit, offset } = query;
    return { operations: page.operations.map(presentOperation), total: page.total, limit, offset };
  },
});
