import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError, type ErrorCode, type FieldError } from '../domain-error.js';
import type { ResourceKind } from '../storage/idempotency-store.js';

/** What a parser returns: the value, or every field that failed (details of a VALIDATION_ERROR). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: readonly FieldError[] };

/** PLATFORM_ERROR carries a status of its own and no terminal endpoint answers it. */
export type EndpointErrorCode = Exclude<ErrorCode, 'PLATFORM_ERROR'>;

/** The errors of every operation that registers a fiscal document under the serial lock. */
export const FISCAL_OPERATION_ERRORS = [
  'TERMINAL_NOT_FISCAL',
  'CLOCK_BEHIND_LAST_DOCUMENT',
  'MEV_CREDENTIALS_MISSING',
  'BUSY',
  'MEV_ERROR',
  'MEV_UNAVAILABLE',
] as const satisfies readonly EndpointErrorCode[];

/** A document that takes money in or gives it back may take its day, shift or year past its limit. */
export const TURNOVER_LIMIT_ERRORS = [
  'DAY_TOTAL_LIMIT_EXCEEDED',
  'SHIFT_TOTAL_LIMIT_EXCEEDED',
  'YEAR_TOTAL_LIMIT_EXCEEDED',
] as const satisfies readonly EndpointErrorCode[];

/**
 * A JSON body: its schema for the document, and the parser that gives the spec's validation
 * codes (the shared request parsers of `@fiscal-pos/fiscal` mostly; some need the terminal's
 * VAT table or date, hence the services).
 */
interface RequestBody<S, B> {
  schema: z.ZodType;
  parse(raw: unknown, services: S): Parsed<B>;
}

/** A query string: its schema for the document and its parser (see query-fields.ts). */
export interface QuerySpec<Q> {
  schema: z.ZodObject;
  parse(raw: unknown): Parsed<Q>;
}

/**
 * One endpoint as the OpenAPI document describes it. The schemas are the ones the code runs:
 * request schemas validate bodies, response schemas type the handlers (`z.output`) and are
 * checked against real answers by the contract tests.
 */
export interface EndpointContract {
  /** DELETE, like GET, has no Idempotency-Key: doing it twice is the same as once. */
  method: 'GET' | 'POST' | 'DELETE';
  /** In Fastify's form, `/api/sales/:saleId`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** false only for the health checks and the OpenAPI document: X-API-Key is not asked. */
  authenticated: boolean;
  /**
   * `envelope`: the payload is the data of the success envelope. `raw`: the body is the
   * payload itself (catalog paths, the OpenAPI document, Prometheus text).
   */
  body: 'envelope' | 'raw';
  /** Media type of a raw body; JSON unless told. */
  contentType?: string;
  request?: { schema: z.ZodType };
  query?: { schema: z.ZodObject };
  params?: z.ZodObject;
  response: z.ZodType;
  /**
   * Error codes particular to this endpoint. The document adds the ones every endpoint of
   * its kind can answer (key checks, body and Idempotency-Key handling, INTERNAL_ERROR).
   */
  errors: readonly EndpointErrorCode[];
}

/**
 * How the answer of a POST is rebuilt from storage when its Idempotency-Key is retried after a
 * crash: the use case linked the key to a resource of this kind before the process died.
 */
export interface Replay<S> {
  kind: ResourceKind;
  rebuild(services: S, resourceId: string): Replayed;
}

/** What a replay gives: the payload as it was answered, or the refusal it was answered with. */
export type Replayed = { ok: true; data: unknown } | { ok: false; refusal: DomainError };

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

interface HandlerInput<S, Q, B, P> {
  services: S;
  query: Q;
  body: B;
  params: P;
  /** The request's Idempotency-Key (POST), for the use case to link to what it writes. */
  idempotencyKey: string | null;
  /** For what no field above says: a raw body's content type. */
  reply: FastifyReply;
}

/** One endpoint, declared once: its contract, its replay and its handler. */
export interface RouteDef<S, R extends z.ZodType, Q, B, PS extends z.ZodObject | undefined> extends Omit<
  EndpointContract,
  'request' | 'query' | 'params' | 'response'
> {
  request?: RequestBody<S, B>;
  query?: QuerySpec<Q>;
  params?: PS;
  response: R;
  replay?: Replay<S>;
  handler: (input: HandlerInput<S, Q, B, Output<PS>>) => z.output<R> | Promise<z.output<R>>;
}

/** A declared endpoint with its parsing folded into `handle`, so that a list of them can be registered. */
export interface Route<S> extends EndpointContract {
  request?: RequestBody<S, unknown>;
  query?: QuerySpec<unknown>;
  replay?: Replay<S>;
  /** Parses query, path and body (VALIDATION_ERROR with every issue) and runs the handler. */
  handle(services: S, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** What a handler receives for a part the route does not declare. */
const NOTHING = { ok: true, value: undefined } as const;

/**
 * A parameter the endpoint does not know is refused (PARAMETER_UNKNOWN), not ignored: an ERP that
 * misspells `dateFrom` would otherwise get the whole history as if it had asked for one day.
 */
export function unknownQueryParameters(raw: unknown, known: readonly string[]): FieldError[] {
  const names = Object.keys((raw ?? {}) as Record<string, unknown>).filter((name) => !known.includes(name));
  const expected =
    known.length === 0 ? 'this endpoint takes no query parameter' : `known: ${known.join(', ')}`;
  return names.map((name) => ({
    field: name,
    code: 'PARAMETER_UNKNOWN',
    message: `unknown query parameter ${name} (${expected})`,
  }));
}

/** An endpoint that declares no query string refuses any parameter (unknownQueryParameters). */
function noQuery(raw: unknown): Parsed<undefined> {
  const issues = unknownQueryParameters(raw, []);
  return issues.length > 0 ? { ok: false, issues } : NOTHING;
}

function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw DomainError.validation(parsed.issues);
  return parsed.value;
}

/**
 * `defineRoute<Services>()({ ... })`: the services are the part of the runtime the handler
 * uses; the app passes one object that has all of them. Query, body and path parameters reach
 * the handler parsed and typed; an undeclared one is `undefined`.
 */
export function defineRoute<S>() {
  return <R extends z.ZodType, Q = undefined, B = undefined, PS extends z.ZodObject | undefined = undefined>(
    def: RouteDef<S, R, Q, B, PS>,
  ): Route<S> => {
    const { handler, ...declaration } = def;
    return {
      ...declaration,
      handle: async (services, request, reply) => {
        // Each part is parsed by its declared parser; an absent one gives `undefined`, which is
        // what the type parameter defaults to when the part is not declared.
        const query = valid<unknown>(def.query?.parse(request.query) ?? noQuery(request.query)) as Q;
        const params = (def.params?.parse(request.params) ?? undefined) as Output<PS>;
        const body = valid<unknown>(def.request?.parse(request.body, services) ?? NOTHING) as B;
        return handler({ services, query, body, params, idempotencyKey: request.idempotencyKey, reply });
      },
    };
  };
}
