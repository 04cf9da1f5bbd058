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
import { parseAdminInput as parse, secureAdminApi } from '@fiscal-pos/sim-kit';
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

export function buildAdminServer(deps: AdminDeps) {
  const app = Fastify({ loggerInstance: deps.logger.child({ component: 'admin' }, { level: 'warn' }) });

  secureAdminApi(app, { adminToken: deps.adminToken, logger: deps.logger });

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
