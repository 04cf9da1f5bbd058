/**
 * The admin API, on its own HTTPS listener (ADMIN_PORT, server certificate only, no client
 * certificate), so it stays reachable while the SOAP listener is `down`. Optionally guarded
 * by ADMIN_TOKEN as `Authorization: Bearer <token>`.
 *
 *   POST /admin/terminals      fiscalize a terminal -> certificate, key, credentials, CA
 *                              (or adopt one with a history: { reportNumber })
 *   GET  /admin/registrations  what was registered, in order (?registrationNumber=&after=&limit=)
 *   GET  /admin/fault          the current fault mode
 *   PUT  /admin/fault          switch the fault mode
 *   GET  /admin/health         liveness and whether the SOAP listener is open
 */
import { parseAdminInput as parse, secureAdminApi } from '@fiscal-pos/sim-kit';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { faultSettingsSchema, type FaultSettings, type FaultSettingsInput } from '../faults/fault-switch.js';
import type { RegistrationStore } from '../registrations/registration-store.js';
import {
  RegistrationNumberTakenError,
  type FiscalizationMaterial,
  type FiscalizeTerminalInput,
} from '../terminals/fiscalize-terminal.js';

export interface AdminDeps {
  tls: { keyPem: string; certPem: string };
  adminToken: string | null;
  logger: Logger;
  registrations: RegistrationStore;
  fiscalize: (input: FiscalizeTerminalInput) => Promise<FiscalizationMaterial>;
  faultSettings: () => FaultSettings;
  applyFault: (input: FaultSettingsInput) => Promise<FaultSettings>;
  soapListening: () => boolean;
}

const fiscalizeBodySchema = z
  .object({
    terminalId: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/)
      .optional(),
    registrationNumber: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .optional(),
    certificateNotAfter: z.iso.datetime({ offset: true }).optional(),
    reportNumber: z.number().int().min(1).optional(),
  })
  .strict();

const registrationsQuerySchema = z.object({
  registrationNumber: z.string().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

export function buildAdminServer(deps: AdminDeps) {
  const app = Fastify({
    https: { key: deps.tls.keyPem, cert: deps.tls.certPem },
    // Per-request logs of the admin API are noise in tests; warnings and errors still show.
    loggerInstance: deps.logger.child({ component: 'admin' }, { level: 'warn' }),
  });

  secureAdminApi(app, {
    adminToken: deps.adminToken,
    logger: deps.logger,
    knownError: (error) =>
      error instanceof RegistrationNumberTakenError
        ? { status: 409, code: 'REGISTRATION_NUMBER_TAKEN' }
        : null,
  });

  app.get('/admin/health', () => ({ status: 'ok', soapListening: deps.soapListening() }));

  app.post('/admin/terminals', async (request, reply) => {
    const material = await deps.fiscalize(parse(fiscalizeBodySchema, request.body));
    return reply.code(201).send(material);
  });

  app.get('/admin/registrations', (request) => {
    const query = parse(registrationsQuerySchema, request.query);
    const registrations = deps.registrations.list(query).map(({ contentHash: _hash, ...record }) => record);
    return { registrations };
  });

  app.get('/admin/fault', () => deps.faultSettings());

  app.put('/admin/fault', (request) => deps.applyFault(parse(faultSettingsSchema, request.body)));

  return app;
}
