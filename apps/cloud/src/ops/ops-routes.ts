// Routes for operators and load balancers, outside the integration API's rules: /healthz
// (the process answers), /readyz (the database answers and every migration is applied) and
// /metrics (Prometheus text, behind its own token). None is rate limited.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { tokenMatches } from '../secrets/access-tokens.js';
import { pendingMigrations } from '../db/migrate.js';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';

const unlimited = { config: { rateLimit: false } };

export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', unlimited, () => Promise.resolve({ status: 'ok' }));

  app.get('/readyz', unlimited, async (request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      const pending = await pendingMigrations(ctx.db);
      if (pending.length > 0)
        return reply.code(503).send({ status: 'not_ready', pendingMigrations: pending });
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      return reply.code(503).send({ status: 'not_ready', reason: 'database unreachable' });
    }
  });

  app.get('/metrics', unlimited, async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match || !tokenMatches(ctx.metricsTokenDigest, match[1]!))
      throw new ProblemError(
        'invalid_metrics_token',
        'Send the metrics token as `Authorization: Bearer <token>`.',
      );
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
}
