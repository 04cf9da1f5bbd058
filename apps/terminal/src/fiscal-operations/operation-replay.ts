import type { Replayed } from '../http/define-route.js';
import type { FiscalOperationRecord } from './operation-store.js';
import { refusalError } from './perform-fiscal-operation.js';

/**
 * The answer to a fiscal operation rebuilt from storage (an idempotent retry after a crash):
 * the refusal if the fiscal server refused it, otherwise the presented document.
 */
export function replayOperation(op: FiscalOperationRecord, present: () => unknown): Replayed {
  return op.status === 'failed' ? { ok: false, refusal: refusalError(op) } : { ok: true, data: present() };
}
