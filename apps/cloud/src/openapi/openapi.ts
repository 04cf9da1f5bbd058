// The OpenAPI 3.1 document, built from the same zod schemas that validate requests.
import { DOCUMENT_OWNER } from '@fiscal-pos/api-reference';
import { z } from 'zod';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../http/idempotency-key.js';
import type { Route } from '../http/route.js';
import { ProblemSchema } from '../http/problem.js';

type JsonObject = Record<string, unknown>;
/** The document reads a route's contract only, whatever context its handler takes. */
type AnyRoute = Route<never>;

/**
 * JSON Schema of one zod schema; named schemas (`.meta({ id })`) move into `components`
 * and are referenced from there, so each named shape is written once in the document.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  const relinked = JSON.parse(
    JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonObject;
  const { $defs, $schema: _dialect, ...rest } = relinked;
  for (const [id, def] of Object.entries(($defs ?? {}) as JsonObject)) components[id] ??= def;
  return rest;
}

/** Query and path schemas become parameter lists, one per property. */
function parameters(
  schema: z.ZodType | undefined,
  where: 'query' | 'path',
  components: JsonObject,
): JsonObject[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input', components);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/**
 * The Idempotency-Key header a change takes: required or optional where the route says so,
 * optional where its audience keeps answers of every change (the operator's and the console's).
 */
function idempotencyKeyParameter(route: AnyRoute): JsonObject[] {
  const required = route.idempotencyKey === 'required';
  const optional =
    route.idempotencyKey === 'optional' || (route.doc.idempotentChanges === true && route.method !== 'GET');
  if (!required && !optional) return [];
  return [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required,
      description:
        `At most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters. A retry with the same key and request gets the first answer again ` +
        '(Idempotent-Replayed: true); the same key with another request is 409.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
    },
  ];
}

/** Response headers as OpenAPI header objects; each is text. */
const headerObjects = (headers: Readonly<Record<string, string>>): JsonObject =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );

/** An audience's operations share its tag; integration ones are grouped by resource. */
function tagOf(route: AnyRoute): string {
  if (route.doc.tag) return route.doc.tag;
  const resource = route.path.slice(route.basePath.length).split('/')[1]!;
  return resource === 'ping' ? 'keys' : resource;
}

/**
 * What each tag groups, for the document's tag list. A new tag needs a line here: without one,
 * `npm run lint:openapi` (and so `npm test`) fails on its missing description.
 */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  keys: 'Checks an integration key: its merchant and scopes',
  products: "The merchant's catalog: products by code, with multilingual texts and stock",
  'content-blocks': "The merchant's editorial blocks shown on product pages",
  inventory: 'On-hand stock and the adjustments that move it',
  orders: 'Customer orders from a shop or ERP, draft to confirmed or cancelled',
  sales: "The fiscal documents the merchant's terminals issued",
  webhooks: 'Signed event notifications: endpoints, deliveries, redelivery, secrets',
  administration: 'The operator: merchants, keys, catalogs, cashiers and terminals',
  console:
    "The merchant console's API: sign-in and sessions, then the shop's terminals, keys, catalog, orders, webhooks and sales",
  device: 'Terminals: activation, their key, the catalog feed and document upload',
  relay: 'The relay: device credential checks and revocations',
};

function tagList(routes: readonly AnyRoute[]): JsonObject[] {
  return [...new Set(routes.map(tagOf))].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
}

function operationDescription(route: AnyRoute): string {
  return route.description ? `${route.description}\n\n${route.doc.who}` : route.doc.who;
}

/** Every route that takes a body, a query or path parameters answers 400 when they fail validation. */
const takesInput = (route: AnyRoute): boolean =>
  route.body !== undefined || route.query !== undefined || route.params !== undefined;

export function buildOpenApi(routes: readonly AnyRoute[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const schemas: JsonObject = {};
  const securitySchemes: JsonObject = {};
  const problem = { 'application/problem+json': { schema: jsonSchema(ProblemSchema, 'output', schemas) } };
  for (const route of routes) {
    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const mediaType =
        response.mediaType ?? (Number(status) >= 400 ? 'application/problem+json' : 'application/json');
      const schema = response.mediaType
        ? { type: 'string' }
        : response.schema && jsonSchema(response.schema, 'output', schemas);
      responses[status] = {
        description: response.description,
        ...(response.headers ? { headers: headerObjects(response.headers) } : {}),
        ...(schema ? { content: { [mediaType]: { schema } } } : {}),
      };
    }
    if (takesInput(route))
      responses['400'] ??= {
        description: 'The body, query or path parameters failed validation (invalid_request, invalid_json)',
        content: problem,
      };
    const { unauthorized, forbidden, securityScheme } = route.doc;
    if (unauthorized) responses['401'] ??= { description: unauthorized, content: problem };
    if (forbidden) responses['403'] ??= { description: forbidden, content: problem };
    if (securityScheme) securitySchemes[securityScheme.name] ??= securityScheme.scheme;
    responses['429'] ??= { description: 'Rate limit reached; see Retry-After' };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: operationDescription(route),
      tags: [tagOf(route)],
      ...(route.scopes.length > 0 ? { 'x-scopes': route.scopes } : {}),
      ...(route.role === undefined ? {} : { 'x-least-role': route.role }),
      parameters: [
        ...parameters(route.params, 'path', schemas),
        ...parameters(route.query, 'query', schemas),
        ...idempotencyKeyParameter(route),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: !route.body.safeParse(undefined).success,
              content: route.bodyMediaType
                ? { [route.bodyMediaType]: { schema: { type: 'string' } } }
                : { 'application/json': { schema: jsonSchema(route.body, 'input', schemas) } },
            },
          }
        : {}),
      responses,
      security: securityScheme ? [{ [securityScheme.name]: [] }] : [],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fiscal POS cloud integration API',
      version: '1',
      description:
        'The integration API (/api/public/v1/, an X-Service-Api-Key) for shops and ERPs, and the administration, device and relay APIs beside it. Errors are RFC 9457 problem details. Guide: docs/cloud-api.md.',
      ...DOCUMENT_OWNER,
    },
    servers: [{ url: '/' }],
    tags: tagList(routes),
    components: {
      schemas,
      securitySchemes,
    },
    paths,
  };
}
