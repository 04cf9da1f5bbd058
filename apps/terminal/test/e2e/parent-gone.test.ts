/**
 * A terminal started by another process (the tests) stops when that process goes, however it
 * goes: its stdin closes, and it stops as on SIGTERM. A test process killed by a runner's
 * timeout once left a terminal serving on the machine, competing with every later test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';
import { removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';

let sim: Simulator;
let terminal: TerminalProcess;
const dataDir = tempDir('parent-gone');

beforeAll(async () => {
  sim = await startSimulator();
  terminal = await startTerminalProcess({ dataDir, sim });
});

afterAll(async () => {
  await terminal?.stop();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

it('stops cleanly when the process that started it goes', async () => {
  expect((await fetch(`${terminal.url}/api/health`)).status).toBe(200);
  expect(await terminal.parentGone()).toEqual({ code: 0, signal: null });
  expect(terminal.logTail().join('\n')).toContain('"signal":"parent-gone"');
});
