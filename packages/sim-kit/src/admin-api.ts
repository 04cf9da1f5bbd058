import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
} from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';

/** A request to a simulator's admin API that does not fit its schema: 400 VALIDATION_ERROR. */
class AdminBadRequest extends Error {}

export function parseAdminInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new AdminBadRequest(
      result.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
        .join('; '),
    );
  }
  return result.data;
}

export interface AdminApiOptions {
  /** When set, every request needs `Authorization: Bearer <token>` (compared in constant time). */
  adminToken: string | null;
  logger: Logger;
  /** The simulator's own errors with their status and code, e.g. 409 REGISTRATION_NUMBER_TAKEN. */
  knownError?: (error: unknown) => { status: number; code: string } | null;
}

/** The admin token check and the error answers `{ error, message }` every simulator's admin API shares. */
export function secureAdminApi<S extends RawServerBase, L extends FastifyBaseLogger>(
  app: FastifyInstance<S, RawRequestDefaultExpression<S>, RawReplyDefaultExpression<S>, L>,
  o: AdminApiOptions,
): void {
  if (o.adminToken !== null) {
    const expected = createHash('sha256').update(o.adminToken).digest();
    app.addHook('onRequest', async (request, reply) => {
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        await reply.code(401).send({ error: 'UNAUTHORIZED', message: 'admin token missing or wrong' });
      }
    });
  }

  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof AdminBadRequest)
      return reply.code(400).send({ error: 'VALIDATION_ERROR', message: error.message });
    const known = o.knownError?.(error);
    if (known) return reply.code(known.status).send({ error: known.code, message: (error as Error).message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) o.logger.error({ err: error }, 'admin request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', message: String(error) });
  });
}
