import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { TerminalRuntime } from './terminal-runtime.js';
import { isPublicPath } from './http/api-key-auth.js';
import { ApiError } from './http/api-error.js';
import { renderError, toApiError } from './http/error-rendering.js';
import { Idempotency } from './http/idempotency.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { RouteKit, type TerminalApp } from './http/route-kit.js';
import { registerCardRoutes } from './card/card-routes.js';
import { registerHealthRoutes } from './health/health-routes.js';
import { registerSalesRoutes, salePresenter, type SalesDeps } from './sales/sales-routes.js';
import { cashPresenter, registerCashRoutes, type CashDeps } from './cash/cash-routes.js';
import { registerOperationRoutes } from './fiscal-operations/operation-routes.js';
import { registerMetricsRoute } from './metrics/metrics-route.js';
import { registerOpenApiRoute } from './openapi/openapi-route.js';
import { registerPrintRoutes } from './printing/print-routes.js';
import { registerReportRoutes, reportPresenter, type ReportDeps } from './reports/report-routes.js';
import { registerShiftRoutes, shiftPresenter, type ShiftDeps } from './shifts/shift-routes.js';
import { ReceiptCopyStore } from './receipt-copies/receipt-copy-store.js';
import { registerReceiptCopyRoutes } from './receipt-copies/receipt-copy-routes.js';

const CATALOG_PREFIX = '/api/catalog/';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The Terminal API over one runtime: hooks every request shares, then one module per capability. */
export function buildTerminalApp(rt: TerminalRuntime): { app: TerminalApp; idempotency: Idempotency } {
  const audit = (request: FastifyRequest, reply: FastifyReply): void => {
    const header = request.headers['idempotency-key'];
    rt.auditLog.record({
      id: request.id,
      at: rt.clock.now().toISOString(),
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      durationMs: Number(process.hrtime.bigint() - request.startedAt) / 1e6,
      idempotencyKey: Array.isArray(header) ? header.join(',') : (header ?? null),
      errorCode: request.errorCode,
    });
  };
  const app = Fastify({
    loggerInstance: rt.logger,
    // Every request is recorded in the audit log; the JSON log keeps to events worth reading.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: rt.config.bodyLimitBytes,
    return503OnClosing: false,
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
        new ApiError('NOT_FOUND', `No endpoint ${request.method} ${pathOf(request.url)}: ${error.message}`),
        rt.clock.now(),
      );
      void reply.header('X-Request-Id', request.id).code(rendered.statusCode).send(rendered.body);
      audit(request, reply);
    },
  });
  registerJsonBodyParser(app, rt.config.bodyLimitBytes);

  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('errorCode', null);
  app.decorateRequest('startedAt', 0n);

  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = process.hrtime.bigint();
    void reply.header('X-Request-Id', request.id);
    const path = pathOf(request.url);
    if (!isPublicPath(path)) rt.apiKey.verify(request.headers['x-api-key']);
  });

  app.addHook('onResponse', async (request, reply) => audit(request, reply));

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    request.errorCode = apiError.code;
    if (apiError.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
    if (pathOf(request.url).startsWith(CATALOG_PREFIX)) {
      return reply.code(apiError.statusCode).send({ code: apiError.code, message: apiError.message });
    }
    const rendered = renderError(apiError, rt.clock.now());
    return reply.code(rendered.statusCode).send(rendered.body);
  });

  app.setNotFoundHandler((request) => {
    throw new ApiError('NOT_FOUND', `No endpoint ${request.method} ${pathOf(request.url)}`);
  });

  const ctx = rt.fiscalContext;
  const salesDeps: SalesDeps = {
    ctx,
    sales: rt.sales,
    history: rt.history,
    vatTable: () => rt.vatTable,
    printer: rt.printer,
    header: () => rt.receiptHeader(),
    cashier: rt.cashier,
    card: rt.card,
    logger: rt.logger,
  };
  const cashDeps: CashDeps = {
    ctx,
    cash: rt.cash,
    printer: rt.printer,
    header: () => rt.receiptHeader(),
    logger: rt.logger,
  };
  const reportDeps: ReportDeps = { ctx, reports: rt.reports, printer: rt.printer, logger: rt.logger };
  const shiftDeps: ShiftDeps = { ctx, reports: rt.reports, printer: rt.printer, logger: rt.logger };
  const idempotency = new Idempotency(
    rt.idempotencyStore,
    rt.clock,
    new Map([
      ['sale', salePresenter(salesDeps)],
      ['cash', cashPresenter(cashDeps)],
      ['x-report', reportPresenter(reportDeps)],
      ['z-report', reportPresenter(reportDeps)],
      ['shift', shiftPresenter(shiftDeps)],
    ]),
  );
  const kit = new RouteKit(app, idempotency, rt.clock);

  registerHealthRoutes(app, kit, {
    version: rt.version,
    port: () => {
      const address = app.server.address();
      return typeof address === 'object' && address !== null ? address.port : rt.config.port;
    },
    startedAt: rt.startedAt,
    clock: rt.clock,
    fiscalization: () => rt.fiscal.fiscalization,
    connectivity: rt.connectivity,
    operations: rt.operations,
    terminalState: rt.terminalState,
    cardTerminal: () => rt.cardMonitor.health(),
  });
  registerSalesRoutes(kit, salesDeps);
  registerCashRoutes(kit, cashDeps);
  registerCardRoutes(kit, () => rt.card);
  registerOperationRoutes(kit, rt.history);
  registerPrintRoutes(kit, rt.printer, rt.clock);
  registerReportRoutes(kit, reportDeps);
  registerShiftRoutes(kit, shiftDeps);
  registerReceiptCopyRoutes(kit, {
    sales: rt.sales,
    operations: rt.operations,
    copies: new ReceiptCopyStore(rt.db),
    printer: rt.printer,
    header: () => rt.receiptHeader(),
    clock: rt.clock,
    limit: rt.config.duplicateLimit,
  });
  registerMetricsRoute(app, rt.metrics);
  registerOpenApiRoute(app);
  return { app, idempotency };
}
