// What every administration request that changes something goes through, around its handler:
// - Idempotency-Key (optional): a retry with the same key and request gets the first answer
//   again (`Idempotent-Replayed: true`), without the fields shown only once (new keys); the
//   same key with another request is 409 idempotency_conflict. Only successes are kept, so a
//   failed request can be retried as is.
// - the audit log: operation, path, status, request id, idempotency key; never the body.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { ProblemError } from '../http/problem.js';
import type { HandlerResult, Operation } from '../http/route.js';
import { findStoredAnswer, recordAudit, storeAnswer } from './admin-store.js';

function withoutShownOnce(body: unknown, fields: readonly string[]): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body ?? null;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}

export async function runAdministration(
  ctx: AppContext,
  options: {
    operation: Operation;
    /** Fields of the answer shown once (new keys): left out of the copy kept for replays. */
    shownOnce: readonly string[];
    request: FastifyRequest;
    body: unknown;
    run: () => Promise<HandlerResult>;
  },
): Promise<HandlerResult> {
  const { operation: route, request } = options;
  if (route.method === 'GET') return options.run();
  const path = request.url.split('?')[0]!;
  const idempotencyKey = idempotencyKeyOf(request);
  const audit = (status: number, replayed: boolean) =>
    recordAudit(ctx.db, {
      requestId: request.id,
      operation: route.operationId,
      method: route.method,
      path,
      status,
      idempotencyKey: idempotencyKey ?? null,
      replayed,
    });
  const requestHash = createHash('sha256')
    .update(`${route.method} ${path}\n${JSON.stringify(options.body ?? null)}`)
    .digest('hex');
  if (idempotencyKey !== undefined) {
    const stored = await findStoredAnswer(ctx.db, idempotencyKey);
    if (stored && stored.requestHash !== requestHash) {
      await audit(409, false);
      throw new ProblemError('idempotency_conflict', 'This Idempotency-Key was used for another request.');
    }
    if (stored) {
      await audit(stored.status, true);
      return {
        status: stored.status,
        ...(stored.body === null ? {} : { body: stored.body }),
        headers: { 'idempotent-replayed': 'true' },
      };
    }
  }
  let result: HandlerResult;
  try {
    result = await options.run();
  } catch (error) {
    await audit(error instanceof ProblemError ? error.statusCode : 500, false);
    throw error;
  }
  if (idempotencyKey !== undefined && result.status < 300)
    await storeAnswer(ctx.db, {
      key: idempotencyKey,
      requestHash,
      status: result.status,
      body: result.body === undefined ? null : withoutShownOnce(result.body, options.shownOnce),
    });
  await audit(result.status, false);
  return result;
}
