/**
 * kill -9 between the card refund and the refund's write. The card terminal gives the money back
 * but never answers; the terminal is killed while it waits, so the journal holds the refund's
 * write-ahead row and no refund document exists. The money must not go back twice: the retry
 * with the same Idempotency-Key resends the same card refund under the same reference, which the
 * card terminal answers from its record, and the refund document is then written once.
 */
import Database from 'better-sqlite3';
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
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

let sim: Simulator;
let cardSim: CardSim;
let dataDir: string;
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  [sim, cardSim] = await Promise.all([startSimulator(), startCardSim()]);
  dataDir = tempDir('refund-crash');
});

afterAll(async () => {
  await terminal?.stop();
  await Promise.all([sim?.stop(), cardSim?.stop()]);
  for (const dir of [dataDir, sim?.dataDir, cardSim?.dataDir]) if (dir) removeDir(dir);
});

function post(path: string, body: unknown, key: string) {
  return fetch(`${terminal!.url}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
}

function count(sql: string): number {
  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function refundedAtBank(rrn: string): Promise<number> {
  const purchases = await listCardTransactions(cardSim.adminUrl, { operation: 'purchase' });
  return purchases.find((p) => p.rrn === rrn)?.refunded ?? 0;
}

it('a refund whose card answer a kill -9 cut off is completed by its retry, the money given back once', async () => {
  const env = { CARD_REQUEST_TIMEOUT_MS: '60000' };
  terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env });
  const saleRes = await post(
    '/api/sales',
    { ...cashSale(45), payments: [{ type: '2', amount: 45 }] },
    'sale-1',
  );
  const sale = ((await saleRes.json()) as { data: { saleId: string; payments: { card: { rrn: string } }[] } })
    .data;
  const rrn = sale.payments[0]!.card.rrn;

  await setCardFault(cardSim.adminUrl, { mode: 'hang', operations: ['refund'] });
  const cut = post(`/api/sales/${sale.saleId}/refund`, {}, 'refund-1').catch((error: unknown) => error);
  await waitUntil(
    'the card terminal to give the money back',
    async () => (await refundedAtBank(rrn)) === 4500,
  );
  await terminal.kill('SIGKILL');
  expect(await cut).toBeInstanceOf(Error);
  expect(count('SELECT COUNT(*) AS n FROM refunds')).toBe(0);

  await setCardFault(cardSim.adminUrl, { mode: 'ok' });
  terminal = await startTerminalProcess({ dataDir, sim, card: cardSim, env });
  const retry = await post(`/api/sales/${sale.saleId}/refund`, {}, 'refund-1');
  const body = (await retry.json()) as {
    data: { total: number; paymentBreakdown: unknown } | null;
    error: unknown;
  };
  expect(body.error).toBeNull();
  expect(body.data).toMatchObject({ total: 45, paymentBreakdown: [{ type: '2', amount: 45 }] });
  expect(await refundedAtBank(rrn)).toBe(4500);
  expect(count('SELECT COUNT(*) AS n FROM refunds')).toBe(1);
  expect(
    count(`SELECT COUNT(*) AS n FROM card_transactions WHERE kind = 'refund' AND status = 'approved'`),
  ).toBe(1);
});
