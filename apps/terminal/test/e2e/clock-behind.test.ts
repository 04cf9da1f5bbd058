/**
 * A clock that goes backwards, under the real terminal process across restarts: its clock is
 * moved by libfaketime (Debian's `faketime` package; .ci/run installs it), whose offset this
 * test changes while the process runs (FAKETIME_TIMESTAMP_FILE, read at every clock reading).
 * What must hold (docs/terminal-api.md, "A clock behind the last document"):
 *
 * - no document is dated earlier than the last one: within the tolerance (10 s) behind it, a
 *   document takes its time;
 * - beyond the tolerance every fiscal operation is refused with CLOCK_BEHIND_LAST_DOCUMENT and
 *   health says so, also after a restart;
 * - a fiscal day's receipts are never more than 24 h apart.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import {
  callTerminalProcess,
  startTerminalProcess,
  type TerminalProcess,
} from '../support/terminal-process.js';
import { fakedClock, LIBFAKETIME, type FakedClock } from '../support/faked-clock.js';

if (LIBFAKETIME === undefined)
  console.warn('clock test skipped: libfaketime not found (apt-get install faketime)');

const HOUR_S = 3600;

interface Reply {
  status: number;
  body: { data: Record<string, unknown> | null; error: { code: string; message: string } | null };
}

describe.skipIf(LIBFAKETIME === undefined)('a clock that goes backwards', () => {
  let sim: Simulator;
  let dataDir: string;
  let clock: FakedClock;
  let terminal: TerminalProcess;

  const start = () =>
    startTerminalProcess({
      dataDir,
      sim,
      env: clock.env,
    });

  const call = (method: string, path: string, body?: unknown): Promise<Reply> =>
    callTerminalProcess<Reply['body']>(terminal, method, path, body);

  /** Every fiscal operation is refused with the code, and health shows the reason. */
  async function expectRefused(code: string): Promise<void> {
    for (const [path, body] of [
      ['/api/sales', cashSale(5)],
      ['/api/cash/in', { amount: 5 }],
      ['/api/reports/x', {}],
      ['/api/reports/z', {}],
      ['/api/shifts/close', {}],
    ] as const) {
      const reply = await call('POST', path, body);
      expect([path, reply.status, reply.body.error?.code]).toEqual([path, 409, code]);
    }
    const health = (await call('GET', '/api/health')).body.data!;
    expect(health.status).toBe('degraded');
    expect(health.degradedReasons).toEqual([expect.objectContaining({ code })]);
  }

  beforeAll(async () => {
    sim = await startSimulator();
    dataDir = tempDir('clock-behind');
    clock = fakedClock(dataDir);
    terminal = await start();
  }, 60_000);

  afterAll(async () => {
    await terminal?.stop();
    await sim?.stop();
    removeDir(dataDir);
    removeDir(sim?.dataDir ?? '');
  });

  it('never dates a document before the last one, refuses beyond the tolerance, across restarts', async () => {
    const first = await call('POST', '/api/sales', cashSale(10));
    expect(first.status).toBe(200);
    const firstAt = first.body.data!.createdAt as string;

    // 25 h back (the case): refused, while running and after a restart.
    clock.offset(-25 * HOUR_S);
    await expectRefused('CLOCK_BEHIND_LAST_DOCUMENT');
    await terminal.stop();
    terminal = await start();
    await expectRefused('CLOCK_BEHIND_LAST_DOCUMENT');

    // A few seconds behind (within the tolerance): sold, dated at the last document's time.
    clock.offset(-(Math.ceil((Date.now() - Date.parse(firstAt)) / 1000) + 3));
    const within = await call('POST', '/api/sales', cashSale(11));
    expect(within.status).toBe(200);
    expect(within.body.data!.createdAt).toBe(firstAt);
    expect((await call('GET', '/api/health')).body.data!.status).toBe('ready');

    clock.offset(0);
    expect((await call('POST', '/api/sales', cashSale(12))).status).toBe(200);

    // Forward past the day's 24 h: only the Z report; then the clock back to now, restarted:
    // behind the Z report by a day, refused.
    clock.offset(24 * HOUR_S + 60);
    const expired = await call('POST', '/api/sales', cashSale(13));
    expect([expired.status, expired.body.error?.code]).toEqual([409, 'FISCAL_DAY_EXPIRED']);
    expect((await call('POST', '/api/reports/z', {})).status).toBe(200);
    clock.offset(0);
    await terminal.stop();
    terminal = await start();
    await expectRefused('CLOCK_BEHIND_LAST_DOCUMENT');

    await terminal.stop();
    const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
    try {
      const ops = db
        .prepare<[], { created_at: string; report_number: number; receipt_number: number | null }>(
          'SELECT created_at, report_number, receipt_number FROM fiscal_operations ORDER BY seq',
        )
        .all();
      expect(ops.length).toBe(4);
      // In the order they were written, never an earlier time.
      for (let i = 1; i < ops.length; i++) expect(ops[i]!.created_at >= ops[i - 1]!.created_at).toBe(true);
      // The day's receipts within 24 h of each other.
      const receipts = ops.filter((op) => op.receipt_number !== null).map((op) => Date.parse(op.created_at));
      expect(Math.max(...receipts) - Math.min(...receipts)).toBeLessThan(24 * HOUR_S * 1000);
    } finally {
      db.close();
    }
  }, 240_000);
});
