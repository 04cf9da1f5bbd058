import { z } from 'zod';
import { errorEnvelopeSchema, rawErrorSchema, successEnvelopeSchema } from '../http/envelope-contract.js';
import { httpStatusOf } from '../http/error-codes.js';
import type { EndpointContract, EndpointErrorCode } from '../http/define-route.js';
import { TERMINAL_ENDPOINTS } from '../terminal-routes.js';
import { applicationVersion } from '../version.js';
import type { OpenApiDocument } from '../http/openapi-contract.js';
import { DOCUMENT_OWNER } from '@fiscal-pos/api-reference';

type JsonObject = Record<string, unknown>;

const AUTH_ERRORS: readonly EndpointErrorCode[] = ['MISSING_API_KEY', 'INVALID_API_KEY'];
/**
 * An enveloped POST reads a JSON body and its Idempotency-Key (a malformed key is a
 * VALIDATION_ERROR); a raw POST (POST /api/catalog/sync) takes neither: it is a command with
 * no body, harmless to repeat.
 */
function idempotent(endpoint: EndpointContract): boolean {
  return endpoint.method === 'POST' && endpoint.body === 'envelope';
}

const POST_ERRORS: readonly EndpointErrorCode[] = [
  'INVALID_JSON',
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSE_MISMATCH',
];

/** Every code an endpoint can answer, in the order of the spec's error table. */
export function errorCodesOf(endpoint: EndpointContract): EndpointErrorCode[] {
  const codes = new Set<EndpointErrorCode>([
    ...(endpoint.authenticated ? AUTH_ERRORS : []),
    // Every endpoint refuses a query parameter it does not know (PARAMETER_UNKNOWN).
    'VALIDATION_ERROR',
    ...(idempotent(endpoint) ? POST_ERRORS : []),
    ...endpoint.errors,
    ...(endpoint.body === 'envelope' ? (['INTERNAL_ERROR'] as const) : []),
    // Any request that writes can find the disk full or read-only.
    ...(endpoint.method === 'GET' ? [] : (['STORAGE_UNAVAILABLE'] as const)),
  ]);
  return [...codes].sort((a, b) => httpStatusOf(a) - httpStatusOf(b));
}

/** `/api/sales/:saleId` -> `/api/sales/{saleId}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const FORMATS_WITHOUT_PATTERN = new Set(['date', 'date-time', 'uuid', 'email']);

/**
 * JSON Schema of a zod schema (draft 2020-12, the dialect of OpenAPI 3.1). Named schemas
 * (`.meta({ id })`) move into components.schemas and are referenced, so each is written once;
 * a name generated twice must come out the same, or the document would contradict itself.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const generated = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ jsonSchema: json }) => {
      // `format` says it; zod's long regexes would be repeated at every timestamp and id.
      if (typeof json.format === 'string' && FORMATS_WITHOUT_PATTERN.has(json.format)) delete json.pattern;
      // zod bounds every integer by the safe range; only real bounds are worth reading.
      if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
      if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
    },
  });
  const relinked = JSON.parse(
    JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonObject;
  const { $defs, $schema: _dialect, ...rest } = relinked;
  for (const [id, def] of Object.entries(($defs ?? {}) as JsonObject)) {
    if (id in components && JSON.stringify(components[id]) !== JSON.stringify(def)) {
      throw new Error(`Schema ${id} is generated differently in two places`);
    }
    components[id] = def;
  }
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: 'query' | 'path', components: JsonObject) {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input', components);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }));
}

const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };
const REPLAYED_HEADER = { $ref: '#/components/headers/IdempotencyReplayed' };

function responseHeaders(endpoint: EndpointContract): JsonObject {
  return {
    'X-Request-Id': REQUEST_ID_HEADER,
    ...(idempotent(endpoint) ? { 'X-Idempotency-Replayed': REPLAYED_HEADER } : {}),
  };
}

function successResponse(endpoint: EndpointContract, components: JsonObject): JsonObject {
  const schema = endpoint.body === 'envelope' ? successEnvelopeSchema(endpoint.response) : endpoint.response;
  return {
    description: endpoint.body === 'envelope' ? 'Success envelope; the payload is `data`' : 'Raw body',
    headers: responseHeaders(endpoint),
    content: {
      [endpoint.contentType ?? 'application/json']: { schema: jsonSchema(schema, 'output', components) },
    },
  };
}

/** One response per HTTP status, naming its codes; the body is the error envelope, or the raw error of a raw endpoint. */
function errorResponses(endpoint: EndpointContract): Record<string, JsonObject> {
  const byStatus = new Map<number, EndpointErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.join(', '),
        'x-error-codes': codes,
        headers: responseHeaders(endpoint),
        content: {
          'application/json': {
            schema: {
              $ref: `#/components/schemas/${endpoint.body === 'raw' ? 'RawError' : 'ErrorEnvelope'}`,
            },
          },
        },
      },
    ]),
  );
}

