/**
 * Sales on a history file from outside, the way docs/benchmarks.md#history tells people to
 * do it: `HISTORY_FILE=<file> npm run terminal` (the development entry as its own process, on a
 * copy in a new DATA_DIR, with its own mev-sim process adopting the terminal at the file's
 * report), and sales over HTTP from one client. Unlike the in-process figures of the history
 * bench, each sale here includes the SOAP round trip to mev-sim and its durable registration.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runHttpLoad, type HttpLoadResult } from '../../../../bench/load/http-load.js';
import { requireSuccess, SALE_REQUEST } from './bench-terminal.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const DEV_MAIN = fileURLToPath(new URL('../../src/dev/main.ts', import.meta.url));
const READY_TIMEOUT_MS = 180_000;
// The production rules apply to the development entry: a key of at least 32 characters.
const API_KEY = 'bench-dev-terminal-key-0123456789abcdef';

/** `sales` sequential sales (after 20 unmeasured) on a copy of `historyFile`, over HTTP. */
export async function salesOnDevTerminal(historyFile: string, sales: number): Promise<HttpLoadResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-pos-history-dev-'));
  const child = spawn(process.execPath, ['--import', 'tsx', DEV_MAIN], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      HISTORY_FILE: historyFile,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      API_KEY,
      CARD_TERMINAL: 'none',
      PRINTER: 'none',
      LOG_LEVEL: 'info',
      TERMINAL_EXIT_WITH_PARENT: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const tail: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => tail.push(chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the terminal did not start:\n${tail.join('\n')}`)),
        READY_TIMEOUT_MS,
      );
      void exited.then(() => reject(new Error(`the terminal exited before ready:\n${tail.join('\n')}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        tail.push(line);
        const port = readyPort(line);
        if (port !== null) {
          clearTimeout(timer);
          resolve(port);
        }
      });
    });
    const sell = (maxRequests: number) =>
      runHttpLoad({
        origin: `http://127.0.0.1:${port}`,
        method: 'POST',
        path: '/api/sales',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify(SALE_REQUEST),
        clients: 1,
        maxRequests,
        maxMs: 120_000,
      });
    requireSuccess('sales on the development terminal, warm-up', await sell(20));
    return requireSuccess('sales on the development terminal', await sell(sales));
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function readyPort(line: string): number | null {
  try {
    const value = JSON.parse(line) as { event?: unknown; port?: unknown };
    return value.event === 'ready' && typeof value.port === 'number' ? value.port : null;
  } catch {
    return null;
  }
}
