// Declares one endpoint: its contract (zod schemas, which are also its OpenAPI description),
// who may call it and a thin handler. Integration endpoints take an X-Service-Api-Key with a
// scope; administration endpoints take the operator token and get idempotency and the audit
// log; device endpoints take a terminal's device credential, except the one that issues it
// (activation), which is limited per client address instead. Authentication, input parsing,
// idempotency and the audit happen here, visibly, before and after the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authenticateOperator } from '../admin/operator-auth.js';
import { runAdministration } from '../admin/run-administration.js';
import type { Scope } from '../keys/scopes.js';
import type { ResolvedKey } from '../keys/keys.js';
import { pathOfNulText } from './nul-text.js';
import { fromZodError, ProblemError } from './problem.js';
import type { AppContext } from './context.js';
import { authenticate, authorize } from './auth.js';
import { authenticateDevice, type AuthenticatedDevice } from '../terminals/device-auth.js';
import { countOrRefuse, type AddressLimiter } from './address-limiter.js';
import { authenticateRelay } from '../relay/relay-auth.js';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

interface AdminHandlerInput<Q, B, P> {
  ctx: AppContext;
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
}

type HandlerInput<Q, B, P> = AdminHandlerInput<Q, B, P> & { auth: ResolvedKey };
type DeviceHandlerInput<Q, B, P> = AdminHandlerInput<Q, B, P> & { device: AuthenticatedDevice };

/** A body that is JSON text already (rendered by the database): sent as is, never re-serialized. */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Contract<QS, BS, PS> {
  /** Relative to the API's base path, in OpenAPI form: /products/{code}. */
  path: string;
  operationId: string;
  summary: string;
  /** Longer prose for the OpenAPI document, when the summary is not enough. */
  description?: string;
  query?: QS;
  body?: BS;
  params?: PS;
  responses: Record<number, ResponseSpec>;
}

export interface RouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> extends Contract<QS, BS, PS> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Any one of these scopes grants access; an empty list means any valid key. */
  scopes: readonly Scope[];
  handler: (input: HandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

export interface AdminRouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> extends Contract<QS, BS, PS> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fields of the answer shown once (new keys): left out of the copy kept for replays. */
  shownOnce?: readonly string[];
  handler: (input: AdminHandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

export interface DeviceRouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> extends Contract<QS, BS, PS> {
  method: 'GET' | 'POST';
  handler: (input: DeviceHandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

/** What the relay asks the cloud, with the relay token; its handler sees no device or key. */
export interface RelayRouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> extends Contract<QS, BS, PS> {
  method: 'GET' | 'POST';
  handler: (input: AdminHandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

/** A device endpoint without a credential: every attempt is counted per client address first. */
export interface OpenDeviceRouteDef<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
> extends Contract<QS, BS, PS> {
  method: 'POST';
  attempts: (ctx: AppContext) => { limiter: AddressLimiter; refusal: string };
  handler: (input: AdminHandlerInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<HandlerResult>;
}

/** Route definitions erased to one type so a list of them can be registered and documented. */
export interface AnyRoute {
  /** key: integration key; operator: operator token; device: device credential; relay: relay token; open: none. */
  access: 'key' | 'operator' | 'device' | 'relay' | 'open';
  method: AdminRouteDef['method'];
  /** The full path, base path included, in OpenAPI form. */
  path: string;
  operationId: string;
  summary: string;
  description?: string | undefined;
  /** Scopes for `key` routes (any one grants access; none: any valid key). */
  scopes: readonly Scope[];
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  responses: Record<number, ResponseSpec>;
  shownOnce?: readonly string[] | undefined;
  attempts?: OpenDeviceRouteDef['attempts'] | undefined;
  handler: (
    input: HandlerInput<unknown, unknown, unknown> & DeviceHandlerInput<unknown, unknown, unknown>,
  ) => Promise<HandlerResult>;
}

export const API_PREFIX = '/api/public/v1';
const ADMIN_PREFIX = '/api/admin/v1';
const DEVICE_PREFIX = '/api/device/v1';
export const RELAY_PREFIX = '/api/relay/v1';

export function defineRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: RouteDef<QS, BS, PS>): AnyRoute {
  return { ...def, access: 'key', path: API_PREFIX + def.path } as unknown as AnyRoute;
}

export function defineAdminRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: AdminRouteDef<QS, BS, PS>): AnyRoute {
  return { ...def, access: 'operator', scopes: [], path: ADMIN_PREFIX + def.path } as unknown as AnyRoute;
}

export function defineDeviceRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: DeviceRouteDef<QS, BS, PS>): AnyRoute {
  return { ...def, access: 'device', scopes: [], path: DEVICE_PREFIX + def.path } as unknown as AnyRoute;
}

export function defineRelayRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: RelayRouteDef<QS, BS, PS>): AnyRoute {
  return { ...def, access: 'relay', scopes: [], path: RELAY_PREFIX + def.path } as unknown as AnyRoute;
}

export function defineOpenDeviceRoute<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(def: OpenDeviceRouteDef<QS, BS, PS>): AnyRoute {
  return { ...def, access: 'open', scopes: [], path: DEVICE_PREFIX + def.path } as unknown as AnyRoute;
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

export function registerRoute(app: FastifyInstance, ctx: AppContext, route: AnyRoute): void {
  app.route({
    method: route.method,
    url: route.path.replace(/\{(\w+)\}/g, ':$1'),
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      switch (route.access) {
        case 'operator':
          authenticateOperator(ctx, request);
          return;
        case 'device':
          await authenticateDevice(ctx, request);
          return;
        case 'relay':
          authenticateRelay(ctx, request);
          return;
        case 'open': {
          const { limiter, refusal } = route.attempts!(ctx);
          countOrRefuse(limiter, request.ip, reply, refusal);
          return;
        }
        case 'key':
          // Authenticated here; authorised in the handler, after the per-key limit (a
          // preHandler) has counted the request and set its x-ratelimit headers: a key's 403s
          // use its budget like any answer.
          await authenticate(ctx, request);
      }
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (route.access === 'key') authorize(request.auth!, route.scopes);
      const input = {
        ctx,
        auth: request.auth!,
        device: request.device!,
        query: parse(route.query, request.query, 'query'),
        body: parse(route.body, request.body, 'body'),
        params: parse(route.params, request.params, 'path'),
        request,
      };
      const result =
        route.access === 'operator'
          ? await runAdministration(ctx, {
              route,
              request,
              body: input.body,
              run: () => route.handler(input),
            })
          : await route.handler(input);
      if (result.headers) void reply.headers(result.headers);
      void reply.code(result.status);
      if (result.body instanceof JsonText)
        return reply.type('application/json; charset=utf-8').send(result.body.text);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    },
  });
}
