import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../src/openapi/openapi.js';
import { ALL_ROUTES } from '../src/routes.js';
import type { Cloud } from '../src/server.js';
import {
  activeTerminal,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  TEST_OPERATOR_TOKEN,
  type TestDatabase,
} from './harness.js';
import { seedConsoleUser, signInConsole } from './console-harness.js';

type Json = Record<string, any>; // the document is arbitrary JSON

const RELAY_TOKEN = 'rt_test_bad_requests_0123456789';
const document: Json = buildOpenApi(ALL_ROUTES);

/** Every operation that takes a body, a query or path parameters. */
const TAKING_INPUT = ALL_ROUTES.filter((route) => route.body ?? route.query ?? route.params).map((route) => ({
  route,
  name: `${route.method} ${route.path}`,
}));

/*
 * Each operation that takes input gets a request its schemas refuse (text with U+0000 in every
 * part it takes, which no schema of the cloud accepts), from a caller its audience admits; the
 * status it answers must be one its OpenAPI operation lists.
 */
describe.each(DRIVERS)('bad requests on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  const credentials: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, {
      relayToken: RELAY_TOKEN,
      activationRateLimit: { max: 1_000, windowMs: 60_000 },
    });
    const merchant = await seedMerchant(database);
    const terminal = await activeTerminal(cloud, merchant.merchantId);
    credentials.key = { 'x-service-api-key': merchant.key.key };
    credentials.operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    credentials.device = { authorization: `Bearer ${terminal.deviceCredential}` };
    credentials.relay = { authorization: `Bearer ${RELAY_TOKEN}` };
    credentials.open = {};
    credentials['console-open'] = {};
    const owner = await seedConsoleUser(database, { merchantId: merchant.merchantId, role: 'owner' });
    const browser = await signInConsole(cloud, owner);
    credentials.console = { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken };
  });

  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('covers the operations that take input', () => {
    expect(TAKING_INPUT.length).toBeGreaterThanOrEqual(55);
  });

  it.each(TAKING_INPUT)('$name answers a documented status', async ({ route }) => {
    const headers = credentials[route.access];
    if (!headers) throw new Error(`no credential for the ${route.access} audience`);
    const path = route.path.replace(/\{\w+\}/g, route.params ? 'bad%00' : 'x');
    const query = route.query ? '?bad=%00' : '';
    const res = await call(cloud, route.method, path + query, {
      headers,
      ...(route.body ? { body: { bad: '\u0000' } } : {}),
    });
    const documented = Object.keys(document.paths[route.path][route.method.toLowerCase()].responses);
    expect(res.status, res.text).toBeLessThan(500);
    expect(documented, `${route.operationId} answered ${res.status}`).toContain(String(res.status));
  });
});
