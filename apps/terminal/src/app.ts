import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TerminalRuntime } from './terminal-runtime.js';
import { ApiKeyGate, ApiKeyThrottle, presentedKey } from './http/api-key-auth.js';
import { DomainError } from './domain-error.js';
import { renderError, sendResult, toDomainError } from './http/error-rendering.js';
import { answerClientError } from './http/client-error.js';
import { Idempotency } from './http/idempotency.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerRoute, resourceReplays } from './http/register-route.js';
import type { TerminalApp } from './http/terminal-app.js';
import type { RelayedRequestHandler } from './relay/relay-link.js';
import { buildTerminalOpenApiDocument } from './openapi/openapi-document.js';
import { isApiReferencePath, registerApiReference } from '@fiscal-pos/api-reference';
import fastifyCors from '@fastify/cors';
import {
  isPreflight,
  PRIVATE_NETWORK_ALLOW,
  PRIVATE_NETWORK_REQUEST,
  TERMINAL_API_CORS,
} from '@fiscal-pos/cors-policy';
import { ReceiptCopyStore } from './receipt-copies/receipt-copy-store.js';
import { timeOrderedId } from './storage/time-ordered-id.js';
import { saleStands } from './sales/sales-deps.js';
import { identityMissing } from './fiscalization/fiscal-setup.js';
import { TERMINAL_ENDPOINTS, type TerminalServices } from './terminal-routes.js';
import type { HealthRecord } from './health/health-contract.js';
import { healthRecord } from './health/health-routes.js';

const CATALOG_PREFIX = '/api/catalog/';
/** Requests that change nothing: their audit rows may wait for the next batch. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Relayed requests go into the same routing as the listener's: `app.routing` is the handler
 * Fastify gives a server of its own (its serverFactory option). Fastify's types fix the raw
 * request and reply to node:http's when the instance is made; the HTTP/2 compatibility objects
 * implement what Fastify uses of them (its own HTTP/2 mode runs this routing with them).
 */
function relayedRequestHandler(app: TerminalApp): RelayedRequestHandler {
  return (req, res) => app.routing(req as unknown as IncomingMessage, res as unknown as ServerResponse);
}

/**
 * The API takes requests: on its listener, then through the relay link (the same routing).
 * Resolves with the port it listens on.
 */
export async function startServing(
  { app, healthRecord }: { app: TerminalApp; healthRecord: () => HealthRecord },
  rt: TerminalRuntime,
  at: { port: number; host: string },
): Promise<number> {
  await app.listen(at);
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the API listens on no port');
  rt.syncWorker?.wake();
  rt.relayLink.start(relayedRequestHandler(app));
  rt.healthReport.start(healthRecord);
  return address.port;
}

/**
 * Stops in the order that drops no request: the relay link first (GOAWAY: the relay sends no
 * new request while those in flight finish, the API still answering them), then the listener,
 * then the runtime under both.
 */
export async function stopServing(app: TerminalApp, rt: TerminalRuntime): Promise<void> {
  await rt.relayLink.close();
  await app.close();
  await rt.close();
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Web pages of the listed origins may call the API from a browser (a browser POS front end);
 * none by default. A page on a public origin calling the terminal on the shop's network passes
 * Chrome's Private Network Access check only if the preflight's answer allows it.
 */
function registerCors(app: TerminalApp, origins: readonly string[]): void {
  if (origins.length === 0) return;
  void app.register(fastifyCors, { origin: [...origins], ...TERMINAL_API_CORS });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.headers[PRIVATE_NETWORK_REQUEST] === 'true' &&
      reply.hasHeader('access-control-allow-origin')
    ) {
      void reply.header(PRIVATE_NETWORK_ALLOW, 'true');
    }
    done(null, payload);
  });
}

/** Which paths ask for X-API-Key, from the routes' declarations. */
const keyGate = new ApiKeyGate(TERMINAL_ENDPOINTS);

