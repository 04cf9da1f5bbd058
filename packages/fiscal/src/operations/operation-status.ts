/**
 * Lifecycle of a fiscal operation with the fiscal server, as a transition table.
 *
 *   pending ──send──▶ sent ──answer──▶ success | failed
 *      │               │
 *      │               └─unreachable / answer lost─▶ offline ──retry──▶ sent
 *      └──queue not empty (keep order)──▶ offline
 *
 * `failed` is a refusal by the server (SOAP fault), final. `offline` is an outage, retried.
 */
export const FISCAL_OPERATION_STATUSES = ['pending', 'sent', 'success', 'failed', 'offline'] as const;
export type FiscalOperationStatus = (typeof FISCAL_OPERATION_STATUSES)[number];

const TRANSITIONS: Readonly<Record<FiscalOperationStatus, readonly FiscalOperationStatus[]>> = {
  pending: ['sent', 'offline'],
  sent: ['success', 'failed', 'offline'],
  offline: ['sent'],
  success: [],
  failed: [],
};

export function canTransitionOperation(from: FiscalOperationStatus, to: FiscalOperationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class IllegalOperationTransitionError extends Error {
  constructor(operationId: string, from: FiscalOperationStatus, to: FiscalOperationStatus) {
    super(`Fiscal operation ${operationId} cannot move from ${from} to ${to}`);
    this.name = 'IllegalOperationTransitionError';
  }
}
