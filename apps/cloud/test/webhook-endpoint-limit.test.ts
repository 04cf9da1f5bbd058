// At most 16 live webhook endpoints per merchant, also when a careless integration registers
// them all at once: the count and the insert were two statements, so concurrent registrations
// all counted 15 and each added one (17 to 20 endpoints on PostgreSQL).
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

describe.each(DRIVERS)('the endpoint limit under concurrent registrations on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    m = await seedMerchant(database);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('registers 16 of 40 sent at once and refuses the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(cloud, 'POST', '/api/public/v1/webhooks', {
          key: m.key.key,
          body: { url: `https://127.0.0.1:9/hook-${i}`, events: ['order.created'] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 422)).toHaveLength(24);
    const list = await call(cloud, 'GET', '/api/public/v1/webhooks', { key: m.key.key });
    expect(list.json().data).toHaveLength(16);
  });
});
