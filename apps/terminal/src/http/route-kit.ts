import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { successEnvelope } from './envelope.js';
import { renderError } from './error-rendering.js';
import { requestFingerprint, type Idempotency, type RouteResult } from './idempotency.js';

/** The terminal's Fastify instance, logging through the runtime's pino logger. */
export type TerminalApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>;

export type Handler = (request: FastifyRequest) => unknown;

/**
 * How every enveloped route is declared: the handler returns the payload, the kit wraps it in
 * the envelope, renders errors, and gives every POST its Idempotency-Key handling.
 */
export class RouteKit {
  constructor(
    private readonly app: TerminalApp,
    private readonly idempotency: Idempotency,
    private readonly clock: Clock,
  ) {}

  get(path: string, handler: Handler): void {
    this.app.get(path, async (request, reply) => {
      const data = await handler(request);
      return reply.send(successEnvelope(data, this.clock.now()));
    });
  }

  post(path: string, handler: Handler): void {
    this.app.post(path, async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header.join(',') : header;
      request.idempotencyKey = key ?? null;
      // The path as requested, not the route's pattern: a key reused for another sale's
      // duplicate is another payload.
      const fingerprint = requestFingerprint('POST', request.url.split('?')[0] ?? path, request.body);
      const { result, replayed } = await this.idempotency.execute(key, fingerprint, () =>
        this.run(handler, request),
      );
      if (replayed) void reply.header('X-Idempotency-Replayed', 'true');
      return this.send(reply, request, result);
    });
  }

  private async run(handler: Handler, request: FastifyRequest): Promise<RouteResult> {
    try {
      const data = await handler(request);
      return { statusCode: 200, body: successEnvelope(data, this.clock.now()) };
    } catch (error) {
      const rendered = renderError(error, this.clock.now());
      if (rendered.statusCode >= 500 && rendered.body.error.code === 'INTERNAL_ERROR') {
        request.log.error({ err: error }, 'request failed');
      }
      return rendered;
    }
  }

  private send(reply: FastifyReply, request: FastifyRequest, result: RouteResult): FastifyReply {
    const body = result.body as { error?: { code?: string } | null };
    if (body.error?.code) request.errorCode = body.error.code;
    return reply.code(result.statusCode).send(result.body);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    errorCode: string | null;
    startedAt: bigint;
  }
}
