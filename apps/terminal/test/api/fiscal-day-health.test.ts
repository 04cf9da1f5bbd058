/**
 * The fiscal day is visible before it expires: health shows when it started and expires, and
 * a metric lets operators warn ahead. Real HTTP, a settable clock, the real mev-sim.
 */
import { describe, expect, it } from 'vitest';
import { API_KEY, cashSale, TestClock, useFiscalTerminal } from '../support/terminal-harness.js';

const clock = new TestClock(new Date('2026-03-10T08:00:00.000Z'));
const ctx = useFiscalTerminal({ card: 'none', clock });

async function expiresInSeconds(): Promise<number> {
  const text = await (
    await fetch(`${ctx.terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith('fiscal_day_expires_in_seconds '));
  return Number(line?.split(' ')[1]);
}

describe('the fiscal day in health and metrics', () => {
  it('shows fiscalDay null before the first receipt, then its start and expiry, and the seconds left', async () => {
    expect((await ctx.terminal.call('GET', '/api/health')).body.data!.fiscalDay).toBeNull();
    expect(await expiresInSeconds()).toBe(86_400);

    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(5))).status).toBe(200);
    clock.advance(23 * 3600 * 1000);
    expect((await ctx.terminal.call('GET', '/api/health')).body.data!.fiscalDay).toEqual({
      startedAt: '2026-03-10T08:00:00.000Z',
      expiresAt: '2026-03-11T08:00:00.000Z',
    });
    expect(await expiresInSeconds()).toBe(3600);
  });
});
