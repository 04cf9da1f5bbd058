/**
 * The take-back of a refused sale's card money when a refund of the sale gave part of it back
 * already: the rest goes back to the card by a refund of its RRN, under the key
 * `take-back:<purchase>`. A real card-sim process, a real mev-sim, real HTTP and SQLite. What
 * must hold: the customer gets back exactly the rest, once, whatever the card terminal did
 * meanwhile, and money the card terminal declined to give back is seen.
 */
import { listCardTransactions, setCardFault, type FaultSettingsInput } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CardTerminalHealth } from '../../src/card/card-terminal-monitor.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { API_KEY, cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start();
});

afterEach(async () => {
  await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
});

const cardFault = (settings: FaultSettingsInput) => setCardFault(env.cardSim.adminUrl, settings);

/** A sale of `total` paid by card, charged by the terminal (no RRN). */
function cardSale(total: number, extra: Record<string, unknown> = {}) {
  return { ...cashSale(total), payments: [{ type: '2', amount: total }], ...extra };
}

interface Purchase {
  id: string;
  rrn: string;
}

/**
 * A card sale of 50 (two items of 25) that no customer was answered with, one item refunded by
 * its fiscal refund (25 back on the card), then refused by the fiscal server while the card
 * terminal does `whileRefused`: its take-back of the rest (25) has been tried when this resolves.
 */
async function refusedHalfRefunded(
  t: TerminalHandle,
  whileRefused: FaultSettingsInput,
  /** Done to the purchase's journal row before the refusal. */
  prepare: (purchase: Purchase) => void = () => {},
): Promise<Purchase> {
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'down' });
  const res = await t.call(
    'POST',
    '/api/sales',
    cardSale(50, { items: [{ name: 'Item', unitPrice: 25, quantity: 2, vatCode: 'B' }] }),
  );
  expect(res.status).toBe(200);
  const sale = res.body.data!;
  const operationId = sale.fiscalOperationId as string;
  // The state a crash between the queued write and its answer leaves (migration 0033): no
  // customer was answered with this sale, so a refusal takes its card money back.
  t.runtime.db.prepare('UPDATE fiscal_operations SET unanswered = 1 WHERE id = ?').run(operationId);
  const purchase = t.runtime.db
    .prepare('SELECT id, rrn FROM card_transactions WHERE sale_id = ?')
    .get(sale.saleId) as Purchase;
  const refunded = await t.call('POST', `/api/sales/${sale.saleId}/refund`, {
    items: [{ index: 0, quantity: 1 }],
    printReceipt: false,
  });
  expect(refunded.body.error ?? null).toBeNull();

  prepare(purchase);
  await cardFault(whileRefused);
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'poison', poisonOperationId: operationId });
  t.runtime.syncWorker!.wake();
  await waitUntil(
    'the queued sale refused',
    () => t.runtime.operations.require(operationId).status === 'failed',
  );
  await waitUntil('the take-back tried', () =>
    takeBackAttempts(t, purchase).some((a) => a.status !== 'sending'),
  );
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
  return purchase;
}

function takeBackAttempts(t: TerminalHandle, purchase: Purchase): { status: string; amount: number }[] {
  return t.runtime.db
    .prepare('SELECT status, amount FROM card_transactions WHERE idempotency_key = ? ORDER BY seq')
    .all(`take-back:${purchase.id}`) as { status: string; amount: number }[];
}

/** What the card terminal gave back of the purchase, all refunds together. */
async function refundedOnCard(purchase: Purchase): Promise<number> {
  const [found] = await listCardTransactions(env.cardSim.adminUrl, { reference: purchase.id });
  return found!.refunded;
}

/** Status checks as the monitor's timer runs them, each one done before the next. */
async function statusChecks(t: TerminalHandle, count: number): Promise<void> {
  for (let done = 0; done < count;) {
    const check = t.runtime.card!.checkStatus();
    if (check === null) await new Promise((resolve) => setTimeout(resolve, 20));
    else {
      await check;
      done++;
    }
  }
}

async function cardTerminalHealth(t: TerminalHandle): Promise<CardTerminalHealth> {
  return (await t.call('GET', '/api/health')).body.data!.cardTerminal as CardTerminalHealth;
}

