/**
 * A generated API key is a secret: printed once on the console for the person starting the
 * terminal, never in the JSON log, which is shipped and kept. The real terminal process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';
import { removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';

let sim: Simulator;
let terminal: TerminalProcess;
const dataDir = tempDir('api-key');

beforeAll(async () => {
  sim = await startSimulator();
  // An empty API_KEY is none: the terminal generates one in the fresh DATA_DIR.
  terminal = await startTerminalProcess({ dataDir, sim, env: { API_KEY: '' } });
});

afterAll(async () => {
  await terminal?.stop();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

describe('the generated API key', () => {
  it('is printed once as plain text and is in no JSON log line', async () => {
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const health = await fetch(`${terminal.url}/api/sales`, { headers: { 'X-API-Key': apiKey } });
    expect(health.status).toBe(200);

    const lines = terminal.logTail();
    expect(lines.filter((line) => isJson(line) && line.includes(apiKey))).toEqual([]);
    expect(lines.filter((line) => !isJson(line) && line.includes(apiKey))).toHaveLength(1);
  });
});
