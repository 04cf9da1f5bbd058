// The life of one delivery, as a table: which outcome of an attempt leads where.
import type { WebhookConfig } from '../config.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** Allowed status changes; `succeeded`/`failed` -> `pending` is a manual redelivery. */
const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  pending: ['pending', 'succeeded', 'failed'],
  succeeded: ['pending'],
  failed: ['pending'],
};

/** What one HTTP attempt came to. Redirects count as failures: we never follow them. */
export type AttemptOutcome =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'gone'; statusCode: 410 }
  | { kind: 'rejected'; statusCode: number }
  | { kind: 'unreachable'; error: string };

export function classifyStatus(statusCode: number): AttemptOutcome {
  if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered', statusCode };
  if (statusCode === 410) return { kind: 'gone', statusCode };
  return { kind: 'rejected', statusCode };
}

export type NextStep =
  | { status: 'succeeded' }
  | { status: 'pending'; retryInMs: number }
  | { status: 'failed'; disableEndpoint: 'gone' | null };

/** Where a delivery goes after an attempt, given how many attempts it has now had. */
export function nextStep(
  outcome: AttemptOutcome,
  attempts: number,
  config: WebhookConfig,
  random: () => number,
): NextStep {
  switch (outcome.kind) {
    case 'delivered':
      return { status: 'succeeded' };
    case 'gone':
      return { status: 'failed', disableEndpoint: 'gone' };
    case 'rejected':
    case 'unreachable': {
      const delay = config.retryScheduleMs[attempts - 1];
      if (delay === undefined) return { status: 'failed', disableEndpoint: null };
      // ±20 % jitter spreads retries of many deliveries that failed together.
      return { status: 'pending', retryInMs: Math.round(delay * (0.8 + 0.4 * random())) };
    }
  }
}

export function assertTransition(from: DeliveryStatus, to: DeliveryStatus): void {
  if (!DELIVERY_TRANSITIONS[from].includes(to)) throw new Error(`delivery cannot go from ${from} to ${to}`);
}
