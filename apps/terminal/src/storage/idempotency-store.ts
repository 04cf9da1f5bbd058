import { lazyTransaction, type Db } from './database.js';

/**
 * What an Idempotency-Key can be linked to, so that a retry after a crash rebuilds the answer
 * from it: each kind has its replay, declared with the routes that write it.
 */
export type ResourceKind = 'sale' | 'refund' | 'cash' | 'x-report' | 'z-report' | 'shift' | 'delivery-lot';

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  state: 'processing' | 'completed';
  statusCode: number | null;
  responseBody: string | null;
  resourceKind: string | null;
  resourceId: string | null;
  createdAt: string;
}

interface Row {
  key: string;
  request_hash: string;
  state: 'processing' | 'completed';
  status_code: number | null;
  response_body: string | null;
  resource_kind: string | null;
  resource_id: string | null;
  created_at: string;
}

/** A claim not written yet: its row is written with the first write that needs it. */
interface Claim {
  requestHash: string;
  createdAt: string;
}

/**
 * Idempotency-Key records, in the fiscal database so they share its transactions.
 *
 * A claim is held in memory (one process owns the file, process-lock.ts) and written with the
 * operation it leads to: `link` inserts the key's row inside the operation's durable commit, so
 * a sale writes no commit of its own for its claim, and a refusal that wrote nothing writes
 * nothing for its key either. A claim lost with the process had no operation behind it, so the
 * retry runs again, as it did when the claim was a row of its own.
 *
 * Answers and releases are written without an fsync of their own: losing them to a power cut
 * is recoverable. A lost answer is rebuilt from the operation that the durable commit linked;
 * a lost release only makes a retry run.
 */
export class IdempotencyStore {
  readonly #claims = new Map<string, Claim>();

  constructor(private readonly db: Db) {}

  get(key: string): IdempotencyRecord | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM idempotency_keys WHERE key = ?').get(key);
    if (!row) {
      const claim = this.#claims.get(key);
      return (
        claim && {
          key,
          ...claim,
          state: 'processing',
          statusCode: null,
          responseBody: null,
          resourceKind: null,
          resourceId: null,
        }
      );
    }
    return {
      key: row.key,
      requestHash: row.request_hash,
      state: row.state,
      statusCode: row.status_code,
      responseBody: row.response_body,
      resourceKind: row.resource_kind,
      resourceId: row.resource_id,
      createdAt: row.created_at,
    };
  }

  /** Claims a key that has no record (see get): in memory until something is written for it. */
  claim(key: string, requestHash: string, at: string): void {
    this.#claims.set(key, { requestHash, createdAt: at });
  }

  /** Called inside an operation's transaction: a retry after a crash finds this resource. */
  link(key: string, resourceKind: ResourceKind, resourceId: string): void {
    const claim = this.#claims.get(key);
    if (!claim) throw new Error(`Idempotency-Key ${key} was not claimed`);
    this.db
      .prepare(
        `INSERT INTO idempotency_keys (key, request_hash, state, resource_kind, resource_id, created_at)
         VALUES (?, ?, 'processing', ?, ?, ?)`,
      )
      .run(key, claim.requestHash, resourceKind, resourceId, claim.createdAt);
  }

  /**
   * Keeps the answer: of a claim made by this process, or of a row a crash left `processing`;
   * `record` is the key's record as `get` just gave it (the caller has read it already).
   */
  complete(record: IdempotencyRecord, statusCode: number, responseBody: string): void {
    const { key } = record;
    lazyTransaction(this.db, () =>
      this.db
        .prepare(
          `INSERT INTO idempotency_keys (key, request_hash, state, status_code, response_body, created_at)
           VALUES (?, ?, 'completed', ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET state = 'completed', status_code = excluded.status_code,
             response_body = excluded.response_body`,
        )
        .run(key, record.requestHash, statusCode, responseBody, record.createdAt),
    );
    this.#claims.delete(key);
  }

  /** Frees a key whose request wrote nothing: a claim of this process has no row to delete. */
  release(key: string): void {
    if (this.#claims.delete(key)) return;
    lazyTransaction(this.db, () => this.db.prepare('DELETE FROM idempotency_keys WHERE key = ?').run(key));
  }

  /** Keys live at least `minAgeMs`; older ones are removed. */
  prune(olderThan: string): number {
    return this.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(olderThan).changes;
  }
}
