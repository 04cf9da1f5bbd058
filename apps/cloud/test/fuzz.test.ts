/**
 * Random and malformed requests against the integration API (real HTTP, a real database).
 * Whatever arrives:
 *
 * - never a 5xx;
 * - every refusal is an RFC 9457 problem (`application/problem+json`) whose `status` is the
 *   HTTP status, whose `code` is one of the closed list and whose `type` is that code's URI;
 * - a refused request changes nothing (orders, webhook endpoints, events, deliveries);
 * - an accepted one writes exactly its own rows, and prototype-poisoning keys pollute nothing.
 *
 * The routes: POST /orders and /webhooks with random bodies, the order status changes with
 * random ids and bodies, and every GET with random paths and query strings. Bodies come from
 * test-support/json-fuzz.ts (shared with the terminal's fuzz test). The seed is fixed
 * (FUZZ_SEED=random explores).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyValue,
  fuzzSeed,
  malformedJson,
  mutatedValid,
  notAnObject,
  pathSegment,
  poisoned,
  queryString,
  randomObject,
  type JsonObject,
} from '../../../test-support/json-fuzz.js';
import { rowsOf } from '../src/db/database.js';
import { PROBLEM_CODES, problemStatus, problemType, type ProblemCode } from '../src/http/problem.js';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { DRIVERS, openTestDatabase, seedMerchant, startTestCloud, type TestDatabase } from './harness.js';

const seed = fuzzSeed(4_600_001);
const API = '/api/public/v1';
const TABLES = ['orders', 'webhook_endpoints', 'events', 'webhook_deliveries'] as const;
type Table = (typeof TABLES)[number];

type PostRoute = '/orders' | '/webhooks';
const VALID: Record<PostRoute, JsonObject> = {
  '/orders': {
    externalOrderId: 'FUZZ-VALID',
    customer: { name: 'Ion Popescu', email: 'ion@example.md', phone: '+37360000000' },
    delivery: { method: 'courier', address: { line1: 'str. Ștefan cel Mare 1', city: 'Chișinău' } },
    note: 'ring twice',
    lines: [
      { productCode: 'P-1', quantity: 1.5 },
      { productCode: 'P-2', quantity: 2 },
    ],
  },
  '/webhooks': { url: 'https://127.0.0.1:9/hooks/fuzz', events: ['order.created', 'product.updated'] },
};
const FIELDS: Record<PostRoute, string[]> = {
  '/orders': ['externalOrderId', 'customer', 'delivery', 'note', 'lines'],
  '/webhooks': ['url', 'events', 'description'],
};
/** Rows one creation adds (a replayed order adds none). */
const WRITES: Record<PostRoute, Partial<Record<Table, number>>> = {
  '/orders': { orders: 1, events: 1, webhook_endpoints: 0 },
  '/webhooks': { webhook_endpoints: 1, orders: 0, events: 0 },
};

const query = queryString(
  ['limit', 'cursor', 'updatedSince', 'productCode', 'externalOrderId', 'status'],
  ['2026-11-22', '2026-11-22T10:00:00Z', 'not-a-date', 'eyJ4IjoxfQ', '!!!', 'draft', 'cancelled'],
);
const getPath: fc.Arbitrary<string> = fc.oneof(
  query.map((q) => `/products?${q}`),
  query.map((q) => `/orders?${q}`),
  query.map((q) => `/inventory?${q}`),
  query.map((q) => `/webhooks?${q}`),
  pathSegment.map((s) => `/products/${encodeURIComponent(s)}`),
  pathSegment.map((s) => `/orders/${encodeURIComponent(s)}`),
  fc.tuple(pathSegment, query).map(([s, q]) => `/webhooks/${encodeURIComponent(s)}/deliveries?${q}`),
  // Malformed percent-encoding, which the router itself refuses.
  fc.constantFrom('/orders/%E0%A4%A', '/products/%', '/webhooks/%zz/deliveries'),
);

const STATUS_CHANGE = /^\/orders\/[^/]+\/(confirm|cancel)$/;

