// The device API's health report: the cloud keeps the latest report of each terminal, one row
// per terminal replaced by each report, stamped with the cloud's own time of receipt; a report
// that does not match the contract is refused 400 and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalHealth } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
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

describe.each(DRIVERS)('terminal health reports on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const stored = (terminalId: string) =>
    database.db.select().from(terminalHealth).where(eq(terminalHealth.terminalId, terminalId));

  it('keeps the latest report of each terminal, one row each', async () => {
    const { merchantId } = await seedMerchant(database);
    const t = await activeTerminal(cloud, merchantId);
    const other = await activeTerminal(cloud, merchantId);
    const first = healthReport({ reportedAt: '2026-11-27T08:00:00.000Z' });
    expect((await device(cloud, t, 'POST', '/health', first)).status).toBe(204);
    const later = healthReport({
      reportedAt: '2026-11-27T08:01:00.000Z',
      fiscalDay: { startedAt: '2026-11-27T07:00:00.000Z', expiresAt: '2026-11-28T07:00:00.000Z' },
      offlineQueue: { size: 3, oldestAt: '2026-11-27T07:30:00.000Z' },
      documentsWaiting: 2,
      printer: { state: 'paper-out', queuedJobs: 1, unconfirmedJobs: 0 },
      relay: 'disconnected',
    });
    expect((await device(cloud, t, 'POST', '/health', later)).status).toBe(204);
    expect((await device(cloud, other, 'POST', '/health', first)).status).toBe(204);

    const rows = await stored(t.terminalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ merchantId, report: later });
    expect(rows[0]!.reportedAt.toISOString()).toBe(later.reportedAt);
    // Received on the cloud's clock, whatever the terminal's says.
    expect(Math.abs(rows[0]!.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await stored(other.terminalId))[0]!.report).toEqual(first);
  });

  it('keeps fields a newer terminal adds out, and the contract’s in', async () => {
    const { merchantId } = await seedMerchant(database);
    const t = await activeTerminal(cloud, merchantId);
    const res = await device(cloud, t, 'POST', '/health', { ...healthReport(), futureField: 1 });
    expect(res.status).toBe(204);
    expect((await stored(t.terminalId))[0]!.report).not.toHaveProperty('futureField');
  });

  it('refuses a report that does not match the contract with 400, storing nothing', async () => {
    const { merchantId } = await seedMerchant(database);
    const t = await activeTerminal(cloud, merchantId);
    const good = healthReport();
    const { printer: _printer, ...withoutPrinter } = good;
    const bad: [string, unknown][] = [
      ['no printer', withoutPrinter],
      ['unknown printer state', { ...good, printer: { ...good.printer, state: 'on-fire' } }],
      ['negative queue', { ...good, offlineQueue: { size: -1, oldestAt: null } }],
      ['fractional count', { ...good, documentsWaiting: 1.5 }],
      ['not a time', { ...good, reportedAt: 'yesterday' }],
      ['unknown relay state', { ...good, relay: 'maybe' }],
      ['empty version', { ...good, version: '' }],
      [
        'unknown VAT code',
        { ...good, vatRates: { inUse: [{ code: 'Z', rateBasisPoints: 0, exempt: false }], pending: null } },
      ],
      [
        'refusal reason over the limit',
        {
          ...good,
          documentsRefused: 1,
          lastRefusal: { operationId: 'op', reason: 'x'.repeat(1001), at: good.reportedAt },
        },
      ],
      ['not an object', [good]],
    ];
    for (const [why, body] of bad) {
      const res = await device(cloud, t, 'POST', '/health', body);
      expect(res.status, why).toBe(400);
      expect(res.json().code, why).toBe('invalid_request');
    }
    expect(await stored(t.terminalId)).toHaveLength(0);
  });
});
