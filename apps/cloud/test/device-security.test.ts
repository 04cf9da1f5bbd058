// The device API's shared security suite: every device route without a credential, with a
// malformed, unknown, revoked or other kind of credential, for a deactivated terminal; a device
// of merchant A never sees or changes merchant B's terminal; activation attempts are limited per
// client address so a guesser cannot walk the code space.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { terminalApiKeys, terminals } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
import { DEVICE_ROUTES } from '../src/terminals/device-routes.js';
import { fiscalDocument } from './documents-fixture.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal as activate,
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  TEST_OPERATOR_TOKEN,
  type TestDatabase,
} from './harness.js';

const WINDOW_MS = 60_000;
const MAX_ATTEMPTS = 3;

class TestClock implements Clock {
  at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
}

/** A well-formed request per authenticated device route; a route added without one fails. */
const SAMPLES: Record<string, { body?: unknown }> = {
  deviceGetTerminal: {},
  deviceAcknowledgeApiKey: { body: { id: 'tak_x' } },
  deviceRotateCredential: {},
  deviceCatalogFeed: {},
  devicePushDocuments: { body: { documents: [fiscalDocument([])] } },
  deviceReportHealth: { body: healthReport() },
};

describe.each(DRIVERS)('device API security on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  /** A second instance whose activation limit is small (same database). */
  let strict: Cloud;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const limits = { rateLimit: { max: 100_000, windowMs: WINDOW_MS } };
    cloud = await startTestCloud(database, {
      ...limits,
      activationRateLimit: { max: 1_000, windowMs: WINDOW_MS },
    });
    strict = await startTestCloud(
      database,
      { ...limits, activationRateLimit: { max: MAX_ATTEMPTS, windowMs: WINDOW_MS } },
      {},
      clock,
    );
  });
  afterAll(async () => {
    await cloud?.close();
    await strict?.close();
    await database?.close();
  });

  const authenticated = DEVICE_ROUTES.filter((route) => route.access === 'device');
  const send = (route: (typeof DEVICE_ROUTES)[number], authorization: string | undefined, on = cloud) =>
    call(on, route.method, route.path, {
      ...(authorization === undefined ? {} : { headers: { authorization } }),
      ...(SAMPLES[route.operationId]?.body === undefined ? {} : { body: SAMPLES[route.operationId]!.body }),
    });

  const activeTerminal = (merchantId: string) => activate(cloud, merchantId);

  it('has a sample for every authenticated device route', () => {
    expect(authenticated.map((r) => r.operationId).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('refuses every device route without a valid credential of an active terminal', async () => {
    const { merchantId, key } = await seedMerchant(database);
    const t = await activeTerminal(merchantId);
    const deactivated = await activeTerminal(merchantId);
    // Deactivation revokes credentials too; a terminal marked deactivated with a live
    // credential (a change made elsewhere) is still refused by its status.
    await database.db
      .update(terminals)
      .set({ status: 'deactivated' })
      .where(eq(terminals.id, deactivated.terminalId));
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'missing_device_credential'],
      ['Basic abc', 401, 'missing_device_credential'],
      ['Bearer dc_short', 401, 'invalid_device_credential'],
      [`Bearer dc_${'A'.repeat(43)}`, 401, 'invalid_device_credential'],
      [`Bearer ${TEST_OPERATOR_TOKEN}`, 401, 'invalid_device_credential'],
      [`Bearer ${key.key}`, 401, 'invalid_device_credential'],
      [`Bearer ${t.apiKey}`, 401, 'invalid_device_credential'],
      [`Bearer ${deactivated.deviceCredential}`, 403, 'terminal_deactivated'],
    ];
    for (const route of authenticated)
      for (const [authorization, status, code] of cases) {
        const res = await send(route, authorization);
        expect(res.status, `${route.path} ${authorization}`).toBe(status);
        expect(res.json()).toMatchObject({ code, status });
        expect(res.text).not.toContain(t.terminalId);
      }
    // The integration key in its own header does not open the device API either.
    const res = await call(cloud, 'GET', '/api/device/v1/terminal', { key: key.key });
    expect(res.json().code).toBe('missing_device_credential');
    // And a device credential opens neither the integration nor the admin API.
    const asKey = await call(cloud, 'GET', '/api/public/v1/ping', { key: t.deviceCredential });
    expect(asKey.status).toBe(401);
    const asOperator = await call(cloud, 'GET', '/api/admin/v1/merchants', {
      headers: { authorization: `Bearer ${t.deviceCredential}` },
    });
    expect(asOperator.status).toBe(401);
  });

  it('never lets a device of merchant A see or change merchant B’s terminal', async () => {
    const a = await seedMerchant(database, { name: 'A' });
    const b = await seedMerchant(database, { name: 'B-SECRET-MERCHANT' });
    const deviceA = await activeTerminal(a.merchantId);
    const deviceB = await activeTerminal(b.merchantId);
    const rotated = (
      await admin(cloud, 'POST', `/merchants/${b.merchantId}/terminals/${deviceB.terminalId}/api-key/rotate`)
    ).json();
    const bearerA = { authorization: `Bearer ${deviceA.deviceCredential}` };

    const self = await call(cloud, 'GET', '/api/device/v1/terminal', { headers: bearerA });
    expect(self.json()).toMatchObject({ terminalId: deviceA.terminalId, merchant: { id: a.merchantId } });
    expect(self.text).not.toMatch(/B-SECRET-MERCHANT/);
    expect(self.text).not.toContain(deviceB.terminalId);

    const ack = await call(cloud, 'POST', '/api/device/v1/terminal/api-key/ack', {
      headers: bearerA,
      body: { id: rotated.apiKey.id },
    });
    expect(ack.status).toBe(404);
    const [bKey] = await database.db
      .select()
      .from(terminalApiKeys)
      .where(eq(terminalApiKeys.id, rotated.apiKey.id));
    expect(bKey).toMatchObject({ acknowledgedAt: null, revokedAt: null });
    expect(bKey?.pendingCiphertext).not.toBeNull();

    // The admin API names the merchant: B's terminal under A's path is not found.
    for (const [method, path] of [
      ['PATCH', ''],
      ['POST', '/deactivate'],
      ['POST', '/activation-code'],
      ['POST', '/api-key/rotate'],
    ] as const) {
      const res = await admin(
        cloud,
        method,
        `/merchants/${a.merchantId}/terminals/${deviceB.terminalId}${path}`,
        {
          ...(method === 'PATCH' ? { body: { name: 'stolen' } } : {}),
        },
      );
      expect(res.status, path).toBe(404);
    }
    const listA = (await admin(cloud, 'GET', `/merchants/${a.merchantId}/terminals`)).json().data;
    expect(listA.map((t: { id: string }) => t.id)).toEqual([deviceA.terminalId]);
    expect(
      (
        await call(cloud, 'GET', '/api/device/v1/terminal', {
          headers: { authorization: `Bearer ${deviceB.deviceCredential}` },
        })
      ).json().terminalName,
    ).toBe('Casa');
  });

  it('limits activation attempts per client address, right codes included, with Retry-After', async () => {
    const { merchantId } = await seedMerchant(database);
    const created = (
      await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body: { name: 'Casa' } })
    ).json();
    const attempt = (code: string) => call(strict, 'POST', '/api/device/v1/activate', { body: { code } });
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect((await attempt('ZZZZ-ZZZZ')).status).toBe(422);
    const limited = await attempt(created.activationCode);
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused attempt changed nothing: after the window the code still works.
    clock.at += WINDOW_MS;
    expect((await attempt(created.activationCode)).status).toBe(200);
  });
});