/** An empty body counts as `{}`, so a body is required only when some field is. */
function requestBody(schema: z.ZodType, components: JsonObject): JsonObject {
  const json = jsonSchema(schema, 'input', components);
  return {
    required: Array.isArray(json.required) && json.required.length > 0,
    content: { 'application/json': { schema: json } },
  };
}

const KEY_NEEDED = 'Needs the terminal’s key in X-API-Key.';
const NO_KEY = 'Needs no key.';

/** The endpoint's prose, then who may call it, so that every operation says at least that. */
function operationDescription(endpoint: EndpointContract): string {
  const who = endpoint.authenticated ? KEY_NEEDED : NO_KEY;
  return endpoint.description ? `${endpoint.description}\n\n${who}` : who;
}

/**
 * What each tag groups, for the document's tag list. A new tag needs a line here: without one,
 * `npm run lint:openapi` (and so `npm test`) fails on its missing description.
 */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Health: 'Whether the terminal runs and can fiscalize: no key needed',
  Catalog: 'The products, categories, VAT rates and cashiers the terminal keeps from the cloud (raw JSON)',
  Sales: 'Fiscal receipts: sales, their refunds and duplicate copies',
  Cash: 'Cash put into or taken out of the drawer, each a fiscal document',
  'Card terminal': 'Voids and refunds of card payments on the bank card terminal',
  Reports: 'X and Z reports, the periodic report and the daily summary',
  Shifts: 'Opening and closing a cashier’s shift, and the shift history',
  'Delivery lots': 'Carts prepared elsewhere, loaded at the till by their QR code',
  'Fiscal operations': 'The log of documents registered with the tax authority’s fiscal server',
  Printing: 'Non-fiscal printing and the receipt printer’s job queue',
  Operations: 'For whoever runs the terminal: the API description and metrics',
};

function tagList(endpoints: readonly EndpointContract[]): JsonObject[] {
  return [...new Set(endpoints.map((e) => e.tag))].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
}

function operation(endpoint: EndpointContract, components: JsonObject): JsonObject {
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: operationDescription(endpoint),
    tags: [endpoint.tag],
    ...(endpoint.authenticated ? {} : { security: [] }),
    parameters: [
      ...parameters(endpoint.params, 'path', components),
      ...parameters(endpoint.query?.schema, 'query', components),
      ...(idempotent(endpoint) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...(endpoint.request ? { requestBody: requestBody(endpoint.request.schema, components) } : {}),
    responses: { '200': successResponse(endpoint, components), ...errorResponses(endpoint) },
  };
}

/** The Terminal API as an OpenAPI 3.1 document, from the schemas the code runs. */
export function buildTerminalOpenApiDocument(
  endpoints: readonly EndpointContract[] = TERMINAL_ENDPOINTS,
): OpenApiDocument {
  const schemas: JsonObject = {};
  jsonSchema(errorEnvelopeSchema, 'output', schemas);
  jsonSchema(rawErrorSchema, 'output', schemas);
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const endpoint of endpoints) {
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fiscal POS Terminal API',
      // The same document for every build: the build suffix is left out.
      version: applicationVersion({}).replace(/\+.*$/, ''),
      description:
        'Local REST API of the point-of-sale terminal. Every answer but the raw ones uses the envelope {success, data, error, timestamp}. Guide: docs/terminal-api.md.',
      ...DOCUMENT_OWNER,
    },
    servers: [
      {
        url: 'http://{deviceIp}:{port}',
        description: 'the terminal on the local network',
        variables: {
          deviceIp: { default: '192.168.1.50', description: 'deviceIp of the health record' },
          port: { default: '4567' },
        },
      },
      {
        url: 'https://{relayHost}/api/relay/{publicId}',
        description: 'the same API through the cloud relay',
        variables: { relayHost: { default: 'relay.example.com' }, publicId: { default: 'terminal' } },
      },
    ],
    security: [{ ApiKey: [] }],
    tags: tagList(endpoints),
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Per-terminal key. Absent: 401 MISSING_API_KEY; not valid: 401 INVALID_API_KEY.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Opaque key, 1-255 printable ASCII characters (otherwise VALIDATION_ERROR, IDEMPOTENCY_KEY_INVALID). The same key with the same payload returns the stored answer; with another payload 409 IDEMPOTENCY_KEY_REUSE_MISMATCH. Kept 48 hours.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        },
      },
      headers: {
        RequestId: {
          description: 'Id of the request in the terminal’s audit log',
          schema: { type: 'string', format: 'uuid' },
        },
        IdempotencyReplayed: {
          description: '`true` when the answer is the stored answer of an earlier request with the same key',
          schema: { type: 'string', const: 'true' },
        },
      },
    },
  };
}
