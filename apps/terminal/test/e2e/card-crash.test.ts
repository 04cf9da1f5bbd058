/**
 * kill -9 between the card charge and the sale's write. The real terminal process sends a
 * card purchase that the card terminal processes (the card is charged) but never answers; the
 * terminal is killed while it waits, so the journal holds the write-ahead row and no sale.
 * After the restart the terminal must take the charge back by itself (reversal by reference),
 * before anyone asks: the customer is not left paying for a sale that does not exist.
 */
import Database from 'better-sqlite3';
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
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
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  [sim, cardSim] = await Promise.all([startSimulator(), startCardSim()]);
  dataDir = tempDir('card-crash');
});

afterAll(async () => {
  await terminal?.stop();
  await Promise.all([sim?.stop(), cardSim?.stop()]);
  for (const dir of [dataDir, sim?.dataDir, cardSim?.dataDir]) if (dir) removeDir(dir);
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
