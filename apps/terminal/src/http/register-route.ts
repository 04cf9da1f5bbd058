import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Route } from './define-route.js';
import { successEnvelope } from './envelope.js';
import { renderError, sendResult } from './error-rendering.js';
import {
  requestFingerprint,
  type Idempotency,
  type ResourceReplay,
  type RouteResult,
} from './idempotency.js';
import type { TerminalApp } from './terminal-app.js';

export interface RouteRegistry<S> {
  app: TerminalApp;
  services: S;
  idempotency: Idempotency;
  clock: Clock;
}

/**
 * Serves one declared route: a GET or DELETE answers its payload (in the envelope, or raw); a POST gets
 * the Idempotency-Key handling and answers in the envelope, its errors rendered here so that
 * the answer can be stored under the key. A raw POST (a catalog command) is served like a GET:
 * it has no body to fingerprint and repeating it is harmless.
 */
export function registerRoute<S>(r: RouteRegistry<S>, route: Route<S>): void {
  if (route.method !== 'POST' || route.body === 'raw') {
    r.app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const data = await route.handle(r.services, request, reply);
        return reply.send(route.body === 'envelope' ? successEnvelope(data, r.clock.now()) : data);
      },
    });
    return;
  }
  r.app.post(route.path, async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header.join(',') : header;
    request.idempotencyKey = key ?? null;
    // The path as requested, not the route's pattern: a key reused for another sale's
    // duplicate is another payload. In lower case: the ids a POST path carries are UUIDs (and
    // numbers), the same in any case, as the routes read them; a retry naming the sale in
    // another case (an ERP's uniqueidentifier read in upper case) is the same request, not 409.
    const fingerprint = () =>
      requestFingerprint('POST', (request.url.split('?')[0] ?? route.path).toLowerCase(), request.body);
    const { result, replayed } = await r.idempotency.execute(key, fingerprint, () =>
      run(r, route, request, reply),
    );
    if (replayed) void reply.header('X-Idempotency-Replayed', 'true');
    const body = result.body as { error?: { code?: string } | null };
    if (body.error?.code) request.errorCode = body.error.code;
    return sendResult(reply, result);
  });
}

async function run<S>(
  r: RouteRegistry<S>,
  route: Route<S>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RouteResult> {
  try {
    const data = await route.handle(r.services, request, reply);
    return { statusCode: 200, body: successEnvelope(data, r.clock.now()) };
  } catch (error) {
    const rendered = renderError(error, r.clock.now());
    if (rendered.statusCode >= 500 && rendered.body.error.code === 'INTERNAL_ERROR') {
      request.log.error({ err: error }, 'request failed');
    }
    return rendered;
  }
}

/**
 * What rebuilds the stored answer of each kind of resource an Idempotency-Key can be linked
 * to, from the routes' replays: the payload in the success envelope, or the refusal rendered.
 */
export function resourceReplays<S>(
  routes: readonly Route<S>[],
  services: S,
  clock: Clock,
): Map<string, ResourceReplay> {
  const replays = new Map<string, ResourceReplay>();
  for (const { replay } of routes) {
    if (!replay) continue;
    replays.set(replay.kind, (resourceId) => {
      const replayed = replay.rebuild(services, resourceId);
      const now = clock.now();
      return replayed.ok
        ? { statusCode: 200, body: successEnvelope(replayed.data, now) }
        : renderError(replayed.refusal, now);
    });
  }
  return replays;
}
