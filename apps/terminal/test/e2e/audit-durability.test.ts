/**
 * The audit row an answer's X-Request-Id names survives a kill -9 right after the answer, for
 * every request that may change state (docs/terminal-api.md, "Request ids and the audit log").
 * The rows used to be buffered and written every 250 ms: a kill lost the last ones.
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

let sim: Simulator;
let dataDir: string;
let terminal: TerminalProcess;

beforeAll(async () => {
  sim = await startSimulator();
  dataDir = tempDir('audit-durability');
  terminal = await startTerminalProcess({ dataDir, sim });
}, 60_000);

afterAll(async () => {
  await terminal?.kill();
  await sim?.stop();
  removeDir(dataDir);
  removeDir(sim?.dataDir ?? '');
});

async function post(path: string, body: unknown): Promise<{ status: number; requestId: string }> {
  const response = await fetch(terminal.url + path, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, requestId: response.headers.get('x-request-id')! };
}

it('keeps the audit row of every answered write through a kill -9 right after the answer', async () => {
  // The buffered rows were lost at every such kill, not now and then: two rounds (the second on a
  // process that itself started on a killed file) prove what five did, with three restarts less.
  const rounds = 2;
  const expected: { requestId: string; status: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    // A sale, a cash operation, a refusal (it changed nothing, its row is kept all the same).
    expected.push(await post('/api/sales', cashSale(12)));
    expected.push(await post('/api/cash/in', { amount: 3 }));
    expected.push(await post('/api/sales', { items: [] }));
    // The kill comes right after the answer, well within the 250 ms of a buffered batch.
    await terminal.kill();
    terminal = await startTerminalProcess({ dataDir, sim });
  }
  expect(expected.map((e) => e.status)).toEqual(Array.from({ length: rounds }, () => [200, 200, 400]).flat());

  await terminal.kill();
  const audit = new Database(join(dataDir, 'audit.sqlite'), { readonly: true });
  try {
    const find = audit.prepare<[string], { status: number }>('SELECT status FROM audit_log WHERE id = ?');
    const missing = expected.filter((e) => find.get(e.requestId)?.status !== e.status);
    expect(missing).toEqual([]);
  } finally {
    audit.close();
  }
}, 180_000);
