import { isApiReferencePath } from '@fiscal-pos/api-reference';
import { validate } from '@readme/openapi-parser';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_LIMIT } from '../../src/http/query-fields.js';
import type { TerminalApp } from '../../src/http/terminal-app.js';
import { buildTerminalOpenApiDocument, openApiPath } from '../../src/openapi/openapi-document.js';
import { OPENAPI_FILE, renderOpenApiFile } from '../../scripts/openapi-file.js';
import { removeDir, startTerminal, type TerminalHandle } from '../support/terminal-harness.js';

type Json = Record<string, any>;

let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await startTerminal({ fiscalization: 'not_fiscal' });
});

afterAll(async () => {
  await terminal.stop();
  removeDir(terminal.dataDir);
});

/**
 * `METHOD /path` of every route Fastify serves, read from its route tree (nested lines carry
 * the rest of their parent's path). HEAD routes are Fastify's automatic twins of the GETs.
 */
function registeredRoutes(app: TerminalApp): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents.splice(depth, parents.length, path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

const document: Json = buildTerminalOpenApiDocument();

function parameter(path: string, name: string): Json {
  const found = (document.paths[path].get.parameters as Json[]).find((p) => p.name === name);
  if (!found) throw new Error(`${path} documents no ${name}`);
  return found;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (schema, references, path parameters, unique operation ids)', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(document.openapi).toBe('3.1.0');
  });

  it('the validator rejects a broken document (so the check above can fail)', async () => {
    const broken = structuredClone(document);
    broken.paths['/api/sales/{saleId}'].get.parameters = [];
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('describes every route Fastify serves, and nothing it does not', () => {
    // The reference page (/docs) shows this document; it is not an operation of the API.
    const all = registeredRoutes(terminal.app);
    const served = all.filter((route) => !isApiReferencePath(route.split(' ')[1]!));
    expect(all).toContain('GET /docs/');
    expect(served.length).toBeGreaterThanOrEqual(14);
    for (const route of served) {
      const [method, url] = route.split(' ') as [string, string];
      expect(terminal.app.hasRoute({ method: method, url }), route).toBe(true);
    }
    const documented = Object.entries(document.paths as Json).flatMap(([path, operations]) =>
      Object.keys(operations as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.map((route) => openApiPath(route)).sort()).toEqual(documented.sort());
  });

  it('documents the list query parameters with the bounds the terminal enforces', async () => {
    for (const path of ['/api/sales', '/api/fiscal/operations']) {
      expect(parameter(path, 'limit').schema).toMatchObject({ maximum: MAX_PAGE_LIMIT, default: 50 });
      const atMax = await terminal.call('GET', `${path}?limit=${MAX_PAGE_LIMIT}`);
      expect(atMax.status).toBe(200);
      const overMax = await terminal.call('GET', `${path}?limit=${MAX_PAGE_LIMIT + 1}`);
      expect(overMax.body.error?.details?.[0]?.code).toBe('LIMIT_INVALID');
    }
    for (const name of ['type', 'status']) {
      for (const value of parameter('/api/fiscal/operations', name).schema.enum as string[]) {
        const res = await terminal.call('GET', `/api/fiscal/operations?${name}=${value}`);
        expect(res.status, `${name}=${value}`).toBe(200);
      }
    }
  });

  it('names the headers, the key scheme and the codes of each endpoint', () => {
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ in: 'header', name: 'X-API-Key' });
    const post = document.paths['/api/cash/out'].post;
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(post.responses['200'].headers).toHaveProperty('X-Idempotency-Replayed');
    expect(post.responses['409']['x-error-codes']).toEqual(
      expect.arrayContaining([
        'INSUFFICIENT_CASH_BALANCE',
        'FISCAL_DAY_EXPIRED',
        'IDEMPOTENCY_KEY_REUSE_MISMATCH',
      ]),
    );
    expect(post.responses['429']['x-error-codes']).toEqual(['BUSY']);
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/sales'].get.security).toBeUndefined();
  });

  it('gives every operation a description, a described tag and a 400 (an unknown query parameter)', () => {
    const tags = new Map((document.tags as Json[]).map((t) => [t.name as string, t.description]));
    for (const [path, operations] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(operations as Json)) {
        const name = `${method} ${path}`;
        expect(op.description, name).toMatch(/Needs (the terminal’s key in X-API-Key|no key)\.$/);
        expect(tags.get(op.tags[0]), name).toEqual(expect.any(String));
        expect(op.responses['400']?.['x-error-codes'], name).toContain('VALIDATION_ERROR');
      }
    }
    expect(document.info).toMatchObject({
      license: { name: expect.any(String) },
      contact: expect.any(Object),
    });
  });

  it('is served raw at /api/openapi.json without a key', async () => {
    const res = await fetch(`${terminal.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(document);
  });

  it('equals the committed docs/terminal-openapi.json (regenerate with scripts/write-openapi.ts)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await renderOpenApiFile());
  });
});
