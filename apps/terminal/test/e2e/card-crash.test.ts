/**
 * kill -9 while the card terminal has done something the journal does not know yet, with the
 * real terminal process, card-sim and mev-sim:
 * - between the card charge and the sale's write. The card terminal processes a purchase (the
 *   card is charged) but never answers; the terminal is killed while it waits, so the journal
 *   holds the write-ahead row and no sale. After the restart the terminal must take the charge
 *   back by itself (reversal by reference), before anyone asks: the customer is not left paying
 *   for a sale that does not exist.
 * - between the card terminal's approval of a take-back's refund (the rest of a partly refunded
 *   card payment of a refused sale) and its journal write. After the restart the refund must be
 *   recognised (resent under its reference, answered from the card terminal's record), not
 *   made a second time.
 */
import Database from 'better-sqlite3';
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_KEY,
  cashSale,
  removeDir,
  startCardSim,
  startSimulator,
  tempDir,
  type CardSim,
  type Simulator,
} from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

const DEADLINE_MS = 20_000;

let sim: Simulator;
let cardSim: CardSim;
let dataDir: string;
let takeBackDataDir: string;
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  [sim, cardSim] = await Promise.all([startSimulator(), startCardSim()]);
  dataDir = tempDir('card-crash');
  takeBackDataDir = tempDir('card-take-back-crash');
});

afterAll(async () => {
  await terminal?.stop();
  await Promise.all([sim?.stop(), cardSim?.stop()]);
  for (const dir of [dataDir, takeBackDataDir, sim?.dataDir, cardSim?.dataDir]) if (dir) removeDir(dir);
});

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function readJournal(): {
  id: string;
  status: string;
  cancelled_by: string | null;
  sale_id: string | null;
}[] {
  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, status, cancelled_by, sale_id FROM card_transactions ORDER BY seq')
      .all() as {
      id: string;
      status: string;
      cancelled_by: string | null;
      sale_id: string | null;
    }[];
  } finally {
    db.close();
  }
}