describe('the rest of a partly refunded card payment of a refused sale', () => {
  it('is refunded once the card terminal answers again, without a restart', async () => {
    // Refused while the card terminal is down: the take-back of the rest (25) is not sent.
    const purchase = await refusedHalfRefunded(terminal, { mode: 'down' });
    expect(await cardTerminalHealth(terminal)).toMatchObject({ pendingTakeBacks: 1, declinedTakeBacks: 0 });

    // The card terminal is back; the next card operation settles what waits to go back.
    await cardFault({ mode: 'ok' });
    expect((await terminal.call('POST', '/api/sales', cardSale(51))).status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(5000);
    expect(await cardTerminalHealth(terminal)).toMatchObject({ pendingTakeBacks: 0, declinedTakeBacks: 0 });
  });

  it('is refunded on its own when no card operation comes: the status checks retry it', async () => {
    const shop = await env.start({ config: { cardStatusMaxAgeMs: 1_000 } });
    try {
      const purchase = await refusedHalfRefunded(shop, { mode: 'down' });
      await cardFault({ mode: 'ok' });
      // Nobody sells by card nor reads health: the terminal's own checks settle it.
      await waitUntil(
        'the rest refunded',
        async () => (await refundedOnCard(purchase)) === 5000,
        15_000,
        100,
      );
      expect(takeBackAttempts(shop, purchase).at(-1)).toEqual({ status: 'approved', amount: 2500 });
    } finally {
      await shop.stop();
    }
  });

  it('a refund that came in between a failed attempt and its retry: exactly what is left goes back', async () => {
    // The card terminal refuses the take-back's 25 for a fault of its own (TERMINAL_ERROR, and
    // did nothing): retried, not owed.
    const purchase = await refusedHalfRefunded(terminal, {
      mode: 'error',
      operations: ['refund'],
      amounts: [2500],
    });
    // (A status check may have tried it again meanwhile: another failed attempt of 25.)
    expect(new Set(takeBackAttempts(terminal, purchase).map((a) => `${a.status} ${a.amount}`))).toEqual(
      new Set(['failed 2500']),
    );
    // Meanwhile 10 of the rest goes back by its RRN (its retry of the 25 refused again first).
    const standalone = await terminal.call('POST', '/api/card/refund', { rrn: purchase.rrn, amount: 10 });
    expect(standalone.status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(3500);

    // The take-back now gives back the 15 left, not the 25 of its first attempt, nor nothing.
    await cardFault({ mode: 'ok' });
    expect((await terminal.call('POST', '/api/sales', cardSale(52))).status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(5000);
    expect(takeBackAttempts(terminal, purchase).at(-1)).toEqual({ status: 'approved', amount: 1500 });
    expect(await cardTerminalHealth(terminal)).toMatchObject({ pendingTakeBacks: 0, declinedTakeBacks: 0 });
  });

  it('an attempt in doubt the card terminal never got, and a refund in between: resent as it was, then what is left', async () => {
    const purchase = await refusedHalfRefunded(terminal, { mode: 'down' });
    // The state a restart leaves of an attempt caught between its write and its send.
    terminal.runtime.db
      .prepare(`UPDATE card_transactions SET status = 'in_doubt' WHERE idempotency_key = ?`)
      .run(`take-back:${purchase.id}`);
    // Meanwhile 10 goes back by its RRN; the resend of the 25 before it is refused: still in doubt.
    await cardFault({ mode: 'error', operations: ['refund'], amounts: [2500] });
    const standalone = await terminal.call('POST', '/api/card/refund', { rrn: purchase.rrn, amount: 10 });
    expect(standalone.status).toBe(200);
    expect(takeBackAttempts(terminal, purchase)).toEqual([{ status: 'in_doubt', amount: 2500 }]);

    // The 25 resent is more than is left (the card terminal declines it), so the 15 left follow.
    await cardFault({ mode: 'ok' });
    expect((await terminal.call('POST', '/api/sales', cardSale(54))).status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(5000);
    expect(takeBackAttempts(terminal, purchase)).toEqual([
      { status: 'declined', amount: 2500 },
      { status: 'approved', amount: 1500 },
    ]);
  });

  it('declined by the card terminal: owed to the customer, shown by health and /metrics until refunded by its RRN', async () => {
    const purchase = await refusedHalfRefunded(terminal, { mode: 'decline', operations: ['refund'] });
    expect(takeBackAttempts(terminal, purchase)).toEqual([{ status: 'declined', amount: 2500 }]);
    await cardFault({ mode: 'ok' });
    expect(await cardTerminalHealth(terminal)).toMatchObject({
      status: 'ready',
      pendingTakeBacks: 0,
      declinedTakeBacks: 1,
    });
    const metrics = await (
      await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
    ).text();
    expect(metrics).toContain('card_terminal_take_backs{state="declined"} 1');
    expect(metrics).toContain('card_terminal_take_backs{state="pending"} 0');

    // The bank's answer is not asked again on its own (card payments go on meanwhile) ...
    expect((await terminal.call('POST', '/api/sales', cardSale(53))).status).toBe(200);
    expect(takeBackAttempts(terminal, purchase)).toHaveLength(1);
    // ... until someone gives the rest back by its RRN.
    const refunded = await terminal.call('POST', '/api/card/refund', { rrn: purchase.rrn, amount: 25 });
    expect(refunded.status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(5000);
    expect(await cardTerminalHealth(terminal)).toMatchObject({ pendingTakeBacks: 0, declinedTakeBacks: 0 });
  });

  it('refused by the card terminal (a definite no, not a fault of the device): owed like a declined one, not asked again by the status checks', async () => {
    // A bank that needs the authorisation code to refund, and a purchase whose code is not
    // known: the card terminal refuses the take-back's 25 (AUTH_CODE_REQUIRED), and will refuse
    // the same request every time it is asked.
    const purchase = await refusedHalfRefunded(terminal, { mode: 'refund-needs-auth-code' }, ({ id }) => {
      terminal.runtime.db.prepare('UPDATE card_transactions SET auth_code = NULL WHERE id = ?').run(id);
    });
    const [authCode] = (await listCardTransactions(env.cardSim.adminUrl, { reference: purchase.id })).map(
      (t) => t.authCode,
    );
    await statusChecks(terminal, 3);
    expect(takeBackAttempts(terminal, purchase)).toEqual([{ status: 'failed', amount: 2500 }]);
    expect(await cardTerminalHealth(terminal)).toMatchObject({
      status: 'ready',
      pendingTakeBacks: 0,
      declinedTakeBacks: 1,
    });
    const metrics = await (
      await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
    ).text();
    expect(metrics).toContain('card_terminal_take_backs{state="declined"} 1');

    // A person gives the rest back by its RRN, with the authorisation code.
    const refunded = await terminal.call('POST', '/api/card/refund', {
      rrn: purchase.rrn,
      amount: 25,
      authCode,
    });
    expect(refunded.status).toBe(200);
    expect(await refundedOnCard(purchase)).toBe(5000);
    expect(await cardTerminalHealth(terminal)).toMatchObject({ pendingTakeBacks: 0, declinedTakeBacks: 0 });
    expect(takeBackAttempts(terminal, purchase)).toHaveLength(1);
  });
});
