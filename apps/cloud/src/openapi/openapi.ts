// The OpenAPI 3.1 document, built from the same zod schemas that validate requests.
import { z } from 'zod';
import { API_PREFIX, type AnyRoute } from '../http/route.js';
import { ProblemSchema } from '../http/problem.js';

type JsonObject = Record<string, unknown>;

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

/** Integration operations are grouped by resource; administration and device ones under one tag each. */
function tagOf(route: AnyRoute): string {
  if (route.access === 'operator') return 'administration';
  if (route.access === 'device' || route.access === 'open') return 'device';
  if (route.access === 'relay') return 'relay';
  const resource = route.path.slice(API_PREFIX.length).split('/')[1]!;
  return resource === 'ping' ? 'keys' : resource;
}

/** Per kind of access: who may call, the refusals it adds, and its security requirement. */
const ACCESS: Record<
  AnyRoute['access'],
  { who: (route: AnyRoute) => string; unauthorized?: string; forbidden?: string; security: JsonObject[] }
> = {
  key: {
    who: (route) =>
      route.scopes.length > 0
        ? `Needs a key with one of the scopes: ${route.scopes.join(', ')}.`
        : 'Needs any valid key.',
    unauthorized: 'Missing or invalid key',
    forbidden: 'Module inactive or scope missing',
    security: [{ apiKey: [] }],
  },
  operator: {
    who: () => 'Needs the operator token. Changes are audited and accept an Idempotency-Key.',
    unauthorized: 'Missing or invalid operator token',
    security: [{ operatorToken: [] }],
  },
  device: {
    who: () => 'Needs the device credential from activation (`Authorization: Bearer dc_…`).',
    unauthorized: 'Missing, invalid or revoked device credential',
    forbidden: 'The terminal was deactivated',
    security: [{ deviceCredential: [] }],
  },
  relay: {
    who: () => 'Needs the relay token (RELAY_TOKEN): only the relay calls it.',
    unauthorized: 'Missing or invalid relay token',
    security: [{ relayToken: [] }],
  },
  open: {
    who: () => 'Needs no credential; attempts are limited per client address.',
    security: [],
  },
};

function operationDescription(route: AnyRoute): string {
  const who = ACCESS[route.access].who(route);
  return route.description ? `${route.description}\n\n${who}` : who;
}

export function buildOpenApi(routes: readonly AnyRoute[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const schemas: JsonObject = {};
  const problem = { 'application/problem+json': { schema: jsonSchema(ProblemSchema, 'output', schemas) } };
  for (const route of routes) {
    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const mediaType = Number(status) >= 400 ? 'application/problem+json' : 'application/json';
      responses[status] = {
        description: response.description,
        ...(response.schema
          ? { content: { [mediaType]: { schema: jsonSchema(response.schema, 'output', schemas) } } }
          : {}),
      };
    }
    const access = ACCESS[route.access];
    if (access.unauthorized) responses['401'] ??= { description: access.unauthorized, content: problem };
    if (access.forbidden) responses['403'] ??= { description: access.forbidden, content: problem };
    responses['429'] ??= { description: 'Rate limit reached; see Retry-After' };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: operationDescription(route),
      tags: [tagOf(route)],
      ...(route.scopes.length > 0 ? { 'x-scopes': route.scopes } : {}),
      parameters: [
        ...parameters(route.params, 'path', schemas),
        ...parameters(route.query, 'query', schemas),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: !route.body.safeParse(undefined).success,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input', schemas) } },
            },
          }
        : {}),
      responses,
      security: access.security,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Fiscal POS cloud integration API', version: '1' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Service-Api-Key' },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The operator token (DATA_DIR/operator-token or CLOUD_OPERATOR_TOKEN)',
        },
        deviceCredential: {
          type: 'http',
          scheme: 'bearer',
          description: 'A terminal’s device credential (dc_…), issued at activation',
        },
        relayToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token the relay and the cloud share (RELAY_TOKEN)',
        },
      },
    },
    paths,
  };
}
