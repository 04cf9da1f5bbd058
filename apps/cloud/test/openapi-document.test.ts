// The cloud's OpenAPI document: valid, describing every API route Fastify serves, with tags
// and descriptions, served at /api/public/v1/openapi.json and equal to the committed copy.
import { validate } from '@readme/openapi-parser';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApiFile } from '../scripts/openapi-file.js';
import { buildOpenApi } from '../src/openapi/openapi.js';
import { ALL_ROUTES } from '../src/routes.js';
import type { Cloud } from '../src/server.js';
import { DRIVERS, openTestDatabase, startTestCloud, type TestDatabase } from './harness.js';

type Json = Record<string, any>; // the document is arbitrary JSON

const document: Json = buildOpenApi(ALL_ROUTES);
const operations = () =>
  Object.entries(document.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );

describe('the cloud OpenAPI document', () => {
  let database: TestDatabase;
  let cloud: Cloud;
  beforeAll(async () => {
    database = await openTestDatabase(DRIVERS[0]!);
    cloud = await startTestCloud(database);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
  });

  it('documents every integration and administration route Fastify serves', () => {
    for (const { path, method } of operations())
      expect(
        cloud.app.hasRoute({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') }),
        path,
      ).toBe(true);
    expect(operations()).toHaveLength(ALL_ROUTES.length);
  });

  it('gives every operation a tag and a description', () => {
    for (const { path, op } of operations()) {
      expect(op.tags, path).toHaveLength(1);
      expect(op.description, path).toMatch(/^Needs |\n\nNeeds /);
    }
    expect(document.paths['/api/admin/v1/merchants'].get.security).toEqual([{ operatorToken: [] }]);
    expect(document.paths['/api/public/v1/orders'].post.tags).toEqual(['orders']);
  });

  it('declares the Idempotency-Key header where a change takes one, required where it must be sent', () => {
    const keyOf = (op: Json) => (op.parameters as Json[]).find((p) => p.name === 'Idempotency-Key');
    const required = operations()
      .filter(({ op }) => keyOf(op)?.required === true)
      .map(({ path, method }) => `${method} ${path}`);
    expect(required.sort()).toEqual([
      'post /api/console/v1/products/{id}/stock/adjustments',
      'post /api/public/v1/inventory/adjustments',
    ]);
    // The operator's and the console's changes keep their answers (run-audited-change.ts); a
    // webhook registration keeps its key on the endpoint it made.
    const audited = (op: Json) => ['operatorToken', 'consoleSession'].some((s) => op.security?.[0]?.[s]);
    const optional = ['post /api/public/v1/webhooks'];
    for (const { path, method, op } of operations()) {
      const name = `${method} ${path}`;
      const expected =
        (method !== 'get' && audited(op)) || required.includes(name) || optional.includes(name);
      expect(keyOf(op) !== undefined, name).toBe(expected);
      if (expected) expect(keyOf(op), name).toMatchObject({ in: 'header', schema: { maxLength: 200 } });
    }
  });

  it('gives a product one URL, by code, with the id form there deprecated', () => {
    const paths = Object.keys(document.paths as Json).filter((p) => p.startsWith('/api/public/v1/products/'));
    expect(paths).toEqual(['/api/public/v1/products/{code}']);
    const product = document.paths['/api/public/v1/products/{code}'];
    expect(Object.keys(product).sort()).toEqual(['delete', 'get', 'put']);
    for (const [method, success] of [
      ['put', '200'],
      ['delete', '204'],
    ] as const) {
      const [code] = product[method].parameters as Json[];
      expect(code).toMatchObject({ name: 'code', in: 'path' });
      const forms = code!.schema.anyOf as Json[];
      expect(forms.filter((f) => f.deprecated === true)).toEqual([
        expect.objectContaining({ pattern: '^prod_[0-9A-Za-z]{22}$' }),
      ]);
      expect(Object.keys(product[method].responses[success].headers)).toEqual(['Deprecation', 'Link']);
    }
  });

  it('is served at /api/public/v1/openapi.json', async () => {
    const res = await fetch(`${cloud.url}/api/public/v1/openapi.json`);
    expect(await res.json()).toEqual(document);
  });

  it('equals the committed docs/cloud-openapi.json (regenerate with apps/cloud/scripts/write-openapi.ts)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await renderOpenApiFile());
  });
});
