/**
 * A Z report the fiscal server refuses for itself (502 MEV_ERROR) has closed the fiscal day all
 * the same (docs/offline-mode.md): a VAT table that waited for it is in use from then on, and
 * the log says so as after any Z report. Real terminal process, real mev-sim behind a gate that
 * holds the report's registration while the test tells mev-sim to refuse that operation.
 */
import Database from 'better-sqlite3';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMevGate, type MevGate } from '../support/mev-gate.js';
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
let gate: MevGate;
let dataDir: string;
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  dataDir = join(tempDir('z-refused'), 'data');
  sim = await startSimulator();
  gate = await startMevGate(sim.url);
}, 60_000);

afterAll(async () => {
  await terminal?.stop();
  await gate?.close();
  await sim?.stop();
  removeDir(join(dataDir, '..'));
  removeDir(sim?.dataDir ?? '');
});

/** The terminal process on the test's data, with these VAT rates. */
async function startWith(vatRates: string): Promise<TerminalProcess> {
  await terminal?.stop();
  terminal = await startTerminalProcess({
    dataDir,
    sim,
    env: { MEV_URL: gate.url, VAT_RATES: vatRates, MEV_REQUEST_TIMEOUT_MS: '20000' },
  });
  return terminal;
}

async function call(t: TerminalProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(t.url + path, {
    method,
    headers: { 'X-API-Key': API_KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, any> | null; error: { code: string } | null },
  };
}

it('puts the VAT table that waited for it in use, and says so in the log', async () => {
  const first = await startWith('A=8,B=20,C=0,D=12,E=6');
  expect((await call(first, 'POST', '/api/sales', cashSale(120))).status).toBe(200);
  const t = await startWith('A=8,B=10,C=0,D=12,E=6');
  await t.logged(/differ from those of the open fiscal day/);

  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
  try {
    const newest = () =>
      db
        .prepare<[], { id: string; type: string; status: string }>(
          'SELECT id, operation_type AS type, status FROM fiscal_operations ORDER BY seq DESC LIMIT 1',
        )
        .get();
    gate.hold();
    const z = call(t, 'POST', '/api/reports/z', { printReport: false });
    await expect
      .poll(() => (newest()?.type === 'z_report' ? newest()?.status : undefined), {
        timeout: 15_000,
        interval: 20,
      })
      .toBe('sent');
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'poison', poisonOperationId: newest()!.id });
    gate.release();
    const refused = await z;
    expect([refused.status, refused.body.error?.code]).toEqual([502, 'MEV_ERROR']);
  } finally {
    db.close();
  }

  // The day is closed: the table that waited is in use, and the log no longer says it waits.
  expect((await call(t, 'GET', '/api/health')).body.data!.vatRates.pending).toBeNull();
  // Logged before the 502 was sent; read once the child's output has come through.
  expect(await t.logged(/no VAT rates wait for a Z report any more/)).toMatch(/"pending":null/);
}, 60_000);
