/**
 * Moldova's two summer-time days, on the terminal's default zone (Europe/Chisinau): 29 March
 * 2026 has 23 hours (UTC+2 until 03:00, then UTC+3) and 25 October 2026 has 25 (UTC+3 until
 * 04:00, then UTC+2). The date filters take each whole day and nothing of its neighbours, a
 * receipt late on the day carries that day's date, the Z report's day and the periodic report
 * agree with them, and a fiscal day lasts 24 real hours, not 24 hours of the wall clock: on
 * 29 March it ends at 01:30 the next day for a first receipt at 00:30, on 25 October at 23:10
 * the same day for one at 00:10.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cashSale, type TerminalHandle, TestClock, useSimulator } from '../support/terminal-harness.js';
import { useTerminalTimeZone } from '../support/time-zone.js';

useTerminalTimeZone({});

const env = useSimulator();
const clock = new TestClock();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start({ card: 'none', clock });
});

/** A cash sale at `at` (UTC): its id, or the refusal's code. */
const saleAt = async (at: string, total: number) => {
  clock.set(at);
  const reply = await terminal.call('POST', '/api/sales', cashSale(total));
  return (reply.body.data?.saleId as string | undefined) ?? reply.body.error!.code;
};

const zReportAt = async (at: string) => {
  clock.set(at);
  expect((await terminal.call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
};

const salesOn = async (day: string) => {
  const page = (await terminal.call('GET', `/api/sales?dateFrom=${day}&dateTo=${day}`)).body.data as {
    sales: { id: string }[];
    total: number;
  };
  return { ids: page.sales.map((s) => s.id).reverse(), total: page.total };
};

const periodic = async (day: string) =>
  (await terminal.call('POST', '/api/reports/periodic', { dateFrom: day, dateTo: day, printReport: false }))
    .body.data;

describe('the day summer time starts: 23 hours', () => {
  const ids: string[] = [];

  it('a fiscal day opened at 00:30 lasts until 01:30 the next day (24 real hours)', async () => {
    ids.push(await saleAt('2026-03-28T22:30:00.000Z', 10)); // 00:30 on the 29th, UTC+2
    ids.push(await saleAt('2026-03-29T20:59:00.000Z', 11)); // 23:59 on the 29th, UTC+3
    ids.push(await saleAt('2026-03-29T21:45:00.000Z', 12)); // 00:45 on the 30th, 23 h 15 min on
    expect(await saleAt('2026-03-29T22:30:00.000Z', 13)).toBe('FISCAL_DAY_EXPIRED'); // 01:30
    expect(ids.every((id) => id.length === 36)).toBe(true);
  });

  it('the filters split the sales at its two midnights', async () => {
    expect(await salesOn('2026-03-28')).toEqual({ ids: [], total: 0 });
    expect(await salesOn('2026-03-29')).toEqual({ ids: ids.slice(0, 2), total: 2 });
    expect(await salesOn('2026-03-30')).toEqual({ ids: ids.slice(2), total: 1 });
  });

  it('the Z report closes on the local day it is made, where the periodic report finds it', async () => {
    await zReportAt('2026-03-29T22:40:00.000Z'); // 01:40 on the 30th
    expect(await periodic('2026-03-29')).toMatchObject({ zReportsCount: 0 });
    expect(await periodic('2026-03-30')).toMatchObject({ zReportsCount: 1, receiptsCount: 3 });
  });
});

describe('the day summer time ends: 25 hours', () => {
  const ids: string[] = [];

  it('a fiscal day opened at 00:10 ends at 23:10 the same day (24 real hours)', async () => {
    ids.push(await saleAt('2026-10-24T21:10:00.000Z', 20)); // 00:10 on the 25th, UTC+3
    ids.push(await saleAt('2026-10-25T21:05:00.000Z', 21)); // 23:05 on the 25th, UTC+2
    expect(await saleAt('2026-10-25T21:10:00.000Z', 22)).toBe('FISCAL_DAY_EXPIRED'); // 23:10
  });

  it('a receipt at 23:50 after the Z report is the 25th’s, in the filters and its QR date', async () => {
    await zReportAt('2026-10-25T21:20:00.000Z'); // 23:20 on the 25th
    ids.push(await saleAt('2026-10-25T21:50:00.000Z', 23)); // 23:50 on the 25th
    expect(await salesOn('2026-10-24')).toEqual({ ids: [], total: 0 });
    expect(await salesOn('2026-10-25')).toEqual({ ids, total: 3 });
    expect(await salesOn('2026-10-26')).toEqual({ ids: [], total: 0 });
    const detail = (await terminal.call('GET', `/api/sales/${ids[2]}`)).body.data as {
      fiscalOperation: { qrCodeData: string };
    };
    expect(detail.fiscalOperation.qrCodeData.endsWith('/2026-10-25')).toBe(true);
    expect(await periodic('2026-10-25')).toMatchObject({ zReportsCount: 1, receiptsCount: 2 });
  });
});
