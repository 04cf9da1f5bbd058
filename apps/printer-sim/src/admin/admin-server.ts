/**
 * The admin API on its own listener, reachable while the printer port is `offline`:
 *   GET /admin/health, GET|PUT /admin/fault, GET /admin/pages (JSON), GET /admin/pages/:id (text),
 *   GET /admin/pages/:id/image (PNG),
 *   GET /admin/errors (unknown commands seen), GET /admin (an HTML list of the pages).
 */
import { parseAdminInput as parse, secureAdminApi } from '@fiscal-pos/sim-kit';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { faultSettingsSchema, type FaultSettings, type FaultSettingsInput } from '../faults/fault-switch.js';
import type { PageStore } from '../pages/page-store.js';

export interface AdminDeps {
  adminToken: string | null;
  logger: Logger;
  pages: PageStore;
  faultSettings: () => FaultSettings;
  applyFault: (input: FaultSettingsInput) => Promise<FaultSettings>;
  printerListening: () => boolean;
}

const pageParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export function buildAdminServer(deps: AdminDeps) {
  const app = Fastify({ loggerInstance: deps.logger.child({ component: 'admin' }, { level: 'warn' }) });
  secureAdminApi(app, { adminToken: deps.adminToken, logger: deps.logger });

  app.get('/admin/health', () => ({ status: 'ok', printerListening: deps.printerListening() }));
  app.get('/admin/fault', () => deps.faultSettings());
  app.put('/admin/fault', (request) => deps.applyFault(parse(faultSettingsSchema, request.body)));
  app.get('/admin/pages', () => ({ pages: deps.pages.pages }));
  app.get('/admin/errors', () => ({ errors: deps.pages.errors }));
  app.get('/admin/pages/:id', async (request, reply) => {
    const { id } = parse(pageParamsSchema, request.params);
    const page = deps.pages.pages[id - 1];
    if (!page) return reply.code(404).send({ error: 'NOT_FOUND', message: `no page ${id}` });
    return reply.type('text/plain; charset=utf-8').send(page.text);
  });
  app.get('/admin/pages/:id/image', async (request, reply) => {
    const { id } = parse(pageParamsSchema, request.params);
    const png = await deps.pages.image(id);
    if (!png) return reply.code(404).send({ error: 'NOT_FOUND', message: `no page ${id}` });
    return reply.type('image/png').send(png);
  });
  app.get('/admin', async (_request, reply) => {
    const items = deps.pages.pages
      .map(
        (page) =>
          `<li><a href="/admin/pages/${page.id}">page ${page.id}</a> ${page.printedAt}<br><img alt="page ${page.id}" loading="lazy" src="/admin/pages/${page.id}/image"></li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>printer-sim</title><h1>Printed pages</h1><ol>${items}</ol>`,
      );
  });
  return app;
}
