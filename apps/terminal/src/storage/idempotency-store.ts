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

/**
 * Idempotency-Key records, in the fiscal database so they share its transactions.
 *
 * Claims, answers and releases are written without an fsync of their own: losing them to a
 * power cut is recoverable. A lost claim had no operation behind it yet (the operation's
 * durable commit would have flushed it); a lost answer is rebuilt from the operation that the
 * durable commit linked (`link`, inside that commit); a lost release only makes a retry run.
 */
export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  get(key: string): IdempotencyRecord | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM idempotency_keys WHERE key = ?').get(key);
    if (!row) return undefined;
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

  /** Claims a key; false when another request already holds it. */
  claim(key: string, requestHash: string, at: string): boolean {
    const result = lazyTransaction(this.db, () =>
      this.db
        .prepare(
          `INSERT OR IGNORE INTO idempotency_keys (key, request_hash, state, created_at) VALUES (?, ?, 'processing', ?)`,
        )
        .run(key, requestHash, at),
    );
    return result.changes === 1;
  }

  /** Called inside an operation's transaction: a retry after a crash finds this resource. */
  link(key: string, resourceKind: ResourceKind, resourceId: string): void {
    this.db
      .prepare('UPDATE idempotency_keys SET resource_kind = ?, resource_id = ? WHERE key = ?')
      .run(resourceKind, resourceId, key);
  }

  complete(key: string, statusCode: number, responseBody: string): void {
    this.db
      .prepare(
        `UPDATE idempotency_keys SET state = 'completed', status_code = ?, response_body = ? WHERE key = ?`,
      )
      .run(statusCode, responseBody, key);
  }

  release(key: string): void {
    lazyTransaction(this.db, () => this.db.prepare('DELETE FROM idempotency_keys WHERE key = ?').run(key));
  }

  /** Keys live at least `minAgeMs`; older ones are removed. */
  prune(olderThan: string): number {
    return this.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(olderThan).changes;
  }
}
