import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiPath } from '../../src/openapi/openapi-document.js';
import { TERMINAL_ENDPOINTS } from '../../src/terminal-routes.js';
import { OPENAPI_FILE } from '../../scripts/openapi-file.js';
import { removeDir, startTerminal, type TerminalHandle } from '../support/terminal-harness.js';

/**
 * Every operation gets an unknown query parameter, and every one that takes input (a body, a
 * query parameter, a path parameter) gets a bad one,
 * and the status it answers must be one the committed document (docs/terminal-openapi.json)
 * lists for that operation: a client generated from the document meets no undocumented status.
 * Bad input is never a 5xx.
 */

type Responses = Record<string, unknown>;
const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { responses: Responses }>>;
};

/** Values a query field may refuse, tried in turn until the field's schema refuses one. */
const BAD_QUERY_VALUES = ['-1', 'not-a-value', '', '9'.repeat(40), 'x'.repeat(300)];
/** Bodies a request schema may refuse, likewise. */
const BAD_BODIES: unknown[] = [42, [], {}, { unknownField: true }];

interface BadRequest {
  label: string;
  method: string;
  path: string;
  documentPath: string;
  body?: unknown;
}

const UUID = '00000000-0000-4000-8000-000000000000';

/** The declared path with every parameter set to `value`. */
function pathWith(path: string, value: (name: string) => string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

function badRequests(): BadRequest[] {
  return TERMINAL_ENDPOINTS.flatMap((endpoint) => {
    const documentPath = openApiPath(endpoint.path);
    const base = { method: endpoint.method, documentPath };
    const requests: BadRequest[] = [];
    const name = `${endpoint.method} ${documentPath}`;
    for (const param of Object.keys(endpoint.params?.shape ?? {})) {
      requests.push({
        ...base,
        label: `${name}: path ${param} malformed`,
        path: pathWith(endpoint.path, (n) => (n === param ? 'not a valid id' : UUID)),
      });
    }
    const path = pathWith(endpoint.path, () => UUID);
    // Every operation refuses a query parameter it does not know, the ones without input too.
    requests.push({ ...base, label: `${name}: query parameter unknown`, path: `${path}?unknownParameter=1` });
    for (const [field, schema] of Object.entries(endpoint.query?.schema.shape ?? {})) {
      const bad = BAD_QUERY_VALUES.find((v) => !(schema as z.ZodType).safeParse(v).success);
      if (bad === undefined) continue;
      requests.push({
        ...base,
        label: `${name}: query ${field}=${JSON.stringify(bad.slice(0, 20))}`,
        path: `${path}?${field}=${encodeURIComponent(bad)}`,
      });
    }
    const request = endpoint.request;
    if (request) {
      const bad = BAD_BODIES.find((b) => !request.schema.safeParse(b).success);
      if (bad !== undefined) {
        requests.push({ ...base, label: `${name}: body ${JSON.stringify(bad)}`, path, body: bad });
      }
      // Not JSON at all.
      requests.push({ ...base, label: `${name}: body not JSON`, path, body: '{"unclosed":' });
    }
    return requests;
  });
}

let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await startTerminal({ fiscalization: 'not_fiscal' });
});

afterAll(async () => {
  await terminal.stop();
  removeDir(terminal.dataDir);
});

describe('a bad request to every operation that takes input', () => {
  const requests = badRequests();

  it('reaches the operations with a body, a query and a path parameter', () => {
    const labels = requests.map((r) => r.label);
    expect(labels).toContain('POST /api/sales: body not JSON');
    expect(labels.some((l) => l.startsWith('GET /api/sales: query limit='))).toBe(true);
    expect(labels).toContain('GET /api/sales/{saleId}: path saleId malformed');
    expect(labels).toContain('GET /api/health: query parameter unknown');
    expect(requests.length).toBeGreaterThan(30);
  });

  it('answers a status the OpenAPI document lists for the operation, never a 5xx', async () => {
    const undocumented: string[] = [];
    for (const r of requests) {
      const res = await terminal.call(r.method, r.path, r.body);
      const documented = Object.keys(document.paths[r.documentPath]![r.method.toLowerCase()]!.responses);
      if (res.status >= 500 || !documented.includes(String(res.status)))
        undocumented.push(`${r.label} -> ${res.status} (documented: ${documented.join(', ')})`);
    }
    expect(undocumented).toEqual([]);
  });
});
