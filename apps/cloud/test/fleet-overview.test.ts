// The fleet overview against a real database: terminals with their latest health report,
// online or last seen and alerts, live terminals only and only the merchant's own; sales today
// and this week per terminal from pushed documents, in each terminal's calendar days (here
// Europe/Chisinau's: neither reports a zone; terminal-time-zones.test.ts has others), refused
// documents and cash operations left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { fleetOverview } from '../src/fleet/fleet-overview.js';
import type { Cloud } from '../src/server.js';
import { fiscalDocument } from './documents-fixture.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal,
  admin,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from './harness.js';

class TestClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
}

// Wednesday 25 November 2026, 10:00 in Chișinău (UTC+2 in winter).
const NOW = new Date('2026-11-25T08:00:00.000Z');

describe.each(DRIVERS)('fleet overview on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { relayPublicUrl: 'https://relay.example' }, {}, clock);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const overview = (merchantId: string) =>
    fleetOverview({ db: database.db, clock, config: cloud.ctx.config }, merchantId);

  it('shows live terminals with their health, online or last seen, and alerts', async () => {
    const { merchantId } = await seedMerchant(database);
    const other = await seedMerchant(database);
    const reporting = await activeTerminal(cloud, merchantId, 'Casa 1');
    const quiet = await activeTerminal(cloud, merchantId, 'Casa 2');
    const pending = (
      await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body: { name: 'Casa 3' } })
    ).json().terminal.id as string;
    const retired = await activeTerminal(cloud, merchantId, 'Casa 4');
    await admin(cloud, 'POST', `/merchants/${merchantId}/terminals/${retired.terminalId}/deactivate`);
    const foreign = await activeTerminal(cloud, other.merchantId, 'Streina');
    await device(cloud, foreign, 'POST', '/health', healthReport());

    // The terminal's clock is 5 minutes ahead; its day expires 30 minutes from now on its clock.
    const skew = 5 * 60_000;
    const onTerminal = (ms: number) => new Date(NOW.getTime() + skew + ms).toISOString();
    await device(
      cloud,
      reporting,
      'POST',
      '/health',
      healthReport({
        reportedAt: onTerminal(0),
        fiscalDay: { startedAt: onTerminal(30 * 60_000 - 86_400_000), expiresAt: onTerminal(30 * 60_000) },
        printer: { state: 'paper-out', queuedJobs: 2, unconfirmedJobs: 0 },
        documentsWaiting: 3,
      }),
    );

    const o = await overview(merchantId);
    // Created in the same instant of the test clock: the order is their ids'.
    const byName = [...o.terminals].sort((x, y) => x.name.localeCompare(y.name));
    expect(byName.map((t) => t.name)).toEqual(['Casa 1', 'Casa 2', 'Casa 3']);
    const [one, two, three] = byName;
    expect(one).toMatchObject({
      id: reporting.terminalId,
      status: 'active',
      online: true,
      lastSeenAt: NOW,
      relayAddress: `https://relay.example/api/relay/${reporting.publicId}`,
      health: {
        fiscalDayExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
        documentsWaiting: 3,
        printer: { state: 'paper-out', queuedJobs: 2, unconfirmedJobs: 0 },
        relay: 'connected',
      },
      alerts: [
        { code: 'printer_paper_out', severity: 'critical', at: null },
        { code: 'fiscal_day_expiring', severity: 'warning', at: new Date(NOW.getTime() + 30 * 60_000) },
      ],
    });
    expect(two).toMatchObject({
      id: quiet.terminalId,
      online: false,
      lastSeenAt: null,
      health: null,
      alerts: [],
    });
    expect(three).toMatchObject({ id: pending, status: 'pending', online: false, alerts: [] });
    expect(o.summary).toEqual({ terminals: 3, online: 1, critical: 1, warning: 1 });

    // Four minutes later the report is stale: no longer online, last seen stays.
    clock.at = new Date(NOW.getTime() + 4 * 60_000);
    const later = await overview(merchantId);
    const reported = later.terminals.find((t) => t.id === reporting.terminalId);
    expect(reported).toMatchObject({ online: false, lastSeenAt: NOW });
    expect(reported!.alerts.map((a) => a.code)).toEqual(['printer_paper_out', 'fiscal_day_expiring']);
    clock.at = NOW;
  });

  it('sums sales today and this week per terminal in its calendar days', async () => {
    const { merchantId } = await seedMerchant(database);
    const a = await activeTerminal(cloud, merchantId, 'A');
    const b = await activeTerminal(cloud, merchantId, 'B');
    const sale = (createdAt: string, unitPrice: number, overrides = {}) =>
      fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice }], { createdAt, ...overrides });
    const pushed = await device(cloud, a, 'POST', '/documents', {
      documents: [
        // Sunday 23:30 in Chișinău: last week.
        sale('2026-11-22T21:30:00.000Z', 999),
        // Monday 00:30 in Chișinău (still Sunday in UTC): this week.
        sale('2026-11-22T22:30:00.000Z', 1_000),
        // Today.
        sale('2026-11-25T07:00:00.000Z', 2_500),
        sale('2026-11-25T07:30:00.000Z', 500),
        sale('2026-11-25T07:40:00.000Z', 300, { type: 'refund' }),
        // From a clock five minutes ahead of the cloud's: today's sale all the same.
        sale('2026-11-25T08:05:00.000Z', 200),
        // From a clock a day ahead: on no day of this week so far.
        sale('2026-11-26T08:00:00.000Z', 9_999),
        // Refused by the tax server: never sold; a cash-in is no sale.
        sale('2026-11-25T07:45:00.000Z', 7_000, { status: 'failed' }),
        sale('2026-11-25T07:50:00.000Z', 4_000, { type: 'cash_in', lines: [], vat: [] }),
      ],
    });
    expect(pushed.status, pushed.text).toBe(200);
    await device(cloud, b, 'POST', '/documents', { documents: [sale('2026-11-24T10:00:00.000Z', 1_234)] });

    const { sales } = await overview(merchantId);
    const salesA = sales.terminals.find((t) => t.terminalId === a.terminalId);
    const salesB = sales.terminals.find((t) => t.terminalId === b.terminalId);
    const day = (salesCount: number, salesMinor: number, refundsCount = 0, refundsMinor = 0) => ({
      salesCount,
      salesMinor,
      refundsCount,
      refundsMinor,
    });
    expect(salesA).toEqual({
      terminalId: a.terminalId,
      // Neither has reported its zone: Europe/Chisinau's days, the terminals' default.
      timeZone: 'Europe/Chisinau',
      todayDate: '2026-11-25',
      weekStart: '2026-11-23',
      days: [
        { date: '2026-11-23', ...day(1, 1_000) },
        { date: '2026-11-24', ...day(0, 0) },
        { date: '2026-11-25', ...day(3, 3_200, 1, 300) },
      ],
      today: day(3, 3_200, 1, 300),
      week: day(4, 4_200, 1, 300),
    });
    expect(salesB).toMatchObject({ today: day(0, 0), week: day(1, 1_234) });
  });
});
