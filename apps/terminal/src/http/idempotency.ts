import { createHash } from 'node:crypto';
import { canonicalJson } from '@fiscal-pos/fiscal';
import type { Clock } from '../clock.js';
import { DomainError } from '../domain-error.js';
import type { IdempotencyStore } from '../storage/idempotency-store.js';
import { isStorageFailure } from '../storage/storage-failure.js';

/** What a route answers: the HTTP status and the body (an envelope). */
export interface RouteResult {
  statusCode: number;
  body: unknown;
  /** Retry-After of a refusal that holds only for now; never part of a stored answer. */
  retryAfterSeconds?: number | null;
}

/** Rebuilds the answer of an operation from storage, for a retry after a crash. */
export type ResourceReplay = (resourceId: string) => RouteResult;

/** Keys are opaque: 1-255 printable ASCII characters (a UUID is typical). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Idempotency keys are kept this long: the promise to clients is at least 24 hours (the spec leaves it open). */
const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

/** The same payload means the same method, route and JSON value (key order and spacing aside). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** A refusal whose request is to be sent again with the same key: never kept as the key's answer. */
function asksForRetry(result: RouteResult): boolean {
  return (result.body as { error?: { code?: string } | null }).error?.code === 'STORAGE_UNAVAILABLE';
}

/**
 * Idempotency-Key handling for POSTs:
 * - same key, same payload: the stored answer, marked replayed;
 * - same key, other payload: 409 IDEMPOTENCY_KEY_REUSE_MISMATCH;
 * - same key while the first request still runs: waits for it and gets its answer;
 * - after a crash: if the first request had written its operation, that operation is answered;
 *   if it had written nothing, the request runs again.
 * Answers are kept only when the request did something (a 2xx, or an operation was written);
 * a refusal that wrote nothing (validation, busy, insufficient cash) can be retried with the key.
 */
export class Idempotency {
  private readonly inflight = new Map<string, Promise<RouteResult>>();

  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
    private readonly replays: ReadonlyMap<string, ResourceReplay>,
    /**
     * Records what the process holds about stored resources but could not write yet (the fiscal
     * server's answers the disk refused), before an answer is rebuilt from storage: else the
     * retry would be answered from what the file says now and keep that answer under its key.
     */
    private readonly beforeReplay: () => void = () => undefined,
  ) {}

  /**
   * `fingerprint` is asked for only when the request has a key: a request without one (most
   * sales) does not pay for the canonical JSON of its body.
   */
  async execute(
    key: string | undefined,
    fingerprintOf: () => string,
    run: () => Promise<RouteResult>,
  ): Promise<{ result: RouteResult; replayed: boolean }> {
    if (key === undefined) return { result: await run(), replayed: false };
    if (!KEY_PATTERN.test(key)) {
      throw new DomainError('VALIDATION_ERROR', 'Idempotency-Key must be 1-255 printable ASCII characters', [
        {
          field: 'Idempotency-Key',
          code: 'IDEMPOTENCY_KEY_INVALID',
          message: 'must be 1-255 printable ASCII characters',
        },
      ]);
    }
    const fingerprint = fingerprintOf();
    const existing = this.store.get(key);
    if (existing) {
      if (existing.requestHash !== fingerprint) {
        throw new DomainError(
          'IDEMPOTENCY_KEY_REUSE_MISMATCH',
          'This Idempotency-Key was already used with a different request payload',
        );
      }
      if (existing.state === 'completed' && existing.statusCode !== null && existing.responseBody !== null) {
        return {
          result: { statusCode: existing.statusCode, body: JSON.parse(existing.responseBody) },
          replayed: true,
        };
      }
      const running = this.inflight.get(key);
      if (running) return { result: await running, replayed: true };
      // Left `processing` by a previous run of the process.
      if (existing.resourceKind !== null && existing.resourceId !== null) {
        const replay = this.replays.get(existing.resourceKind);
        if (replay) {
          this.beforeReplay();
          const result = replay(existing.resourceId);
          this.store.complete(existing, result.statusCode, JSON.stringify(result.body));
          return { result, replayed: true };
        }
      }
      this.store.release(key);
    }
    this.store.claim(key, fingerprint, this.clock.now().toISOString());
    const execution = run();
    this.inflight.set(key, execution);
    try {
      const result = await execution;
      this.#settle(key, result);
      return { result, replayed: false };
    } finally {
      this.inflight.delete(key);
    }
  }

  /**
   * Keeps the answer, or frees the key of a refusal that wrote nothing. The answer goes out even
   * when the disk refuses this write: what it answers is committed (and linked to the key, so a
   * retry rebuilds it), and a claim left behind is released by the next request with the key.
   * A refusal that asks for a retry with the key (STORAGE_UNAVAILABLE: the disk refused the
   * record of the fiscal server's answer after the document was written) is not kept: the retry
   * rebuilds the document linked to the key.
   */
  #settle(key: string, result: RouteResult): void {
    try {
      const record = this.store.get(key);
      if (!record) throw new Error(`Idempotency-Key ${key} was not claimed`);
      if (result.statusCode < 300 || (record.resourceId && !asksForRetry(result))) {
        this.store.keepAnswer(record, result.statusCode, JSON.stringify(result.body));
      } else if (!record.resourceId) {
        this.store.release(key);
      }
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
    }
  }

  prune(): number {
    return this.store.prune(new Date(this.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString());
  }
}