it('takes back, after a restart, a card charged for a sale that a kill -9 never let be written', async () => {
  // Long enough that the terminal is still waiting for the answer when it is killed.
  const env = { CARD_REQUEST_TIMEOUT_MS: '60000' };
  terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env });
  await setCardFault(cardSim.adminUrl, { mode: 'hang', operations: ['purchase'] });
  const sale = fetch(`${terminal.url}/api/sales`, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...cashSale(61.5), payments: [{ type: '2', amount: 61.5 }] }),
  }).catch((error: unknown) => error);

  const charged = await until('the card terminal to charge the card', async () => {
    const purchases = await listCardTransactions(cardSim.adminUrl, { operation: 'purchase' });
    return purchases.find((p) => p.amount === 61_50);
  });
  expect(charged).toMatchObject({ result: 'approved', state: 'charged' });
  await terminal.kill('SIGKILL');
  expect(await sale).toBeInstanceOf(Error);

  // Right after the kill: the write-ahead row is there, no sale was written.
  expect(readJournal()).toEqual([
    { id: charged.reference, status: 'sending', cancelled_by: null, sale_id: null },
  ]);

  await setCardFault(cardSim.adminUrl, { mode: 'ok' });
  terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env });
  const reversed = await until('the restarted terminal to reverse the charge', async () => {
    const [purchase] = await listCardTransactions(cardSim.adminUrl, { reference: charged.reference });
    return purchase?.state === 'reversed' ? purchase : undefined;
  });
  expect(reversed.cancelledAt).not.toBeNull();
  await until('the journal to record it', () =>
    Promise.resolve(readJournal()[0]?.status === 'cancelled' ? true : undefined),
  );
  expect(readJournal()).toEqual([
    { id: charged.reference, status: 'cancelled', cancelled_by: 'reversal', sale_id: null },
  ]);
  const sales = await fetch(`${terminal.url}/api/sales`, { headers: { 'X-API-Key': API_KEY } });
  expect(((await sales.json()) as { data: { total: number } }).data.total).toBe(0);
});

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: Record<string, unknown> | null }> {
  const response = await fetch(`${terminal!.url}${path}`, {
    method,
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const { data } = (await response.json()) as { data: Record<string, unknown> | null };
  return { status: response.status, data };
}

function inDatabase<T>(dir: string, use: (db: Database.Database) => T): T {
  const db = new Database(join(dir, 'terminal.sqlite'), { fileMustExist: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

// Three starts of the terminal process, each seconds on a loaded machine.
it('recognises, after a restart, a take-back refund that a kill -9 caught between its approval and its journal write', async () => {
  const env = { CARD_REQUEST_TIMEOUT_MS: '60000' };
  const dir = takeBackDataDir;
  terminal = await startTerminalProcess({ dataDir: dir, sim, card: cardSim, env });
  // A card sale of 50 answered offline, one of its two items refunded (25 back on the card).
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
  const sale = await call('POST', '/api/sales', {
    ...cashSale(50),
    items: [{ name: 'Item', unitPrice: 25, quantity: 2, vatCode: 'B' }],
    payments: [{ type: '2', amount: 50 }],
  });
  expect(sale.status).toBe(200);
  const saleId = sale.data!.saleId as string;
  const operationId = sale.data!.fiscalOperationId as string;
  const refund = await call('POST', `/api/sales/${saleId}/refund`, {
    items: [{ index: 0, quantity: 1 }],
    printReceipt: false,
  });
  expect(refund.status).toBe(200);
  await terminal.stop();
  // The state a crash between the queued write and its answer leaves (migration 0033): no
  // customer was answered with the sale, so its refusal takes back the rest (25).
  const purchase = inDatabase(dir, (db) => {
    db.prepare('UPDATE fiscal_operations SET unanswered = 1 WHERE id = ?').run(operationId);
    return db.prepare('SELECT id, rrn FROM card_transactions WHERE sale_id = ?').get(saleId) as {
      id: string;
      rrn: string;
    };
  });
  const [charged] = await listCardTransactions(cardSim.adminUrl, { reference: purchase.id });
  const refundsOnCard = async () =>
    (await listCardTransactions(cardSim.adminUrl, { operation: 'refund' })).filter(
      (t) => t.originalSeq === charged!.seq,
    );
  expect(await refundsOnCard()).toHaveLength(1);

  // Refused when sent; the card terminal does the take-back's refund and holds its answer.
  await setCardFault(cardSim.adminUrl, { mode: 'slow', operations: ['refund'], delayMs: 60_000 });
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'poison', poisonOperationId: operationId });
  terminal = await startTerminalProcess({ dataDir: dir, sim, card: cardSim, env });
  const takeBack = await until('the card terminal to do the take-back refund', async () => {
    const refunds = await refundsOnCard();
    return refunds.length === 2 ? refunds[1] : undefined;
  });
  expect(takeBack).toMatchObject({ result: 'approved', amount: 25_00 });
  await terminal.kill('SIGKILL');
  const attempts = () =>
    inDatabase(
      dir,
      (db) =>
        db
          .prepare('SELECT id, status, amount FROM card_transactions WHERE idempotency_key = ? ORDER BY seq')
          .all(`take-back:${purchase.id}`) as { id: string; status: string; amount: number }[],
    );
  expect(attempts()).toEqual([{ id: takeBack.reference, status: 'sending', amount: 25_00 }]);

  // Restarted while the card terminal is away: its resend at start reaches nothing, which says
  // nothing of the refund already done, so it stays in doubt (not `failed`, which would let a
  // new refund be sent). Once the device is back, the terminal's own status checks resend it.
  await setCardFault(cardSim.adminUrl, { mode: 'down' });
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
  terminal = await startTerminalProcess({
    dataDir: dir,
    sim,
    card: cardSim,
    env: { ...env, CARD_STATUS_MAX_AGE_MS: '1000' },
  });
  const lastError = () =>
    inDatabase(
      dir,
      (db) =>
        db.prepare('SELECT error_message FROM card_transactions WHERE id = ?').get(takeBack.reference) as {
          error_message: string | null;
        },
    ).error_message;
  await until('the resend at start to reach nothing', () =>
    Promise.resolve(/ECONNREFUSED/.test(lastError() ?? '') ? true : undefined),
  );
  // One attempt, never `failed` (it may be on the wire again: the start resends what waits).
  expect(attempts()).toEqual([
    { id: takeBack.reference, status: expect.stringMatching(/^(in_doubt|sending)$/), amount: 25_00 },
  ]);
  await setCardFault(cardSim.adminUrl, { mode: 'ok' });
  await until('the restarted terminal to learn the refund', () =>
    Promise.resolve(attempts()[0]?.status === 'approved' ? true : undefined),
  );
  expect(attempts()).toEqual([{ id: takeBack.reference, status: 'approved', amount: 25_00 }]);
  // Resent under its reference and answered from the card terminal's record: not made twice.
  expect(await refundsOnCard()).toHaveLength(2);
  const [refunded] = await listCardTransactions(cardSim.adminUrl, { reference: purchase.id });
  expect(refunded).toMatchObject({ refunded: 50_00 });
  const health = await call('GET', '/api/health');
  expect(health.data!.cardTerminal).toMatchObject({ pendingTakeBacks: 0, declinedTakeBacks: 0 });
}, 120_000);
