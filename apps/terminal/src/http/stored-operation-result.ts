import type { Clock } from '../clock.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { refusalError } from '../fiscal-operations/perform-fiscal-operation.js';
import { successEnvelope } from './envelope.js';
import { renderError } from './error-rendering.js';
import type { RouteResult } from './idempotency.js';

/**
 * The answer to a fiscal operation rebuilt from storage (an idempotent retry after a crash):
 * the refusal if the fiscal server refused it, otherwise the presented document.
 */
export function storedOperationResult(
  op: FiscalOperationRecord,
  clock: Clock,
  present: () => unknown,
): RouteResult {
  const now = clock.now();
  if (op.status === 'failed') return renderError(refusalError(op), now);
  return { statusCode: 200, body: successEnvelope(present(), now) };
}
