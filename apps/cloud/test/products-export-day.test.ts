// The products CSV is named by the day it was exported, in Moldova's calendar (the terminals'
// default zone: products are the merchant's, not one terminal's), not by the UTC date: at 00:30
// on 1 December in Chișinău (22:30 UTC on 30 November) the file is products-2026-12-01.csv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import { DRIVERS, openTestDatabase, seedMerchant, startTestCloud, type TestDatabase } from './harness.js';

const clock: Clock = { now: () => new Date('2026-11-30T22:30:00.000Z') };

describe.each(DRIVERS)('the products CSV’s day on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let viewer: ConsoleBrowser;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { runWorker: false }, {}, clock);
    const { merchantId } = await seedMerchant(database);
    viewer = await signInConsole(cloud, await seedConsoleUser(database, { merchantId, role: 'viewer' }));
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('is the local day in Chișinău just after midnight', async () => {
    const exported = await viewer.call('GET', '/products/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="products-2026-12-01.csv"',
    );
  });
});
