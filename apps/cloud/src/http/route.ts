// Declares one endpoint: its contract (zod schemas, which are also its OpenAPI description),
// who may call it (an access strategy, which each audience owns in its own folder:
// integration-access/, operator-access/, device-access/, relay-access/, open-access/) and a
// thin handler whose answer is typed by the response schema of the status it answers.
// The access strategy admits or refuses the caller before the body is read; input parsing
// happens here, visibly, before the handler runs. This kit knows no audience and no feature.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idempotencyKeyOf, requireIdempotencyKey } from './idempotency-key.js';
import { pathOfNulText } from './nul-text.js';
import { fromZodError, ProblemError } from './problem.js';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /**
   * A body other than JSON (text/csv): with a schema, the handler answers its text, sent as is;
   * without, a StreamedBody.
   */
  mediaType?: string;
  /** Headers the answer may carry, by name, with what each says (the document lists them). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The statuses an endpoint may declare. A closed list, not `number`: with it the compiler keeps
 * a handler's `status: 201` as the literal it checks against the declared ones.
 */
type HttpStatus = 200 | 201 | 202 | 204 | 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** The answers of an endpoint by status. */
type Responses = { readonly [S in HttpStatus]?: ResponseSpec };

/**
 * A body that is JSON text already (rendered by the database): sent as is, never re-serialized.
 * `T` is the output of the schema the text follows, said by whoever renders it.
 */
export class JsonText<T> {
  /** Never set: only makes a JsonText of one shape unlike one of another for the compiler. */
  declare private readonly shape?: T;
  constructor(readonly text: string) {}
}

/**
 * A body streamed as it is produced (an export of any size), in the media type its response
 * declares; an error after the first bytes ends the response early, so the client sees a cut,
 * never a complete-looking file.
 */
export class StreamedBody {
  constructor(
    readonly mediaType: string,
    readonly stream: Readable,
  ) {}
}

type BodyOf<S> = S extends { schema: infer Z extends z.ZodType }
  ? { body: z.output<Z> | JsonText<z.output<Z>> }
  : S extends { mediaType: string }
    ? { body: StreamedBody }
    : { body?: undefined };

/** What a handler answers: one of the declared statuses, with a body its schema types. */
export type Answer<R extends Responses> = {
  [K in keyof R]: { status: K & HttpStatus; headers?: Headers } & BodyOf<R[K]>;
}[keyof R];

/**
 * Response headers; an undefined one is not sent (handlers that answer with a header in one
 * branch and without it in another get `{ location?: undefined }` from the compiler).
 */
type Headers = Readonly<Record<string, string | undefined>>;

/** An answer erased to what registration needs. */
export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Headers;
}

/** What the OpenAPI document says of an audience. */
interface AccessDoc {
  /** Who may call, in a sentence. */
  who: string;
  /** The 401 and 403 this audience answers, when it does. */
  unauthorized?: string;
  forbidden?: string;
  /** Its security scheme (none: no credential). */
  securityScheme?: { name: string; scheme: Readonly<Record<string, unknown>> };
  /** One tag for all of its operations; without it, the resource (first path segment). */
  tag?: string;
  /** Its changes (every method but GET) accept an Idempotency-Key (`around` keeps the answers). */
  idempotentChanges?: boolean;
}

/** The operation an access strategy wraps (the operator's audit names it). */
export interface Operation {
  method: Method;
  operationId: string;
}

/**
 * How one audience is let in. `C` is the context the app hands every route, `P` what the
 * strategy tells the handler of its caller (`{ auth }`, `{ device }` or nothing).
 */
