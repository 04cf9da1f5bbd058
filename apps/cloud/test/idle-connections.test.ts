// PostgreSQL ends idle connections (restart, failover, an administrator): the cloud must
// neither crash on the pool's report of it nor fail the next request.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud } from '../src/server.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

describe.skipIf(!DRIVERS.includes('postgres'))('idle connections ended by PostgreSQL', () => {
  let database: TestDatabase;
  let cloud: Cloud;
  let merchant: TestMerchant;
  let admin: pg.Client;

  const otherBackends = async (): Promise<number> => {
    const result = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rows[0]!.n;
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    cloud = await startTestCloud(database);
    merchant = await seedMerchant(database);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await cloud?.close();
    await database?.close();
  });

  it('keeps serving after every pooled connection was terminated', async () => {
    const ping = () => call(cloud, 'GET', '/api/public/v1/ping', { key: merchant.key.key });
    expect((await ping()).status).toBe(200);
    expect(await otherBackends()).toBeGreaterThan(0);

    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    // The pooled connections learn of it as their sockets close (each reported to the pool).
    while ((await otherBackends()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect((await ping()).status).toBe(200);
  });
});
