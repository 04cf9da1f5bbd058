// What every request that changes something goes through, around its handler, for the
// administration API and the merchant console alike:
// - Idempotency-Key (optional): a retry with the same key and request gets the first answer
//   again (`Idempotent-Replayed: true`), without the fields shown only once (new keys); the
//   same key with another request is 409 idempotency_conflict. Only successes are kept, so a
//   failed request can be retried as is. A key belongs to its caller (the scope): another
//   console user's key never replays here.
// - the audit log: who acted, the operation, path, status, request id, idempotency key, and what
//   was changed with its name as it was then (audit-subjects.ts); never the body (stock, keys,
//   passwords, codes).
// In a transaction (`transactional`, the console's changes) the handler runs on the
// transaction, so the change, its audit row and the answer kept for retries commit together or
// not at all, and a concurrent retry with the same key waits for the first one's answer. A
// request that fails is rolled back and its refusal audited after.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { ProblemError } from '../http/problem.js';
import type { HandlerResult, Operation } from '../http/route.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import {
  findStoredAnswer,
  lockIdempotencyKey,
  recordAudit,
  storeAnswer,
  type AuditEntry,
} from './audit-store.js';
import { subjectFinder, type Subject } from './audit-subjects.js';

/** Who made a change, as the audit log keeps it. */
export type Actor =
  | { kind: 'operator'; merchantId: string | null }
  | { kind: 'console_user'; userId: string; email: string; merchantId: string };

/** The merchant of an operator's change is the one its path names, else its subject's (a key's). */
const actorColumns = (actor: Actor, subject: Subject | undefined): Partial<AuditEntry> =>
  actor.kind === 'operator'
    ? { actorKind: 'operator', merchantId: actor.merchantId ?? subject?.merchantId ?? null }
    : {
        actorKind: 'console_user',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        merchantId: actor.merchantId,
      };

const subjectColumns = (subject: Subject | undefined): Partial<AuditEntry> => ({
  subjectKind: subject?.kind ?? null,
  subjectId: subject?.id ?? null,
  subjectName: subject?.name ?? null,
});

/** The audit row of one request, as every audited route writes it. */
export const auditEntryOf = (
  request: FastifyRequest,
  operation: Operation,
  actor: Actor,
  outcome: { status: number; replayed: boolean; subject?: Subject | undefined },
): AuditEntry => ({
  requestId: request.id,
  operation: operation.operationId,
  method: operation.method,
  path: request.url.split('?')[0]!,
  status: outcome.status,
  idempotencyKey: idempotencyKeyOf(request) ?? null,
  replayed: outcome.replayed,
  ...actorColumns(actor, outcome.subject),
  ...subjectColumns(outcome.subject),
});

/** Whose Idempotency-Keys these are. */
const scopeOf = (actor: Actor): string => (actor.kind === 'operator' ? 'operator' : actor.userId);

function withoutShownOnce(body: unknown, fields: readonly string[]): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body ?? null;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}

/**
 * What the request asked: method, URL (query included) and parsed body, a CSV body by its bytes.
 * Keyed, not a plain hash: bodies carry passwords and PINs.
 */
const requestHashOf = (secrets: SecretsKeyring, method: string, url: string, body: unknown): string =>
  secrets.fingerprint([`${method} ${url}\n`, Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null)]);

const replay = (stored: { status: number; body: unknown }): HandlerResult => ({
  status: stored.status,
  ...(stored.body === null ? {} : { body: stored.body }),
  headers: { 'idempotent-replayed': 'true' },
});

export async function runAuditedChange(
  ctx: AppContext,
  options: {
    operation: Operation;
    actor: Actor;
    /** Fields of the answer shown once (new keys): left out of the copy kept for replays. */
    shownOnce: readonly string[];
    /** Run the handler, audit and stored answer in one transaction (see above). */
    transactional: boolean;
    /**
     * The use case keeps Idempotency-Keys itself (stock adjustments, in the ledger, with the
     * public API's answers): the key is only audited here, the replay as the answer says.
     */
    ownIdempotency?: boolean;
    request: FastifyRequest;
    body: unknown;
    /** The handler, on the context given (the transaction's) or the app's. */
    run: (scoped?: AppContext) => Promise<HandlerResult>;
  },
): Promise<HandlerResult> {
  const { operation, request, actor } = options;
  if (operation.method === 'GET') return options.run();
  const scope = scopeOf(actor);
  const idempotencyKey = idempotencyKeyOf(request);
  const subject = subjectFinder(operation.operationId, {
    path: request.url.split('?')[0]!,
    body: options.body,
  });
  const merchantId = actor.merchantId;
  /** Audits the answer (`answer` undefined: refused), naming what it changed. */
  const audit = async (db: Queryable, status: number, replayed: boolean, answer?: { body?: unknown }) =>
    recordAudit(
      db,
      auditEntryOf(request, operation, actor, {
        status,
        replayed,
        subject: await subject.after(db, merchantId, status < 400 ? answer : undefined),
      }),
    );
  const requestHash = requestHashOf(ctx.secrets, operation.method, request.url, options.body);

  /** Replays, refuses, or runs the handler and keeps its answer; `db` is where all of it is written. */
  const attempt = async (db: Queryable, run: () => Promise<HandlerResult>): Promise<HandlerResult> => {
    await subject.before(db, merchantId);
    if (options.ownIdempotency) {
      const result = await run();
      await audit(db, result.status, result.headers?.['idempotent-replayed'] === 'true', result);
      return result;
    }
    if (idempotencyKey !== undefined) {
      const stored = await findStoredAnswer(db, scope, idempotencyKey);
      if (stored && stored.requestHash !== requestHash)
        throw new ProblemError('idempotency_conflict', 'This Idempotency-Key was used for another request.');
      if (stored) {
        await audit(db, stored.status, true, stored);
        return replay(stored);
      }
    }
    const result = await run();
    if (idempotencyKey !== undefined && result.status < 300)
      await storeAnswer(db, {
        scope,
        key: idempotencyKey,
        requestHash,
        status: result.status,
        body: result.body === undefined ? null : withoutShownOnce(result.body, options.shownOnce),
      });
    await audit(db, result.status, false, result);
    return result;
  };

  try {
    if (!options.transactional) return await attempt(ctx.db, () => options.run());
    // The delivery worker is woken once the change is committed: before, it would find nothing.
    let deliveriesQueued = false;
    const notifyDeliveries = () => {
      deliveriesQueued = true;
    };
    const result = await ctx.db.transaction(async (tx) => {
      if (idempotencyKey !== undefined && !options.ownIdempotency)
        await lockIdempotencyKey(tx, scope, idempotencyKey);
      return attempt(tx, () => options.run({ ...ctx, db: tx, notifyDeliveries }));
    });
    if (deliveriesQueued) ctx.notifyDeliveries();
    return result;
  } catch (error) {
    await audit(ctx.db, error instanceof ProblemError ? error.statusCode : 500, false);
    throw error;
  }
}
