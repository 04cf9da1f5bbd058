/**
 * Postman collections (v2.1) of the terminal's and the cloud's APIs, made from the two OpenAPI
 * documents in docs/ by openapi-to-postmanv2 and written to docs/collections/. One function for
 * the writer (`npm run generate -w @fiscal-pos/sdk`) and for the test that keeps the checked-in
 * files current, as generated-sources.ts is for the types.
 *
 * A collection is for sending requests: the address is `{{baseUrl}}`, each credential a variable
 * named for its scheme (`{{apiKey}}` on the terminal; `{{serviceApiKey}}`, `{{operatorToken}}`,
 * ... on the cloud), each request carries the one its operation needs. Example answers are left
 * out (the documents and /docs describe them); bodies show each field's type (`<string>`).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { format, resolveConfig } from 'prettier';
import Converter from 'openapi-to-postmanv2';
import type { GeneratedFile } from './generated-sources.js';

const DOCS = new URL('../../../docs/', import.meta.url);
const COLLECTIONS = new URL('collections/', DOCS);

interface Source {
  document: string;
  output: string;
  /** Where `npm start` serves the API; the integrator sets their own. */
  baseUrl: string;
  /** The variable that holds each security scheme's credential, with what to put in it. */
  credentials: Readonly<Record<string, { variable: string; description: string }>>;
}

const SOURCES: readonly Source[] = [
  {
    document: 'terminal-openapi.json',
    output: 'terminal-api.postman_collection.json',
    baseUrl: 'http://localhost:4567',
    credentials: {
      ApiKey: {
        variable: 'apiKey',
        description:
          'The terminal’s key (X-API-Key): `npm run terminal -- show-key`, or its developer settings',
      },
    },
  },
  {
    document: 'cloud-openapi.json',
    output: 'cloud-api.postman_collection.json',
    baseUrl: 'http://localhost:4600',
    credentials: {
      apiKey: {
        variable: 'serviceApiKey',
        description: 'An integration key, rk_… (X-Service-Api-Key), made in the merchant’s control panel',
      },
      operatorToken: {
        variable: 'operatorToken',
        description: 'The operator token (DATA_DIR/operator-token or CLOUD_OPERATOR_TOKEN)',
      },
      deviceCredential: {
        variable: 'deviceCredential',
        description: 'A terminal’s device credential (dc_…), issued at activation',
      },
      relayToken: {
        variable: 'relayToken',
        description: 'The token the relay and the cloud share (RELAY_TOKEN)',
      },
    },
  },
];

type Json = Record<string, unknown>;

interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}

interface OpenApiDocument {
  security?: Record<string, string[]>[];
  components: { securitySchemes: Record<string, SecurityScheme> };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
}

interface Request {
  method: string;
  url: { path: string[] };
  auth?: unknown;
}

interface Item {
  id?: string;
  item?: Item[];
  request?: Request;
  response?: unknown[];
}

interface Collection {
  info: Json;
  item: Item[];
  auth?: unknown;
  variable?: unknown[];
}

/**
 * The faker behind the example bodies draws enum values and pattern matches from `random`; a
 * seeded one makes each conversion give the same file (a test compares it with the committed one).
 */
const schemaFaker = createRequire(import.meta.url)('openapi-to-postmanv2/assets/json-schema-faker.js') as {
  option(options: { random: () => number }): void;
};

/** mulberry32: a small seeded generator, enough to pick example values. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function convert(document: OpenApiDocument): Promise<Collection> {
  schemaFaker.option({ random: seeded(27) });
  return new Promise((resolve, reject) => {
    Converter.convertV2(
      { type: 'json', data: document },
      {
        folderStrategy: 'Tags',
        parametersResolution: 'Schema',
        enableOptionalParameters: false,
      },
      (error, conversion) => {
        const collection = conversion?.output?.[0]?.data;
        if (error) reject(new Error(error.message));
        else if (!conversion?.result || !collection)
          reject(new Error(conversion?.reason ?? 'conversion failed'));
        // The converter types its output as any object; it is a v2.1 collection.
        else resolve(collection as Collection);
      },
    );
  });
}

/** `GET /api/sales/:saleId` of a request -> the document's operation at `/api/sales/{saleId}`. */
function operationSecurity(document: OpenApiDocument, request: Request): string | undefined {
  const path = '/' + request.url.path.map((s) => s.replace(/^:(.+)$/, '{$1}')).join('/');
  const operation = document.paths[path]?.[request.method.toLowerCase()];
  if (!operation) throw new Error(`No operation ${request.method} ${path} in the document`);
  const [scheme] = Object.keys((operation.security ?? document.security ?? [])[0] ?? {});
  return scheme;
}

/** The request's auth: its operation's scheme, its credential in that scheme's variable. */
function authOf(document: OpenApiDocument, source: Source, request: Request): Json {
  const name = operationSecurity(document, request);
  if (name === undefined) return { type: 'noauth' };
  const scheme = document.components.securitySchemes[name];
  // A session cookie (the console's) is Postman's cookie jar's business: it keeps the one the
  // sign-in request answers and sends it, as a browser does.
  if (scheme?.type === 'apiKey' && scheme.in === 'cookie') return { type: 'noauth' };
  const credential = source.credentials[name];
  if (!scheme || !credential) throw new Error(`No variable for the security scheme ${name}`);
  const value = `{{${credential.variable}}}`;
  if (scheme.type === 'apiKey')
    return {
      type: 'apikey',
      apikey: [
        { key: 'key', value: scheme.name },
        { key: 'value', value },
        { key: 'in', value: scheme.in },
      ],
    };
  if (scheme.type === 'http' && scheme.scheme === 'bearer')
    return { type: 'bearer', bearer: [{ key: 'token', value }] };
  throw new Error(`Security scheme ${name} (${scheme.type}) has no Postman form here`);
}

/** Requests only: no generated ids (Postman makes its own on import), no example answers. */
function tidy(items: Item[], document: OpenApiDocument, source: Source): Item[] {
  return items.map(({ id: _id, item, request, response: _examples, ...rest }) => ({
    ...rest,
    ...(item ? { item: tidy(item, document, source) } : {}),
    ...(request ? { request: { ...request, auth: authOf(document, source, request) } } : {}),
  }));
}

async function collectionOf(source: Source): Promise<Collection> {
  const document = JSON.parse(await readFile(new URL(source.document, DOCS), 'utf8')) as OpenApiDocument;
  const collection = await convert(document);
  const { _postman_id: _id, ...info } = collection.info;
  return {
    info,
    item: tidy(collection.item, document, source),
    variable: [
      { key: 'baseUrl', value: source.baseUrl, description: 'The API’s address, without a trailing /' },
      ...Object.values(source.credentials).map(({ variable, description }) => ({
        key: variable,
        value: '',
        description,
      })),
    ],
  };
}

/** Each collection file's path and the text it should have for today's documents. */
export async function collectionFiles(): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const source of SOURCES) {
    const url = new URL(source.output, COLLECTIONS);
    const filepath = url.pathname;
    const options = await resolveConfig(filepath);
    const text = await format(JSON.stringify(await collectionOf(source)), { ...options, filepath });
    files.push({ url, text });
  }
  return files;
}
