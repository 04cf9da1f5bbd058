// The VAT rates in the health report, against a real cloud: the merchant changes a rate while the
// terminal's fiscal day is open; the terminal syncs it, keeps the day's table until the Z report
// and reports the new one as pending at once, which the console's terminal view reads; after the
// Z report nothing is pending. Real cloud, real fiscal terminal on mev-sim.
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedConsoleUser, signInConsole } from '../../../cloud/test/console-harness.js';
import { loadTerminalConfig } from '../../src/config.js';
import { cashSale, useSimulator } from '../support/terminal-harness.js';
import { PlatformWorld } from '../support/platform-world.js';

const env = useSimulator();
const world = new PlatformWorld();

beforeAll(async () => {
  await world.start();
});
afterAll(async () => {
  await world.stop();
});

/** The cloud's stored report of the terminal once `done` says it is the awaited one (10 s at most). */
async function storedReport(
  terminalId: string,
  done: (report: DeviceHealthReport) => boolean,
): Promise<DeviceHealthReport> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await world.cloud.cloud.ctx.db.query.terminalHealth.findFirst({
      where: (health, { eq }) => eq(health.terminalId, terminalId),
    });
    if (row && done(row.report)) return row.report;
    if (Date.now() > deadline) throw new Error(`no such report; the last: ${JSON.stringify(row?.report)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rateOf = (rates: { code: string; rateBasisPoints: number }[] | null | undefined, code: string) =>
  rates?.find((r) => r.code === code)?.rateBasisPoints;

it('reports the VAT rates waiting for the next fiscal day, which the console shows', async () => {
  const { dataDir, terminalId, key } = await world.activated('Casa TVA');
  const defaults = loadTerminalConfig({});
  const terminal = await env.start({
    dataDir,
    card: 'none',
    config: {
      platform: {
        ...defaults.platform,
        catalogSyncIntervalMs: 600_000,
        // Only the first report and reports of a change can arrive within the test.
        healthReportIntervalMs: 600_000,
        healthReportCheckMs: 100,
      },
    },
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await terminal.call(method, path, body, { 'X-API-Key': key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  // The day's first document fixes its table: B at 20 %.
  await call('POST', '/api/sales', cashSale(12));
  const first = await storedReport(terminalId, (r) => r.vatRates !== undefined);
  expect(rateOf(first.vatRates?.inUse, 'B')).toBe(2000);
  expect(first.vatRates?.pending).toBeNull();

  await world.cloud.admin('PUT', `/merchants/${world.merchantId}/vat-rates/B`, { rateBasisPoints: 1900 });
  await call('POST', '/api/catalog/sync');
  const pending = await storedReport(terminalId, (r) => r.vatRates?.pending != null);
  expect(rateOf(pending.vatRates?.inUse, 'B')).toBe(2000);
  expect(rateOf(pending.vatRates?.pending, 'B')).toBe(1900);

  const owner = await seedConsoleUser(world.cloud.database, { merchantId: world.merchantId, role: 'viewer' });
  const viewer = await signInConsole(world.cloud.cloud, owner);
  const shown = await viewer.call('GET', `/terminals/${terminalId}`);
  expect(shown.status, shown.text).toBe(200);
  expect(shown.json().health.vatRates).toMatchObject({
    inUse: expect.arrayContaining([{ code: 'B', rate: 20 }]),
    pending: expect.arrayContaining([{ code: 'B', rate: 19 }]),
  });

  // The Z report closes the day: the next one takes the new rates, nothing waits.
  await call('POST', '/api/reports/z', { printReport: false });
  const after = await storedReport(terminalId, (r) => r.vatRates?.pending === null);
  expect(rateOf(after.vatRates?.inUse, 'B')).toBe(1900);
});
