import { lazyTransaction, type Db } from './database.js';
import { isStorageFailure } from './storage-failure.js';

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
  /** Its request's answer, kept until `flushAnswers` writes it (see `keepAnswer`). */
  answer?: HeldAnswer;
}

interface HeldAnswer {
  statusCode: number;
  responseBody: string;
  resourceKind: string;
  resourceId: string;
}

/** Past this many answers waiting, they are written at once. */
const MAX_HELD_ANSWERS = 256;

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
  #heldAnswers = 0;
  #flushTimer: NodeJS.Timeout | undefined;

  /** `answerHoldMs`: how long an answer waits in memory for the write that takes it with the others; 0, not at all. */
  constructor(
    private readonly db: Db,
    private readonly answerHoldMs = 0,
  ) {}

  get(key: string): IdempotencyRecord | undefined {
    const claim = this.#claims.get(key);
    // A held answer is newer than the key's row, which its flush will update.
    if (claim?.answer)
      return {
        key,
        ...claim.answer,
        requestHash: claim.requestHash,
        state: 'completed',
        createdAt: claim.createdAt,
      };
    const row = this.db.prepare<[string], Row>('SELECT * FROM idempotency_keys WHERE key = ?').get(key);
    if (!row) {
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
      this.#writeAnswer(key, record.requestHash, record.createdAt, { statusCode, responseBody }),
    );
    this.#forget(key);
  }

  #writeAnswer(
    key: string,
    requestHash: string,
    createdAt: string,
    answer: Pick<HeldAnswer, 'statusCode' | 'responseBody'>,
  ): void {
    this.db
      .prepare(
        `INSERT INTO idempotency_keys (key, request_hash, state, status_code, response_body, created_at)
         VALUES (?, ?, 'completed', ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET state = 'completed', status_code = excluded.status_code,
           response_body = excluded.response_body`,
      )
      .run(key, requestHash, answer.statusCode, answer.responseBody, createdAt);
  }

  /** Drops a claim, and the held answer with it. */
  #forget(key: string): boolean {
    if (this.#claims.get(key)?.answer) this.#heldAnswers--;
    return this.#claims.delete(key);
  }

  /**
   * Keeps the answer of a request this process just ran. A success linked to its resource (the
   * operation's durable commit wrote the key's row) is held in memory and written with the
   * others waiting, within `answerHoldMs`, in one commit without an fsync: a keyed sale paid
   * ~0.2 ms for a commit of its own (and two PRAGMA compilations) before its answer left. Lost
   * with the process, it is rebuilt from the resource by the retry, as after a power cut.
   * Anything else is written now (`complete`): an answer without a resource has nothing else to
   * be rebuilt from, and a refusal is rare.
   */
  keepAnswer(record: IdempotencyRecord, statusCode: number, responseBody: string): void {
    const claim = this.#claims.get(record.key);
    const { resourceKind, resourceId } = record;
    if (
      !claim ||
      this.answerHoldMs === 0 ||
      statusCode >= 300 ||
      resourceKind === null ||
      resourceId === null
    ) {
      this.complete(record, statusCode, responseBody);
      return;
    }
    if (!claim.answer) this.#heldAnswers++;
    claim.answer = { statusCode, responseBody, resourceKind, resourceId };
    if (this.#heldAnswers >= MAX_HELD_ANSWERS) this.#flushSoon(0);
    else this.#flushSoon(this.answerHoldMs);
  }

  /**
   * Writes the held answers (keepAnswer) in one commit without an fsync of its own. A disk that
   * refuses it leaves them held, tried again later (false); what the process holds at its end is
   * written by its close, and what it cannot write then is rebuilt by a retry.
   */
  flushAnswers(): boolean {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    if (this.#heldAnswers === 0) return true;
    const held = [...this.#claims].filter(([, claim]) => claim.answer !== undefined);
    try {
      lazyTransaction(this.db, () => {
        for (const [key, claim] of held)
          this.#writeAnswer(key, claim.requestHash, claim.createdAt, claim.answer!);
      });
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      return false;
    }
    for (const [key] of held) this.#forget(key);
    return true;
  }

  #flushSoon(delayMs: number): void {
    if (this.#flushTimer !== undefined && delayMs > 0) return;
    clearTimeout(this.#flushTimer);
    this.#flushTimer = setTimeout(() => {
      if (!this.flushAnswers()) this.#flushSoon(this.answerHoldMs);
    }, delayMs).unref();
  }

  /** Frees a key whose request wrote nothing: a claim of this process has no row to delete. */
  release(key: string): void {
    if (this.#forget(key)) return;
    lazyTransaction(this.db, () => this.db.prepare('DELETE FROM idempotency_keys WHERE key = ?').run(key));
  }

  /** Keys live at least `minAgeMs`; older ones are removed. */
  prune(olderThan: string): number {
    return this.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(olderThan).changes;
  }
}
