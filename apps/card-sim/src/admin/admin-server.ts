/**
 * The admin API, on its own HTTP listener (ADMIN_PORT, loopback by default), so it stays
 * reachable while the ECR listener is `down`. Optionally guarded by ADMIN_TOKEN as
 * `Authorization: Bearer <token>`.
 *
 *   GET /admin/health        liveness and whether the ECR listener is open
 *   GET /admin/fault         the current fault mode
 *   PUT /admin/fault         switch the fault mode
 *   GET /admin/transactions  purchases, voids and refunds, in order (?operation=&reference=&after=&limit=)
 *   GET /admin/reversals     reversals, in order (?limit=)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { faultSettingsSchema, type FaultSettings, type FaultSettingsInput } from '../faults/fault-switch.js';
import type { TransactionStore } from '../transactions/transaction-store.js';

export interface AdminDeps {
  adminToken: string | null;
  logger: Logger;
  store: TransactionStore;
  faultSettings: () => FaultSettings;
  applyFault: (input: FaultSettingsInput) => Promise<FaultSettings>;
  ecrListening: () => boolean;
}

const transactionsQuerySchema = z.object({
  operation: z.enum(['purchase', 'void', 'refund']).optional(),
  reference: z.string().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

const reversalsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

class BadRequest extends Error {}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new BadRequest(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return result.data;
}

export function buildAdminServer(deps: AdminDeps) {
  const app = Fastify({ loggerInstance: deps.logger.child({ component: 'admin' }, { level: 'warn' }) });

  if (deps.adminToken !== null) {
    const expected = createHash('sha256').update(deps.adminToken).digest();
    app.addHook('onRequest', async (request, reply) => {
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        await reply.code(401).send({ error: 'UNAUTHORIZED', message: 'admin token missing or wrong' });
      }
    });
  }

  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof BadRequest)
      return reply.code(400).send({ error: 'VALIDATION_ERROR', message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) deps.logger.error({ err: error }, 'admin request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', message: String(error) });
  });

  app.get('/admin/health', () => ({ status: 'ok', ecrListening: deps.ecrListening() }));

  app.get('/admin/fault', () => deps.faultSettings());

  app.put('/admin/fault', (request) => deps.applyFault(parse(faultSettingsSchema, request.body)));

  app.get('/admin/transactions', (request) => {
    const query = parse(transactionsQuerySchema, request.query);
    const transactions = deps.store
      .list(query)
      .map(({ requestHash: _hash, reply: _reply, ...record }) => record);
    return { transactions };
  });

  app.get('/admin/reversals', (request) => {
    const { limit } = parse(reversalsQuerySchema, request.query);
    return { reversals: deps.store.listReversals(limit).map(({ reply: _reply, ...record }) => record) };
  });

  return app;
}
