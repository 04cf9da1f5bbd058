/**
 * The bank card terminal in GET /api/health, against a real card-sim process and its fault
 * modes: health answers from the last contact and starts a status check in the background
 * when that is old (here always: CARD_STATUS_MAX_AGE_MS=0), so the tests poll until the check
 * they caused has landed.
 */
import { setCardFault } from '@fiscal-pos/card-sim';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CardTerminalHealth } from '../../src/card/card-terminal-monitor.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start({ config: { cardStatusMaxAgeMs: 0 } });
});

afterEach(async () => {
  await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
  // Each test starts from a device that answers, whatever the one before left.
  await cardTerminalBecomes('ready');
});

async function cardTerminal(of: TerminalHandle = terminal): Promise<CardTerminalHealth> {
  const res = await of.call('GET', '/api/health');
  expect(res.status).toBe(200);
  return res.body.data!.cardTerminal as CardTerminalHealth;
}

async function cardTerminalBecomes(status: string): Promise<CardTerminalHealth> {
  let last: CardTerminalHealth | undefined;
  await waitUntil(`card terminal ${status}`, async () => {
    last = await cardTerminal();
    return last.status === status;
  });
  return last!;
}

function lastPurchase(): { status: string; cancelled_by: string | null; updated_at: string } {
  return terminal.runtime.db
    .prepare(
      `SELECT status, cancelled_by, updated_at FROM card_transactions WHERE kind = 'purchase' ORDER BY seq DESC`,
    )
    .get() as { status: string; cancelled_by: string | null; updated_at: string };
}

const cardSale = (total: number) => ({ ...cashSale(total), payments: [{ type: '2', amount: total }] });

describe('GET /api/health: cardTerminal', () => {
  it('ready: the card terminal answers its status; where it is and the bank’s id of it', async () => {
    const health = await cardTerminalBecomes('ready');
    expect(health).toMatchObject({
      url: env.cardSim.url.replace(/\/+$/, ''),
      bankTerminalId: 'CT000001',
      lastError: null,
      pendingReversals: 0,
    });
    expect(health.lastContactAt).not.toBeNull();
    expect(health.lastCheckedAt).toBe(health.lastContactAt);
  });

  it('down: unreachable at the last contact, with why; ready again once it answers', async () => {
    const before = await cardTerminalBecomes('ready');
    await setCardFault(env.cardSim.adminUrl, { mode: 'down' });
    const down = await cardTerminalBecomes('unreachable');
    // Refused, or reset or closed unanswered (undici's "other side closed") when a status check
    // was on the wire as the listener closed.
    expect(down.lastError).toMatch(/ECONNREFUSED|ECONNRESET|other side closed/);
    // The last answer is kept: when the device was last heard from.
    expect(Date.parse(down.lastContactAt!)).toBeGreaterThanOrEqual(Date.parse(before.lastContactAt!));
    expect(Date.parse(down.lastCheckedAt!)).toBeGreaterThanOrEqual(Date.parse(down.lastContactAt!));
    // What health says is what a card payment meets.
    const sale = await terminal.call('POST', '/api/sales', cardSale(12));
    expect(sale.body.error!.code).toBe('CARD_TERMINAL_UNAVAILABLE');

    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    const back = await cardTerminalBecomes('ready');
    expect(back.lastError).toBeNull();
    expect(Date.parse(back.lastContactAt!)).toBeGreaterThanOrEqual(Date.parse(down.lastCheckedAt!));
  });

  it('a status request that is never answered ends at its deadline: unreachable', async () => {
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['status'] });
    const hung = await cardTerminalBecomes('unreachable');
    expect(hung.lastError).toMatch(/abort|timeout/i);
  });

  it('device_error: the card terminal answers that it cannot take requests', async () => {
    await setCardFault(env.cardSim.adminUrl, { mode: 'error', errorMessage: 'card reader fault' });
    const faulty = await cardTerminalBecomes('device_error');
    expect(faulty.lastError).toBe('TERMINAL_ERROR: card reader fault');
    expect(faulty.lastContactAt).toBe(faulty.lastCheckedAt);
  });

  it('reversal_pending while a take-back is not confirmed; a status check that finds the device settles it', async () => {
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['purchase', 'reversal'] });
    const sale = await terminal.call('POST', '/api/sales', cardSale(13));
    expect(sale.body.error!.message).toContain('not confirmed');
    const first = lastPurchase();
    expect(first.status).toBe('cancelling');
    expect(await cardTerminal()).toMatchObject({ status: 'reversal_pending', pendingReversals: 1 });
    // The device answers its status, not the reversal: the check retries it, and it stays pending.
    await waitUntil('a status check to retry the reversal', async () => {
      await cardTerminal();
      return lastPurchase().updated_at !== first.updated_at;
    });
    expect(lastPurchase().status).toBe('cancelling');
    expect(await cardTerminal()).toMatchObject({ status: 'reversal_pending', pendingReversals: 1 });

    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    const settled = await cardTerminalBecomes('ready');
    expect(settled.pendingReversals).toBe(0);
    expect(lastPurchase()).toMatchObject({ status: 'cancelled', cancelled_by: 'reversal' });
  });

  it('none: no card terminal configured (CARD_TERMINAL=none)', async () => {
    const bare = await env.start({ card: 'none', config: { cardStatusMaxAgeMs: 0 } });
    expect(await cardTerminal(bare)).toEqual({
      status: 'none',
      url: null,
      bankTerminalId: null,
      lastContactAt: null,
      lastCheckedAt: null,
      lastError: null,
      pendingReversals: 0,
      pendingTakeBacks: 0,
      declinedTakeBacks: 0,
    });
  });
});
