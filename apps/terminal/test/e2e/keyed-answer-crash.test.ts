/**
 * A keyed request's answer is held in memory and written with the others waiting, within
 * IDEMPOTENCY_ANSWER_HOLD_MS (IdempotencyStore.keepAnswer): a kill -9 right after the answer loses it, and the
 * retry with the key rebuilds it from the sale the durable commit linked to the key. A graceful
 * stop writes it. Either way the retry gets the sale it was answered with, not a second one.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_KEY,
  cashSale,
  removeDir,
  startSimulator,
  tempDir,
  type Simulator,
} from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

/** Long enough that only the kill or the stop can come before the write. */
const HOLD = { IDEMPOTENCY_ANSWER_HOLD_MS: '60000' };

let sim: Simulator;
let dataDir: string;
let terminal: TerminalProcess;

beforeAll(async () => {
  sim = await startSimulator();
  dataDir = tempDir('keyed-answer-crash');
  terminal = await startTerminalProcess({ dataDir, sim, env: HOLD });
}, 60_000);

afterAll(async () => {
  await terminal?.kill();
  await sim?.stop();
  removeDir(dataDir);
  removeDir(sim?.dataDir ?? '');
});

interface Answer {
  status: number;
  replayed: string | null;
  data: Record<string, unknown>;
}

async function sell(key: string, amount: number): Promise<Answer> {
  const response = await fetch(`${terminal.url}/api/sales`, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(cashSale(amount)),
  });
  const body = (await response.json()) as { data: Record<string, unknown> };
  return {
    status: response.status,
    replayed: response.headers.get('x-idempotency-replayed'),
    data: body.data,
  };
}

/** The key's row as the file holds it, read while the terminal is down. */
function keyRow(key: string): { state: string; status_code: number | null } | undefined {
  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
  try {
    return db
      .prepare<[string], { state: string; status_code: number | null }>(
        'SELECT state, status_code FROM idempotency_keys WHERE key = ?',
      )
      .get(key);
  } finally {
    db.close();
  }
}

async function salesTotal(): Promise<number> {
  const response = await fetch(`${terminal.url}/api/sales`, { headers: { 'X-API-Key': API_KEY } });
  return ((await response.json()) as { data: { total: number } }).data.total;
}

it('rebuilds an answer a kill -9 took before it was written, and sells nothing twice', async () => {
  const first = await sell('held-then-killed', 21);
  expect(first.status).toBe(200);
  await terminal.kill();
  // The kill came before the answer was written: only the link the sale's commit made is there.
  expect(keyRow('held-then-killed')).toEqual({ state: 'processing', status_code: null });

  terminal = await startTerminalProcess({ dataDir, sim, env: HOLD });
  const count = await salesTotal();
  const retry = await sell('held-then-killed', 21);
  expect(retry.status).toBe(200);
  expect(retry.replayed).toBe('true');
  expect(retry.data).toMatchObject({
    saleId: first.data.saleId,
    receiptNumber: first.data.receiptNumber,
    total: first.data.total,
  });
  expect(await salesTotal()).toBe(count);
}, 120_000);

it('writes the held answer when the terminal stops, and replays it as it was given', async () => {
  const first = await sell('held-then-stopped', 22);
  expect(first.status).toBe(200);
  // Before the flush, a retry gets the held answer.
  const early = await sell('held-then-stopped', 22);
  expect(early.replayed).toBe('true');
  expect(early.data).toEqual(first.data);

  await terminal.stop();
  expect(keyRow('held-then-stopped')).toEqual({ state: 'completed', status_code: 200 });
  terminal = await startTerminalProcess({ dataDir, sim, env: HOLD });
  const retry = await sell('held-then-stopped', 22);
  expect(retry.replayed).toBe('true');
  expect(retry.data).toEqual(first.data);
}, 120_000);
