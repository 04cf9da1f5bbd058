/**
 * When and how long the clients wait before trying a request again. One policy for both
 * clients: capped exponential backoff with full jitter (so many ERPs refused together do not
 * come back together), and a server's Retry-After obeyed when it says more.
 */
export interface RetryPolicy {
  /** Attempts after the first; 0 turns retrying off. */
  retries: number;
  /** The first backoff, doubled each attempt. */
  baseDelayMs: number;
  /** No single wait is longer than this, Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 4, baseDelayMs: 200, maxDelayMs: 30_000 };

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before attempt `attempt` (1 = the first retry). */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: number | null,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.floor(random() * ceiling);
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfter ?? 0));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
