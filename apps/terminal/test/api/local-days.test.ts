/**
 * One rule for calendar days: the terminal's time zone (TZ; Europe/Chisinau, UTC+2 in winter,
 * by default). Around local midnight, which is 22:00 UTC the day before, list filters, the
 * receipt's QR date, the Z report's day and the periodic report's date range all agree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@fiscal-pos/env-config';
import { applyTerminalTimeZone } from '../../src/config.js';
import { cashSale, type TerminalHandle, TestClock, useSimulator } from '../support/terminal-harness.js';
import { useTerminalTimeZone } from '../support/time-zone.js';

// This file's process runs in the terminal's default zone (vitest gives the others UTC).
useTerminalTimeZone({});

const env = useSimulator();
const clock = new TestClock(new Date('2026-11-23T21:30:00.000Z')); // 23:30 on the 23rd in Chisinau
let terminal: TerminalHandle;
let lateEvening = '';
let afterMidnight = '';

beforeAll(async () => {
  terminal = await env.start({ card: 'none', clock });
  lateEvening = (await terminal.call('POST', '/api/sales', cashSale(11))).body.data!.saleId as string;
  clock.set('2026-11-23T22:30:00.000Z'); // 00:30 on the 24th in Chisinau
  afterMidnight = (await terminal.call('POST', '/api/sales', cashSale(12))).body.data!.saleId as string;
});

const saleIds = async (query: string) => {
  const page = (await terminal.call('GET', `/api/sales?${query}`)).body.data as {
    sales: { id: string }[];
    total: number;
  };
  return { ids: page.sales.map((s) => s.id), total: page.total };
};

describe('calendar days in the terminal’s time zone', () => {
  it('defaults to Europe/Chisinau', () => {
    expect(process.env.TZ).toBe('Europe/Chisinau');
  });

  it('refuses a zone whose offset is not whole hours, which the hourly history counts would miscount', () => {
    for (const TZ of ['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe']) {
      expect(() => applyTerminalTimeZone({ TZ })).toThrow(ConfigError);
    }
    expect(process.env.TZ).toBe('Europe/Chisinau');
  });

  it('list filters split the sales at local midnight, totals included', async () => {
    expect(await saleIds('dateFrom=2026-11-23&dateTo=2026-11-23')).toEqual({ ids: [lateEvening], total: 1 });
    expect(await saleIds('dateFrom=2026-11-24&dateTo=2026-11-24')).toEqual({
      ids: [afterMidnight],
      total: 1,
    });
    const operations = (
      await terminal.call('GET', '/api/fiscal/operations?dateFrom=2026-11-24&dateTo=2026-11-24')
    ).body.data as { total: number };
    expect(operations.total).toBe(1);
  });

  it('the receipt’s QR code carries the local date', async () => {
    const detail = (await terminal.call('GET', `/api/sales/${afterMidnight}`)).body.data as {
      fiscalOperation: { qrCodeData: string };
    };
    expect(detail.fiscalOperation.qrCodeData.endsWith('/2026-11-24')).toBe(true);
  });

  it('the Z report closes a local day that the periodic report finds by its local date', async () => {
    expect((await terminal.call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    const periodic = await terminal.call('POST', '/api/reports/periodic', {
      dateFrom: '2026-11-24',
      dateTo: '2026-11-24',
      printReport: false,
    });
    expect(periodic.body.error).toBeNull();
    expect(periodic.body.data).toMatchObject({ zReportsCount: 1, receiptsCount: 2 });
  });

  it('a periodic report by report numbers names the local days its Z reports closed on', async () => {
    const byNumber = await terminal.call('POST', '/api/reports/periodic', {
      reportFrom: 1,
      printReport: false,
    });
    expect(byNumber.body.data).toMatchObject({
      filterMode: 'reportRange',
      dateFrom: '2026-11-24',
      dateTo: '2026-11-24',
      reportTo: 1,
    });
  });
});
