// Declares one integration endpoint: its contract (zod schemas, which are also its OpenAPI
// description), the scope it needs and a thin handler. Authentication, rate limiting and
// input parsing happen here, visibly, before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Scope } from '../keys/scopes.js';
import type { ResolvedKey } from '../keys/keys.js';
import { pathOfNulText } from './nul-text.js';
import { fromZodError, ProblemError } from './problem.js';
import type { AppContext } from './context.js';
import { authenticate, authorize } from './auth.js';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

export interface HandlerInput<Q, B, P> {
  ctx: AppContext;
  auth: ResolvedKey;
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
}

/** A body that is JSON text already (rendered by the database): sent as is, never re-serialized. */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to /api/public/v1, in OpenAPI form: /products/{code}. */
  path: string;
  operationId: string;
  summary: string;
  /** Any one of these scopes grants access; an empty list means any valid key. */
  scopes: readonly Scope[];
  query?: QS;
  body?: BS;
  params?: PS;
  responses: Record<number, ResponseSpec>;
  handler: (input: HandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

/** Route definitions erased to one type so a list of them can be registered and documented. */
export interface AnyRoute {
  method: RouteDef['method'];
  path: string;
  operationId: string;
  summary: string;
  scopes: readonly Scope[];
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  responses: Record<number, ResponseSpec>;
  handler: (input: HandlerInput<unknown, unknown, unknown>) => Promise<HandlerResult>;
}

export function defineRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: RouteDef<QS, BS, PS>): AnyRoute {
  return def as unknown as AnyRoute;
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const nul = pathOfNulText(value);
  if (nul)
    throw new ProblemError('invalid_request', `The ${where} failed validation.`, [
      { path: [where, ...nul].join('.'), message: 'text must not contain the NUL character (U+0000)' },
    ]);
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

export const API_PREFIX = '/api/public/v1';

export function registerRoute(app: FastifyInstance, ctx: AppContext, route: AnyRoute): void {
  app.route({
    method: route.method,
    url: API_PREFIX + route.path.replace(/\{(\w+)\}/g, ':$1'),
    onRequest: async (request: FastifyRequest) => {
      const auth = await authenticate(ctx, request);
      authorize(auth, route.scopes);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await route.handler({
        ctx,
        auth: request.auth!,
        query: parse(route.query, request.query, 'query'),
        body: parse(route.body, request.body, 'body'),
        params: parse(route.params, request.params, 'path'),
        request,
      });
      if (result.headers) void reply.headers(result.headers);
      void reply.code(result.status);
      if (result.body instanceof JsonText)
        return reply.type('application/json; charset=utf-8').send(result.body.text);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    },
  });
}
