/**
 * Moldova's 23-hour day under the real terminal process, as production runs it: no TZ in its
 * environment (Europe/Chisinau by default, applied by the entry point) and its clock moved by
 * libfaketime to 28 March 2027, when summer time starts (02:00 becomes 03:00, 00:00 UTC). The
 * process's own clock crosses the change: a fiscal day opened at 00:30 lasts 24 real hours
 * (until 01:30 on the 29th, 25 hours by the wall clock), the date filters take the day's two
 * midnights (22:00 UTC on the 27th, 21:00 UTC on the 28th), the QR codes and the Z report's day
 * are local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import {
  callTerminalProcess,
  startTerminalProcess,
  type TerminalProcess,
} from '../support/terminal-process.js';
import { fakedClock, LIBFAKETIME, type FakedClock } from '../support/faked-clock.js';

if (LIBFAKETIME === undefined)
  console.warn('summer-time test skipped: libfaketime not found (apt-get install faketime)');

interface Reply {
  status: number;
  body: { data: Record<string, unknown> | null; error: { code: string } | null };
}

describe.skipIf(LIBFAKETIME === undefined)('the day summer time starts, in the real process', () => {
  let sim: Simulator;
  let dataDir: string;
  let clock: FakedClock;
  let terminal: TerminalProcess;

  const call = (method: string, path: string, body?: unknown): Promise<Reply> =>
    callTerminalProcess<Reply['body']>(terminal, method, path, body);

  /** A cash sale at `at`: its id, or the refusal's code. */
  async function saleAt(at: string, total: number): Promise<string> {
    clock.at(at);
    const reply = await call('POST', '/api/sales', cashSale(total));
    return (reply.body.data?.saleId as string | undefined) ?? reply.body.error!.code;
  }

  const salesOn = async (day: string) => {
    const page = (await call('GET', `/api/sales?dateFrom=${day}&dateTo=${day}`)).body.data as {
      sales: { id: string }[];
      total: number;
    };
    return { ids: page.sales.map((s) => s.id).reverse(), total: page.total };
  };

  const qrDate = async (saleId: string) => {
    const detail = (await call('GET', `/api/sales/${saleId}`)).body.data as {
      fiscalOperation: { qrCodeData: string };
    };
    return detail.fiscalOperation.qrCodeData.split('/').at(-1);
  };

  beforeAll(async () => {
    sim = await startSimulator();
    dataDir = tempDir('summer-time');
    clock = fakedClock(dataDir);
    clock.at('2027-03-27T22:00:00.000Z');
    terminal = await startTerminalProcess({
      dataDir,
      sim,
      env: {
        // As in a container without TZ: the entry point applies Europe/Chisinau.
        TZ: '',
        ...clock.env,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await terminal?.stop();
    await sim?.stop();
    removeDir(dataDir);
    removeDir(sim?.dataDir ?? '');
  });

  it('keeps the local calendar and 24 real hours across the change', async () => {
    const beforeChange = await saleAt('2027-03-27T22:30:00.000Z', 10); // 00:30 on the 28th, UTC+2
    const lateOnThe28th = await saleAt('2027-03-28T20:59:00.000Z', 11); // 23:59, UTC+3
    const earlyOnThe29th = await saleAt('2027-03-28T21:45:00.000Z', 12); // 00:45, 23 h 15 min on
    expect([beforeChange, lateOnThe28th, earlyOnThe29th].every((id) => id.length === 36)).toBe(true);
    // 01:31, a minute past 24 real hours (25 by the wall clock): the faked clock's offset is
    // whole seconds, so exactly 24 hours would land either side of the limit.
    expect(await saleAt('2027-03-28T22:31:00.000Z', 13)).toBe('FISCAL_DAY_EXPIRED');

    expect(await salesOn('2027-03-28')).toEqual({ ids: [beforeChange, lateOnThe28th], total: 2 });
    expect(await salesOn('2027-03-29')).toEqual({ ids: [earlyOnThe29th], total: 1 });
    expect(await qrDate(lateOnThe28th)).toBe('2027-03-28');
    expect(await qrDate(earlyOnThe29th)).toBe('2027-03-29');

    clock.at('2027-03-28T22:40:00.000Z'); // 01:40 on the 29th
    expect((await call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    const periodic = await call('POST', '/api/reports/periodic', {
      dateFrom: '2027-03-29',
      dateTo: '2027-03-29',
      printReport: false,
    });
    expect(periodic.body.data).toMatchObject({ zReportsCount: 1, receiptsCount: 3 });
  });
});
