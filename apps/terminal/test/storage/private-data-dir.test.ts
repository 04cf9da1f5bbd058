/**
 * Every file the terminal writes under DATA_DIR is 0600 and every folder 0700: the fiscal store,
 * the audit log, the printer journal (receipts with masked card numbers), the fiscal server's
 * keys, certificates and credentials, the API key. The real process, under the usual umask
 * (022), and a journal an earlier version left 0644 made private at start.
 */
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
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
let terminal: TerminalProcess | undefined;
const dataDir = tempDir('private-data-dir');

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await terminal?.stop();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

/** Every path under `dir` with its permission bits, folders first. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      found[path.slice(dataDir.length + 1) + (entry.isDirectory() ? '/' : '')] = (
        lstatSync(path).mode & 0o777
      ).toString(8);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found;
}

it('keeps every file 0600 and every folder 0700', async () => {
  const previous = process.umask(0o022);
  try {
    // What an earlier version left behind.
    mkdirSync(join(dataDir, 'printer'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'printer', 'journal.txt'), 'an old receipt\n', { mode: 0o644 });
    terminal = await startTerminalProcess({ dataDir, sim, env: { PRINTER: 'virtual' } });
    const sale = await fetch(`${terminal.url}/api/sales`, {
      method: 'POST',
      headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(cashSale(10)),
    });
    expect(sale.status).toBe(200);
    // Stopped: the audit log's rows and the journal's paper are written by then.
    await terminal.stop();
    terminal = undefined;
  } finally {
    process.umask(previous);
  }
  const found = modes(dataDir);
  for (const name of ['terminal.sqlite', 'audit.sqlite', 'printer/journal.txt', 'fiscal/'])
    expect(
      Object.keys(found).some((path) => path.startsWith(name)),
      name,
    ).toBe(true);
  expect(
    Object.keys(found).filter((path) => path.startsWith('fiscal/') && path.endsWith('.pem')).length,
  ).toBeGreaterThan(0);
  const expected = Object.fromEntries(
    Object.keys(found).map((path) => [path, path.endsWith('/') ? '700' : '600']),
  );
  expect(found).toEqual(expected);
  expect((lstatSync(dataDir).mode & 0o777).toString(8)).toBe('700');
});
