// The Fastify instance: request ids, problem details for every failure, per-key rate
// limits, the OpenAPI document and the v1 routes.
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { registerApiReference } from '@fiscal-pos/api-reference';
import fastifyCors from '@fastify/cors';
import { INTEGRATION_API_CORS } from '@fiscal-pos/cors-policy';
import { isUtf8 } from 'node:buffer';
import { newRequestId } from './ids.js';
import { buildOpenApi } from './openapi/openapi.js';
import { registerOpsRoutes } from './ops/ops-routes.js';
import { ALL_ROUTES } from './routes.js';
import type { AppContext } from './context.js';
import { ProblemError, toProblem, type ProblemCode } from './http/problem.js';
import { AddressLimiter, countOrRefuse } from './http/address-limiter.js';
import { registerRoute } from './http/route.js';
import { requestLogger } from './http/request-logger.js';
import { carriesRelayToken, RELAY_BASE_PATH } from './relay-access/relay-auth.js';
import { INTEGRATION_BASE_PATH } from './integration-access/integration-key-auth.js';
import { isConsolePath, registerConsole } from './console-static/console-static.js';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The one per-window counter every relay node's calls share (RATE_LIMIT_RELAY_MAX). */
const RELAY_KEY = 'relay';

const isRelayCall = (request: FastifyRequest): boolean =>
  request.routeOptions.url?.startsWith(`${RELAY_BASE_PATH}/`) ?? false;

/** Fastify's own failures (body parsing, size, media type) mapped onto our problem kinds. */
const FASTIFY_CODES: Readonly<Record<string, ProblemCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
};

function problemFromError(error: FastifyError): ProblemError {
  if (error instanceof ProblemError) return error;
  const code = FASTIFY_CODES[error.code];
  if (code) return new ProblemError(code, error.message);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ProblemError('invalid_request', error.message);
  }
  return new ProblemError(
    'internal_error',
    'An unexpected error occurred; retry later, quoting the request id.',
  );
}

