import type { FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** The terminal's Fastify instance, logging through the runtime's pino logger. */
export type TerminalApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    errorCode: string | null;
    startedAt: bigint;
    /** Its audit row is already written (before the answer of a request that may change state). */
    audited: boolean;
  }
}
