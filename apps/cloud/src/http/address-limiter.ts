// Requests per client address, counted before authentication: refusals (401, 403, 404, made-up
// keys) are limited as well as answers. In memory, per process, so a flood of refusals costs
// no database statement; the shared per-key limit (rate-limit-store.ts) applies after
// authentication. Fixed windows opened by an address's first request, timed by the injected
// clock.
import type { FastifyReply } from 'fastify';
import type { Clock } from '../clock.js';
import { ProblemError } from './problem.js';

interface Window {
  startedAt: number;
  hits: number;
}

export type AddressVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class AddressLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: { max: number; windowMs: number; clock: Clock; maxAddresses?: number },
  ) {}

  count(address: string): AddressVerdict {
    const now = this.options.clock.now().getTime();
    let window = this.windows.get(address);
    if (!window || now - window.startedAt >= this.options.windowMs) {
      this.forgetClosedWindows(now);
      window = { startedAt: now, hits: 0 };
      this.windows.set(address, window);
    }
    window.hits++;
    if (window.hits <= this.options.max) return { allowed: true };
    const leftMs = window.startedAt + this.options.windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }

  /** Bounds memory under a flood from many addresses: closed windows go, then the oldest. */
  private forgetClosedWindows(now: number): void {
    const limit = this.options.maxAddresses ?? 100_000;
    if (this.windows.size < limit) return;
    for (const [address, window] of this.windows)
      if (now - window.startedAt >= this.options.windowMs) this.windows.delete(address);
    while (this.windows.size >= limit) this.windows.delete(this.windows.keys().next().value!);
  }
}

/** Counts one request of the address; over the limit, 429 rate_limited with Retry-After. */
export function countOrRefuse(
  limiter: AddressLimiter,
  address: string,
  reply: FastifyReply,
  detail: string,
): void {
  const verdict = limiter.count(address);
  if (verdict.allowed) return;
  void reply.header('retry-after', String(verdict.retryAfterSeconds));
  throw new ProblemError('rate_limited', detail);
}