/** Without a logger the app logs nothing (tests, benchmark). */
export async function buildApp(ctx: AppContext, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger, childLoggerFactory: requestLogger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: newRequestId,
    // request.ip: the peer, or behind the listed proxies the nearest address none of them holds.
    trustProxy: ctx.config.trustedProxies.length > 0 ? [...ctx.config.trustedProxies] : false,
    // Path parameters are checked by their routes' schemas, not cut off by the router.
    routerOptions: { maxParamLength: 16_384 },
    // A path the router cannot decode is answered before any hook runs: a problem all the same.
    frameworkErrors: (error, request, frameworkReply) => {
      // Typed for a route with schemas; this one answers like any route without them.
      const reply = frameworkReply as FastifyReply;
      const problem = new ProblemError('invalid_request', error.message);
      void reply
        .code(problem.statusCode)
        .header('x-request-id', request.id)
        .type('application/problem+json')
        .send(toProblem(problem, request.url.split('?')[0]!, request.id));
    },
  });

  // Bodies are JSON only: Fastify's default text/plain parser would hand a string to the
  // schemas (a 400) where the docs promise 415.
  app.removeContentTypeParser('text/plain');
  // JSON is read as bytes, which must be UTF-8 (RFC 8259 §8.1) whatever charset the header
  // names: Fastify's own parser decoded them with U+FFFD in place of what was not, and a product
  // name so garbled went to every terminal's catalog and onto its fiscal receipts.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    // No bytes is no body, as without the header: many clients name JSON on every POST, also
    // on those that take none (confirm an order) or an optional one (cancel it), which answered
    // them 400 invalid_json. A route that needs a body says so by its field, `body`.
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    if (!isUtf8(body)) {
      done(
        new ProblemError(
          'invalid_json',
          'The request body is not UTF-8: send JSON encoded in UTF-8 (RFC 8259).',
        ),
      );
      return;
    }
    void parseJson(request, body.toString('utf8'), done);
  });
  // CSV uploads (the console's product import) reach their route as bytes: the use case
  // decodes them, so a file that is not UTF-8 is told as such rather than garbled.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  // Callback hooks, not async ones: every request runs them, and a promise each costs more
  // than what they do. The request id is set as the request arrives, not in an onSend hook
  // (which every answer would run again): Fastify keeps a reply's headers through its error
  // handler, and this hook comes before CORS so that an answered preflight carries it too.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemFromError(error);
    if (problem.code === 'internal_error') request.log.error({ err: error }, 'unhandled error');
    if (problem.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(problem.retryAfterSeconds));
    return reply
      .code(problem.statusCode)
      .type('application/problem+json')
      .send(toProblem(problem, request.url.split('?')[0]!, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const problem = new ProblemError(
      'not_found',
      `No route for ${request.method} ${request.url.split('?')[0]!}.`,
    );
    return reply
      .code(404)
      .type('application/problem+json')
      .send(toProblem(problem, request.url, request.id));
  });

  // Browser pages of the listed origins may call the integration API (only it: the admin,
  // device and relay APIs are for servers, and the console is same-origin). Registered before
  // the limits so that a preflight is answered without spending a key's budget.
  if (ctx.config.corsOrigins.length > 0) {
    const allowed = { origin: [...ctx.config.corsOrigins], ...INTEGRATION_API_CORS };
    await app.register(fastifyCors, {
      delegator: (request, callback) =>
        callback(null, request.url?.startsWith(`${INTEGRATION_BASE_PATH}/`) ? allowed : { origin: false }),
    });
  }

  // Counted per client address before anything else, refusals included (address-limiter.ts).
  const addresses = new AddressLimiter({
    max: ctx.config.addressRateLimitMax,
    windowMs: ctx.config.rateLimit.windowMs,
    clock: ctx.clock,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.rateLimit === false) return done();
    // The relay's calls come from few addresses on behalf of every terminal: they have their
    // own limit below, or a restarted relay would be refused its terminals' verifications.
    if (isRelayCall(request) && carriesRelayToken(ctx, request)) return done();
    try {
      countOrRefuse(
        addresses,
        request.ip,
        reply,
        `This address may make ${ctx.config.addressRateLimitMax} requests per window; retry after the Retry-After header's seconds.`,
      );
    } catch (error) {
      return done(error as ProblemError);
    }
    done();
  });

  // Counted per key (or per terminal on device routes) after authentication (the route's
  // onRequest hook sets request.auth or request.device, or answers 401/403 before this hook
  // runs); a request reaching it without either is counted per client address. Counted in
  // this process and shared with every process on the database in batches (rate-limit-store.ts
  // says within what tolerance), so a request that writes nothing commits nothing.
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    store: ctx.rateLimits.store,
    // The console's files are not the API: loading the page spends nobody's budget (the address
    // limiter above still counts them).
    allowList: (request) => isConsolePath(request.url),
    max: (_request, key) => (key === RELAY_KEY ? ctx.config.relayRateLimitMax : ctx.config.rateLimit.max),
    timeWindow: ctx.config.rateLimit.windowMs,
    // A relay route reaches this hook only with the relay token (its onRequest refuses others).
    keyGenerator: (request) =>
      request.auth
        ? `key:${request.auth.keyId}`
        : request.device
          ? `terminal:${request.device.terminalId}`
          : isRelayCall(request)
            ? RELAY_KEY
            : `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new ProblemError(
        'rate_limited',
        `This key may make ${context.max} requests per ${context.after}; retry after the Retry-After header's seconds.`,
      ),
  });

  const openApi = buildOpenApi(ALL_ROUTES);
  app.get(`${INTEGRATION_BASE_PATH}/openapi.json`, { config: { rateLimit: false } }, () =>
    Promise.resolve(openApi),
  );
  for (const route of ALL_ROUTES) registerRoute(app, ctx, route);
  registerOpsRoutes(app, ctx);
  registerApiReference(app, {
    title: 'Fiscal POS cloud API',
    documentUrl: `..${INTEGRATION_BASE_PATH}/openapi.json`,
  });
  await registerConsole(app, ctx.config.consoleDir);
  return app;
}
