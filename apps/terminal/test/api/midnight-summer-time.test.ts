/**
 * Calendar days in a zone whose summer time starts at midnight: in America/Havana the clocks go
 * from 00:00 to 01:00 on 8 March 2026, so that day begins at 01:00 (05:00 UTC) and the next at
 * 00:00 (04:00 UTC on the 9th). A date filter ending on the 8th stops there, not an hour into
 * the 9th.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cashSale, type TerminalHandle, TestClock, useSimulator } from '../support/terminal-harness.js';
import { useTerminalTimeZone } from '../support/time-zone.js';

useTerminalTimeZone({ TZ: 'America/Havana' });

const env = useSimulator();
const clock = new TestClock(new Date('2026-03-09T03:30:00.000Z')); // 23:30 on the 8th in Havana
let lateOnThe8th = '';
let earlyOnThe9th = '';
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start({ card: 'none', clock });
  lateOnThe8th = (await terminal.call('POST', '/api/sales', cashSale(11))).body.data!.saleId as string;
  clock.set('2026-03-09T04:30:00.000Z'); // 00:30 on the 9th in Havana
  earlyOnThe9th = (await terminal.call('POST', '/api/sales', cashSale(12))).body.data!.saleId as string;
});

const saleIds = async (query: string) => {
  const page = (await terminal.call('GET', `/api/sales?${query}`)).body.data as {
    sales: { id: string }[];
    total: number;
  };
  return { ids: page.sales.map((s) => s.id), total: page.total };
};

describe('a day whose midnight summer time skips', () => {
  it('a filter ending on it ends at the next local midnight', async () => {
    expect(await saleIds('dateFrom=2026-03-08&dateTo=2026-03-08')).toEqual({ ids: [lateOnThe8th], total: 1 });
    expect(await saleIds('dateFrom=2026-03-09&dateTo=2026-03-09')).toEqual({
      ids: [earlyOnThe9th],
      total: 1,
    });
  });

  it('a range to 9999-12-31 takes every later sale, though west of UTC its end is in year 10000', async () => {
    expect(await saleIds('dateFrom=2026-03-08&dateTo=9999-12-31')).toEqual({
      ids: [earlyOnThe9th, lateOnThe8th],
      total: 2,
    });
  });
});
