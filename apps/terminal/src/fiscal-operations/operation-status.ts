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
export const OPERATION_STATUSES = ['pending', 'sent', 'success', 'failed', 'offline'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

const TRANSITIONS: Readonly<Record<OperationStatus, readonly OperationStatus[]>> = {
  pending: ['sent', 'offline'],
  sent: ['success', 'failed', 'offline'],
  offline: ['sent'],
  success: [],
  failed: [],
};

export function canTransition(from: OperationStatus, to: OperationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class IllegalTransitionError extends Error {
  constructor(operationId: string, from: OperationStatus, to: OperationStatus) {
    super(`Fiscal operation ${operationId} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** Statuses of operations the fiscal server has not confirmed yet, in the order they must go. */
export const UNSYNCED_STATUSES: readonly OperationStatus[] = ['pending', 'sent', 'offline'];

export function isOperationStatus(value: string): value is OperationStatus {
  return (OPERATION_STATUSES as readonly string[]).includes(value);
}