/** The Terminal API over one runtime: hooks every request shares, then every declared route. */
export function buildTerminalApp(rt: TerminalRuntime): {
  app: TerminalApp;
  idempotency: Idempotency;
  /** What GET /api/health answers now: the health report to the cloud is made of it. */
  healthRecord: () => HealthRecord;
} {
  const keyThrottle = new ApiKeyThrottle(rt.config.apiKeyRefusals);
  const auditEntry = (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    return {
      id: request.id,
      at: rt.clock.now().toISOString(),
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      durationMs: Number(process.hrtime.bigint() - request.startedAt) / 1e6,
      idempotencyKey: Array.isArray(header) ? header.join(',') : (header ?? null),
      errorCode: request.errorCode,
      via: rt.relayLink.relayed(request.raw) ? ('relay' as const) : ('lan' as const),
    };
  };
  const audit = (request: FastifyRequest, reply: FastifyReply): void => {
    if (!request.audited) rt.auditLog.record(auditEntry(request, reply));
    rt.metrics.observeHttpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      Number(process.hrtime.bigint() - request.startedAt) / 1e9,
    );
  };
  const app = Fastify({
    loggerInstance: rt.logger,
    // Every request is recorded in the audit log; the JSON log keeps to events worth reading.
    logController: new LogController({ disableRequestLogging: true }),
    // Time-ordered, so the audit log's index of ids grows at its end (timeOrderedId); a random id
    // wrote a leaf of its own among up to 200,000 rows' (AUDIT_MAX_ROWS), and split it now and then.
    genReqId: () => timeOrderedId(),
    bodyLimit: rt.config.bodyLimitBytes,
    return503OnClosing: false,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, () => rt.clock.now()),
    // Path parameters are checked by their routes (an unknown id is the route's 404), not cut
    // off by the router; Node's header limit bounds the URL anyway.
    routerOptions: { maxParamLength: 16_384 },
    // A path the router cannot decode (malformed percent-encoding) is answered before any hook
    // runs: give it the envelope, the request id and its audit row all the same.
    frameworkErrors: (error, request, frameworkReply) => {
      // Typed for a route with schemas; this one answers like any route without them.
      const reply = frameworkReply as FastifyReply;
      request.startedAt = process.hrtime.bigint();
      request.errorCode = 'NOT_FOUND';
      const rendered = renderError(
        new DomainError(
          'NOT_FOUND',
          `No endpoint ${request.method} ${pathOf(request.url)}: ${error.message}`,
        ),
        rt.clock.now(),
      );
      sendResult(reply.header('X-Request-Id', request.id), rendered);
      audit(request, reply);
    },
  });
  registerJsonBodyParser(app, rt.config.bodyLimitBytes);

  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('errorCode', null);
  app.decorateRequest('startedAt', 0n);
  app.decorateRequest('audited', false);

  // The hooks every request runs take `done` rather than being async: an async hook costs a
  // promise and a tick per request, and Fastify's hook runner takes a throw as it takes a rejection.
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = process.hrtime.bigint();
    void reply.header('X-Request-Id', request.id);
    const path = pathOf(request.url);
    // A browser's preflight carries no key by design (CORS answers it below, or 404 without
    // CORS_ORIGINS); the reference page holds the public OpenAPI document, nothing of the shop's.
    const keyless = isPreflight(request.method, request.headers) || isApiReferencePath(path);
    if (!keyless && keyGate.asksKey(path)) {
      const address = rt.relayLink.relayed(request.raw) ? null : (request.socket.remoteAddress ?? null);
      keyThrottle.check(address, () => rt.apiKey.verify(presentedKey(path, request.headers)));
    }
    done();
  });

  // HTTP/2 (a relayed request) has no Connection header; Fastify sets `close` after a body it
  // could not parse, which Node would drop with a process warning.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.httpVersionMajor === 2) void reply.removeHeader('connection');
    // A request that may have changed state has its audit row written before the answer
    // leaves: a kill right after cannot lose the row its X-Request-Id names.
    if (!READ_METHODS.has(request.method)) {
      rt.auditLog.recordNow(auditEntry(request, reply));
      request.audited = true;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    audit(request, reply);
    done();
  });
  registerCors(app, rt.config.corsOrigins);

  app.setErrorHandler((error, request, reply) => {
    const refusal = toDomainError(error);
    request.errorCode = refusal.code;
    rt.storage.failed(error, `${request.method} ${pathOf(request.url)}`);
    if (refusal.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
    const form = pathOf(request.url).startsWith(CATALOG_PREFIX) ? 'raw' : 'envelope';
    return sendResult(reply, renderError(refusal, rt.clock.now(), form));
  });

  app.setNotFoundHandler((request) => {
    throw new DomainError('NOT_FOUND', `No endpoint ${request.method} ${pathOf(request.url)}`);
  });

  const services: TerminalServices = {
    ctx: rt.fiscalContext,
    sales: rt.sales,
    refunds: rt.refunds,
    deliveries: rt.deliveries,
    deliveryWorker: rt.deliveryWorker,
    history: rt.history,
    cash: rt.cash,
    db: rt.db,
    lots: rt.lots,
    lotWebhooks: rt.lotWebhooks,
    lotSecret: () => rt.terminalState.get().offlineSecret,
    idempotency: rt.idempotencyStore,
    reports: rt.reports,
    zReportHistory: rt.history,
    vatTable: () => rt.vatRates.inUse(),
    vatRates: rt.vatRates,
    catalog: rt.catalog,
    cashierSignIn: rt.cashierSignIn,
    platform: rt.platform,
    documentPush: () => ({
      documentsWaiting: rt.documentOutbox.size(),
      documentsRefused: rt.documentOutbox.refusedCount(),
      lastRefusal: rt.documentOutbox.lastRefusal(),
      ...rt.documentPush.state(),
    }),
    relay: () => rt.relayState(),
    receiptDeliveries: () => rt.receiptDeliveryHealth(),
    storage: () => rt.storage.check(),
    printQueue: rt.printQueue,
    paperBudget: rt.paperBudget,
    printerHealth: rt.printerHealth,
    header: () => rt.receiptHeader(),
    cashier: rt.cashier,
    card: rt.card,
    standingSale: (saleId) => saleStands({ ctx: rt.fiscalContext, sales: rt.sales }, saleId),
    logger: rt.logger,
    version: rt.version,
    port: () => {
      const address = app.server.address();
      return typeof address === 'object' && address !== null ? address.port : rt.config.port;
    },
    startedAt: rt.startedAt,
    clock: rt.clock,
    fiscalization: () => rt.fiscal.fiscalization,
    identityMissing: () => identityMissing(rt.fiscal),
    connectivity: rt.connectivity,
    operations: rt.operations,
    terminalState: rt.terminalState,
    cardTerminal: () => rt.cardMonitor.health(),
    copies: new ReceiptCopyStore(rt.db),
    duplicateLimit: rt.config.duplicateLimit,
    metrics: rt.metrics,
    openApiDocument: buildTerminalOpenApiDocument(TERMINAL_ENDPOINTS),
  };
  const idempotency = new Idempotency(
    rt.idempotencyStore,
    rt.clock,
    resourceReplays(TERMINAL_ENDPOINTS, services, rt.clock),
    // A sale answered 503 whose refusal by the fiscal server is held in memory is that refusal,
    // not the `sent` document on disk, even before the sync worker's next pass records it.
    () => rt.registrar?.requeueStranded(),
  );
  for (const route of TERMINAL_ENDPOINTS) {
    registerRoute({ app, services, idempotency, clock: rt.clock }, route);
  }
  registerApiReference(app, { title: 'Fiscal POS terminal API', documentUrl: '../api/openapi.json' });
  return { app, idempotency, healthRecord: () => healthRecord(services) };
}
