/**
 * A production terminal fiscalized before `fiscalize` asked for the device's serial number and
 * its tax office's address (HG 141/2019, Anexa nr. 1, pct. 24), upgraded: the real process
 * starts and sells (an upgrade never stops a shop), warns in its log at start, and its health
 * says the fiscal identity is incomplete; `fiscalize --identity-only` completes it, and after
 * a restart health is ready and the paper prints both under NR. INREGISTRARE.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { runTerminalCommand } from '../../src/platform/terminal-commands.js';
import { cashSale, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import {
  callTerminalProcess,
  startTerminalProcess,
  type TerminalProcess,
} from '../support/terminal-process.js';

let sim: Simulator;
let dataDir: string;
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  sim = await startSimulator();
  dataDir = tempDir('identity-upgrade');
}, 60_000);

afterAll(async () => {
  await terminal?.stop();
  await sim?.stop();
  removeDir(dataDir);
  removeDir(sim?.dataDir ?? '');
});

interface Health {
  status: string;
  degradedReasons: { code: string; message: string }[];
}

const call = (method: string, path: string, body?: unknown) =>
  callTerminalProcess<{ data: unknown }>(terminal!, method, path, body);

const health = async () => (await call('GET', '/api/health')).body.data as Health;

/** The sale's receipt, once the print queue has put it on the virtual printer's paper. */
async function printedReceipt(saleTotal: number): Promise<string> {
  const journal = join(dataDir, 'printer', 'journal.txt');
  const sold = await call('POST', '/api/sales', cashSale(saleTotal, { printReceipt: true }));
  expect(sold.status).toBe(200);
  const total = `${saleTotal.toFixed(2)}`;
  return vi.waitFor(
    () => {
      const receipts = existsSync(journal) ? readFileSync(journal, 'utf8').split(/^-+ 8<$/m) : [];
      const receipt = receipts.find((text) => text.includes('BON FISCAL') && text.includes(total));
      if (receipt === undefined) throw new Error('not printed yet');
      return receipt;
    },
    { timeout: 10_000, interval: 50 },
  );
}

it('starts, sells, warns and reports the identity incomplete; --identity-only completes it', async () => {
  // Fiscalized as an earlier version did: the five files, no identity.
  terminal = await startTerminalProcess({ dataDir, sim, identity: null });
  expect(terminal.logTail().join('\n')).toMatch(/"event":"fiscal_identity_incomplete".*--identity-only/);
  const before = await health();
  expect(before.status).toBe('degraded');
  expect(before.degradedReasons).toEqual([
    expect.objectContaining({
      code: 'FISCAL_IDENTITY_INCOMPLETE',
      message: expect.stringContaining('fiscalize --identity-only') as unknown,
    }),
  ]);
  // It sells and prints, without the two lines it does not know.
  const without = await printedReceipt(12);
  expect(without).toMatch(/^NR\. INREGISTRARE +\d+$/m);
  expect(without).not.toContain('NR. SERIE');
  expect(without).not.toContain('SFS:');

  await terminal.stop();
  const out = {
    lines: [] as string[],
    log: (t: string) => out.lines.push(t),
    error: (t: string) => out.lines.push(t),
  };
  const code = await runTerminalCommand(
    [
      'fiscalize',
      '--identity-only',
      '--serial-number',
      'ECC-0042',
      '--tax-office-address',
      'str. Exemplu 9, Chişinău',
    ],
    loadTerminalConfig({ DATA_DIR: dataDir }),
    out,
  );
  expect(out.lines.join('\n')).toContain('Identity written');
  expect(code).toBe(0);

  terminal = await startTerminalProcess({ dataDir, sim, identity: null });
  expect(terminal.logTail().join('\n')).not.toContain('fiscal_identity_incomplete');
  expect(await health()).toMatchObject({ status: 'ready', degradedReasons: [] });
  const withIdentity = await printedReceipt(13);
  expect(withIdentity).toMatch(
    /^NR\. INREGISTRARE +\d+\nNR\. SERIE +ECC-0042\nSFS: str\. Exemplu 9, Chişinău$/m,
  );
}, 90_000);
