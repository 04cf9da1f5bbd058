// A terminal in America/Havana, where summer time ends at 01:00 on 1 November 2026 by going back
// to 00:00: the hour after midnight comes twice, and the day begins at the first midnight (04:00
// UTC, still UTC-4), not the second (05:00 UTC). A sale at the first 00:30 is the 1st's in the
// sales list's date filter, as it is in its VAT day and its printed date.
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import { fiscalDocument } from './documents-fixture.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from './harness.js';

const HAVANA = 'America/Havana';

const sale = (createdAt: string): PushedDocument =>
  fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice: 1_000 }], {
    createdAt,
    timeZone: HAVANA,
    payments: [{ code: '1', amount: 1_000 }],
  });

describe.each(DRIVERS)('a day whose midnight comes twice, on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let viewer: ConsoleBrowser;
  const lateOnThe31st = sale('2026-11-01T03:30:00.000Z'); // 23:30 on 31 October, UTC-4
  const firstHalfPastMidnight = sale('2026-11-01T04:30:00.000Z'); // 00:30 on the 1st, UTC-4
  const secondHalfPastMidnight = sale('2026-11-01T05:30:00.000Z'); // 00:30 on the 1st again, UTC-5

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    const { merchantId } = await seedMerchant(database, { name: 'Bodega Habana' });
    const till = await activeTerminal(cloud, merchantId, 'Caja Habana');
    expect((await device(cloud, till, 'POST', '/health', healthReport({ timeZone: HAVANA }))).status).toBe(
      204,
    );
    const pushed = await device(cloud, till, 'POST', '/documents', {
      documents: [lateOnThe31st, firstHalfPastMidnight, secondHalfPastMidnight],
    });
    expect(pushed.status, pushed.text).toBe(200);
    viewer = await signInConsole(cloud, await seedConsoleUser(database, { merchantId, role: 'viewer' }));
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const listed = async (query: string) => {
    const res = await viewer.call('GET', `/sales?${query}`);
    expect(res.status, res.text).toBe(200);
    return (res.json() as { data: { operationId: string }[] }).data.map((d) => d.operationId);
  };

  it('the 1st begins at its first midnight in the date filters', async () => {
    expect(await listed('from=2026-11-01&to=2026-11-01')).toEqual([
      secondHalfPastMidnight.operationId,
      firstHalfPastMidnight.operationId,
    ]);
    expect(await listed('from=2026-10-31&to=2026-10-31')).toEqual([lateOnThe31st.operationId]);
  });
});
