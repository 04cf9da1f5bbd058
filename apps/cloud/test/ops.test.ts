// Operability: /healthz and /readyz for load balancers without a key, /metrics in Prometheus
// format behind its own token.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import type { Cloud } from '../src/server.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  TEST_METRICS_TOKEN,
  TEST_OPERATOR_TOKEN,
  type TestDatabase,
} from './harness.js';

describe.each(DRIVERS)('health and metrics on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { addressRateLimitMax: 2 });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('answers /healthz and /readyz without a key, beyond the address limit', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(cloud, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await call(cloud, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    }
  });

  it('is not ready while a migration is not applied', async () => {
    const [last] = rowsOf<{ version: string; checksum: string }>(
      await database.db.execute(
        sql`select version, checksum from schema_migrations order by version desc limit 1`,
      ),
    );
    await database.db.execute(sql`delete from schema_migrations where version = ${last!.version}`);
    try {
      const res = await call(cloud, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', pendingMigrations: [last!.version] });
    } finally {
      await database.db.execute(
        sql`insert into schema_migrations (version, checksum) values (${last!.version}, ${last!.checksum})`,
      );
    }
  });

  it('serves Prometheus metrics with its own token only', async () => {
    const m = await seedMerchant(database);
    await call(cloud, 'GET', '/api/public/v1/ping', { key: m.key.key });
    expect((await call(cloud, 'GET', '/metrics')).status).toBe(401);
    const withOperatorToken = await call(cloud, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(withOperatorToken.status).toBe(401);
    const res = await call(cloud, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(
      /cloud_http_request_duration_seconds_count\{method="GET",route="\/api\/public\/v1\/ping",status="200"\} 1/,
    );
    for (const name of [
      'cloud_webhook_queue_depth 0',
      'cloud_webhook_oldest_due_age_seconds 0',
      'cloud_webhook_deliveries_total',
      'cloud_webhook_delivery_latency_seconds',
    ])
      expect(res.text).toContain(name);
  });
});