describe.each(DRIVERS)('fuzzing the integration API on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let key: string;
  let orderIds = 0;

  async function counts(): Promise<Record<Table, number>> {
    const entries = await Promise.all(
      TABLES.map(async (table) => {
        const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
        return [table, rowsOf<{ n: number }>(result)[0]!.n] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Table, number>;
  }

  interface Answer {
    status: number;
    body: Record<string, unknown> | null;
  }

  async function send(method: string, path: string, text?: string): Promise<Answer> {
    const before = await counts();
    const response = await fetch(cloud.url + API + path, {
      method,
      headers: {
        'x-service-api-key': key,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(text === undefined ? {} : { body: text }),
    });
    const raw = await response.text();
    const after = await counts();
    const context = `${method} ${path.slice(0, 200)} ${text?.slice(0, 200) ?? ''}`;
    expect(response.status, context).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const body = raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>);
    if (response.status >= 400) {
      expect(response.headers.get('content-type'), context).toMatch(/^application\/problem\+json/);
      const code = body!.code as ProblemCode;
      expect(PROBLEM_CODES, context).toContain(code);
      expect(body!.status).toBe(response.status);
      expect(problemStatus(code).status).toBe(response.status);
      expect(body!.type).toBe(problemType(code));
      expect(typeof body!.detail).toBe('string');
      expect(typeof body!.requestId).toBe('string');
      expect(after, context).toEqual(before);
    } else if (method === 'GET') {
      expect(after, context).toEqual(before);
    } else if (STATUS_CHANGE.test(path)) {
      // A status change writes at most its order.updated event (none when it was a replay).
      expect({ ...after, events: 0 }, context).toEqual({ ...before, events: 0 });
      expect(after.events - before.events, context).toBe(
        response.headers.get('idempotent-replayed') === 'true' ? 0 : 1,
      );
    } else if (response.status === 201) {
      for (const [table, added] of Object.entries(WRITES[path as PostRoute])) {
        expect(after[table as Table] - before[table as Table], `${context}: ${table}`).toBe(added);
      }
    } else {
      // 200 on POST /orders: a replay of an order already created, which writes nothing.
      expect(response.headers.get('idempotent-replayed'), context).toBe('true');
      expect(after, context).toEqual(before);
    }
    return { status: response.status, body };
  }

  /** Each accepted order gets a fresh externalOrderId unless the body already lost its own. */
  function freshOrder(text: string): string {
    const parsed = ((): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    })();
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return text;
    const body = parsed as JsonObject;
    if (body.externalOrderId !== VALID['/orders'].externalOrderId) return text;
    return text.replace('"FUZZ-VALID"', `"FUZZ-${seed}-${++orderIds}"`);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 1_000_000, windowMs: 60_000 } });
    const merchant = await seedMerchant(database);
    key = merchant.key.key;
    for (const [index, code] of ['P-1', 'P-2'].entries()) {
      await saveProduct(database.db, merchant.merchantId, {
        code,
        barcodes: [],
        name: { ro: `Produs ${code}` },
        priceMinor: 1_250 + index,
        vatCode: 'B',
        unit: 'pcs',
        onHandMilli: 10_000,
        content: {},
      });
    }
    for (const route of ['/orders', '/webhooks'] as const) {
      const result = await send('POST', route, JSON.stringify(VALID[route]));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
    }
  });

  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  describe.each(['/orders', '/webhooks'] as const)('POST %s', (route) => {
    const offset = route === '/orders' ? 0 : 7919;

    it('refuses malformed JSON and poisoned keys with 400, changing nothing', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(malformedJson(VALID[route]), poisoned(VALID[route])), async (text) => {
          const result = await send('POST', route, text);
          expect(result.status).toBe(400);
        }),
        { seed: seed + offset, numRuns: 60 },
      );
    });

    it('answers random bodies and mutations of a valid one without a 5xx', async () => {
      const bodies = fc.oneof(
        notAnObject,
        anyValue,
        randomObject(FIELDS[route]),
        mutatedValid(VALID[route], FIELDS[route]),
        mutatedValid(VALID[route], FIELDS[route]),
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (text) => {
          await send('POST', route, route === '/orders' ? freshOrder(text) : text);
        }),
        { seed: seed + offset + 1, numRuns: 150 },
      );
    });
  });

  it('answers status changes with random order ids and bodies without a 5xx', async () => {
    const orders = (await (
      await fetch(`${cloud.url}${API}/orders?limit=5`, { headers: { 'x-service-api-key': key } })
    ).json()) as {
      data: { id: string }[];
    };
    const ids = orders.data.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    const request = fc.record({
      id: fc.oneof(fc.constantFrom(...ids), pathSegment),
      action: fc.constantFrom('confirm', 'cancel'),
      body: fc.option(
        fc.oneof(
          anyValue,
          randomObject(['reason']),
          fc.constantFrom('{}', '{"reason":"fraud"}', '{"reason":"nope"}', '{"reason":null}'),
        ),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ id, action, body }) => {
        await send('POST', `/orders/${encodeURIComponent(id)}/${action}`, body);
      }),
      { seed: seed + 3, numRuns: 150 },
    );
  });

  it('answers random paths and query strings of every GET without a 5xx, changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(getPath, async (path) => {
        await send('GET', path);
      }),
      { seed: seed + 2, numRuns: 200 },
    );
  });
});