export interface Access<C, P extends object> {
  /** The audience's name: key, operator, device, relay, open. */
  name: string;
  /** Its API's base path, prefixed to every route of it. */
  basePath: string;
  /** Scopes of an integration key, any one of which grants access (none: any valid key). */
  scopes?: readonly string[];
  /** The least role the caller needs, for audiences with roles (the console). */
  role?: string;
  /**
   * Its changes (every method but GET) are written to the audit log by `around`: each operation
   * needs what the Activity page says of it (tests walk the audited routes).
   */
  audited?: boolean;
  /** Runs before the body is read: who calls, or a thrown refusal (ProblemError). */
  admit(ctx: C, request: FastifyRequest, reply: FastifyReply): P | Promise<P>;
  /**
   * Runs after the limits counted the request (a refused one spends the caller's budget) and
   * before its input is parsed: refuses a caller who may not make it (a scope, a module), so
   * that one learns nothing of the input's schema from a 400.
   */
  authorize?(caller: P): void;
  /**
   * What the audience wraps around its handlers (idempotency, audit); without it, the handler
   * alone. `run` takes the context the handler gets, when not the app's (a transaction's).
   */
  around?(
    ctx: C,
    call: { operation: Operation; request: FastifyRequest; body: unknown; caller: P },
    run: (scoped?: C) => Promise<HandlerResult>,
  ): Promise<HandlerResult>;
  doc: AccessDoc;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a route's use case takes the Idempotency-Key header (RouteDef.idempotencyKey). */
type IdempotencyKeyUse = 'required' | 'optional';

interface HandlerInput<C, Q, B, PA, K> {
  ctx: C;
  query: Q;
  body: B;
  params: PA;
  /**
   * The Idempotency-Key header, read once by the kit where the route takes it (its use case
   * keeps the key itself); an optional key of an audience that keeps answers is the
   * audience's (`around`), not the handler's.
   */
  idempotencyKey: K extends 'required' ? string : K extends 'optional' ? string | undefined : undefined;
  request: FastifyRequest;
}

/** One endpoint, declared once. */
interface RouteDef<
  C,
  P extends object,
  R extends Responses,
  QS extends z.ZodType | undefined,
  BS extends z.ZodType | undefined,
  PS extends z.ZodType | undefined,
  K extends IdempotencyKeyUse | undefined,
> {
  method: Method;
  /** Relative to the audience's base path, in OpenAPI form: /products/{code}. */
  path: string;
  operationId: string;
  summary: string;
  /** Longer prose for the OpenAPI document, when the summary is not enough. */
  description?: string;
  query?: QS;
  body?: BS;
  /** A body other than JSON: `text/csv` reaches the body schema as the bytes sent (a Buffer). */
  bodyMediaType?: 'text/csv';
  /** Bytes a body may have, when not the app's (1 MiB); beyond it, 413. */
  bodyLimit?: number;
  params?: PS;
  /**
   * The change takes an Idempotency-Key, which its use case keeps itself: `required` (stock
   * adjustments), without one the kit answers 400 before the handler runs and the document marks
   * it required; `optional` (webhook registration), the handler gets it when sent.
   */
  idempotencyKey?: K;
  responses: R;
  handler: (input: HandlerInput<C, Infer<QS>, Infer<BS>, Infer<PS>, K> & P) => Promise<Answer<R>>;
}

/** A declared endpoint with its access and parsing folded in, so a list of them can be registered. */
export interface Route<C> {
  /** The audience's name (Access.name). */
  access: string;
  doc: AccessDoc;
  basePath: string;
  /** Access.scopes; empty for audiences without scopes. */
  scopes: readonly string[];
  /** Access.role; undefined for audiences without roles. */
  role: string | undefined;
  /** A change its access audits (Access.audited). */
  audited: boolean;
  method: Method;
  /** The full path, base path included, in OpenAPI form. */
  path: string;
  operationId: string;
  summary: string;
  description?: string | undefined;
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  bodyMediaType?: 'text/csv' | undefined;
  bodyLimit?: number | undefined;
  params?: z.ZodType | undefined;
  idempotencyKey?: IdempotencyKeyUse | undefined;
  responses: Responses;
  /** The route's onRequest hook: admits the caller or throws the refusal. */
  admit(ctx: C, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Parses query, body and path (400 with every issue) and runs the handler. */
  handle(ctx: C, request: FastifyRequest): Promise<HandlerResult>;
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const nul = pathOfNulText(value);
  if (nul)
    throw new ProblemError('invalid_request', `The ${where} failed validation.`, [
      {
        path: [where, ...nul].join('.'),
        message: 'text must not contain the NUL character (U+0000) or an unpaired UTF-16 surrogate',
      },
    ]);
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

/** `defineRoute(access, { ... })`: the access strategy's caller and the parsed input reach the handler typed. */
export function defineRoute<
  C,
  P extends object,
  R extends Responses,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  K extends IdempotencyKeyUse | undefined = undefined,
>(access: Access<C, P>, def: RouteDef<C, P, R, QS, BS, PS, K>): Route<C> {
  const { handler, ...contract } = def;
  // What admit learned of the caller, until the handler runs (Fastify keeps the request).
  const callers = new WeakMap<FastifyRequest, P>();
  const operation = { method: def.method, operationId: def.operationId };
  return {
    ...contract,
    access: access.name,
    doc: access.doc,
    basePath: access.basePath,
    scopes: access.scopes ?? [],
    role: access.role,
    audited: access.audited === true && def.method !== 'GET',
    path: access.basePath + def.path,
    admit: async (ctx, request, reply) => {
      callers.set(request, await access.admit(ctx, request, reply));
    },
    handle: async (ctx, request) => {
      const caller = callers.get(request);
      if (caller === undefined) throw new Error(`${def.operationId}: handled before being admitted`);
      access.authorize?.(caller);
      // A body in the other media type (CSV to a JSON route, JSON to a CSV one) is refused as such.
      if (request.body !== undefined && Buffer.isBuffer(request.body) !== (def.bodyMediaType === 'text/csv'))
        throw new ProblemError(
          'unsupported_media_type',
          `Send the body as ${def.bodyMediaType ?? 'application/json'}.`,
        );
      const idempotencyKey =
        def.idempotencyKey === 'required'
          ? requireIdempotencyKey(request)
          : def.idempotencyKey === 'optional'
            ? idempotencyKeyOf(request)
            : undefined;
      // Each part is parsed by its schema; an absent one gives `undefined`, which is what the
      // type parameter defaults to when the part is not declared.
      const input = {
        ...caller,
        ctx,
        query: parse(def.query, request.query, 'query') as Infer<QS>,
        body: parse(def.body, request.body, 'body') as Infer<BS>,
        params: parse(def.params, request.params, 'path') as Infer<PS>,
        idempotencyKey: idempotencyKey as HandlerInput<C, unknown, unknown, unknown, K>['idempotencyKey'],
        request,
      };
      const run = (scoped: C = ctx): Promise<HandlerResult> => handler({ ...input, ctx: scoped });
      return access.around
        ? access.around(ctx, { operation, request, body: input.body, caller }, run)
        : run();
    },
  };
}

export function registerRoute<C>(app: FastifyInstance, ctx: C, route: Route<C>): void {
  app.route({
    method: route.method,
    url: route.path.replace(/\{(\w+)\}/g, ':$1'),
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    onRequest: (request, reply) => route.admit(ctx, request, reply),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await route.handle(ctx, request);
      for (const [name, value] of Object.entries(result.headers ?? {}))
        if (value !== undefined) void reply.header(name, value);
      void reply.code(result.status);
      if (result.body instanceof StreamedBody)
        return reply.type(result.body.mediaType).send(result.body.stream);
      const mediaType = route.responses[result.status as HttpStatus]?.mediaType;
      if (mediaType) return reply.type(mediaType).send(result.body);
      // As bytes: sent a string, Fastify scans it for its UTF-8 length and the socket write then
      // encodes it; a 100-product page (~60 KB) paid ~50 us for the second pass.
      if (result.body instanceof JsonText)
        return reply.type('application/json; charset=utf-8').send(Buffer.from(result.body.text));
      return result.body === undefined ? reply.send() : reply.send(result.body);
    },
  });
}
