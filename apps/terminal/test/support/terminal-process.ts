/**
 * The real terminal as a child process (`node --import tsx src/main.ts`), for tests that must
 * kill it: SIGKILL loses everything that was not durably written, which no in-process harness
 * can imitate. The simulators are started by the test, so they outlive every kill of the terminal;
 * without one, the development entry runs (`src/dev/main.ts`, what `npm run terminal` runs), which
 * starts its own.
 */
import type { CardSimProcess } from '@fiscal-pos/card-sim';
import { fiscalizeTerminal, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeFiscalIdentity, type FiscalIdentity } from '../../src/fiscalization/fiscal-identity.js';
import { readFiscalizationState, writeFiscalization } from '../../src/mev/terminal-credentials.js';
import { API_KEY, TEST_IDENTITY } from './terminal-harness.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const DEV_MAIN = fileURLToPath(new URL('../../src/dev/main.ts', import.meta.url));
const LOG_TAIL_LINES = 200;

export interface TerminalProcessOptions {
  /** Kept across restarts: the SQLite files and `fiscal/` live here. */
  dataDir: string;
  /** The fiscal server; absent: the development entry with its embedded simulators. */
  sim?: MevSimProcess;
  /** The card terminal; absent: CARD_TERMINAL=none. */
  card?: CardSimProcess;
  /** Extra or overriding environment for the child. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Given at the first fiscalization (default TEST_IDENTITY); null: a terminal fiscalized without it. */
  identity?: FiscalIdentity | null;
  /** False: started without fiscalization material (not_fiscal); true by default. */
  fiscalized?: boolean;
  /** Words run before node, which they must exec (`ip netns exec <ns>`: another network namespace). */
  launcher?: readonly string[];
}

interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface TerminalProcess {
  url: string;
  port: number;
  pid: number;
  /** Empty when started not fiscalized. */
  registrationNumber: string;
  /** Sends a signal (default SIGKILL) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<ProcessExit>;
  /** SIGTERM (the terminal's graceful stop), SIGKILL if it is still there after 5 s. */
  stop(): Promise<ProcessExit>;
  /** The last log lines of the child (stdout and stderr), for failure messages. */
  logTail(): string[];
  /** Resolves with the first log line (old or new) that matches `pattern`; rejects if the child ends first. */
  logged(pattern: RegExp): Promise<string>;
  /** Closes the child's stdin, as the end of the test process would, and resolves on its exit. */
  parentGone(): Promise<ProcessExit>;
}

/** Children still running, killed if the test process exits without stopping them. */
const live = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * Fiscalizes the terminal of `dataDir` against the simulator once, writing the material where
 * main.ts reads it when MEV_URL is set; later calls keep what is there (a restart).
 */
async function ensureFiscalized(
  dataDir: string,
  sim: MevSimProcess,
  identity: FiscalIdentity | null,
): Promise<string> {
  const dir = join(dataDir, 'fiscal');
  const state = await readFiscalizationState(dir);
  if (state.status === 'fiscalized') return state.material.registrationNumber;
  const material = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {});
  if (identity) writeFiscalIdentity(dir, identity);
  await writeFiscalization(dir, material);
  return material.registrationNumber;
}

async function fiscalizedByEntry(dataDir: string): Promise<string> {
  const state = await readFiscalizationState(join(dataDir, 'fiscal'));
  if (state.status !== 'fiscalized')
    throw new Error(`the development entry left the terminal ${state.status}`);
  return state.material.registrationNumber;
}

function readyPort(line: string): number | null {
  try {
    const value = JSON.parse(line) as { event?: unknown; port?: unknown };
    return value.event === 'ready' && typeof value.port === 'number' ? value.port : null;
  } catch {
    return null;
  }
}

export async function startTerminalProcess(o: TerminalProcessOptions): Promise<TerminalProcess> {
  const sim = o.sim;
  const registrationNumber = !sim
    ? null
    : o.fiscalized === false
      ? ''
      : await ensureFiscalized(o.dataDir, sim, o.identity === undefined ? TEST_IDENTITY : o.identity);
  const entry = sim ? MAIN : DEV_MAIN;
  const [command, ...args] = [...(o.launcher ?? []), process.execPath, '--import', 'tsx', entry];
  const child = spawn(command, args, {
    // --import resolves "tsx" from the working directory.
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      API_KEY,
      ...(sim ? { MEV_URL: sim.url } : {}),
      MERCHANT_IDNO: '1003600012345',
      MERCHANT_ADDRESS: 'str. Ştefan cel Mare 1, Chişinău',
      LOG_LEVEL: 'info',
      // A test process that dies without stopping it (killed by a runner's timeout, say)
      // takes the terminal with it: no process left serving on the machine.
      TERMINAL_EXIT_WITH_PARENT: '1',
      // The suite never multicasts on the machine's network: the one test of the announcement
      // turns it on inside a network namespace of its own (test/discovery/lan-discovery.test.ts).
      MDNS: 'off',
      MEV_CONNECT_TIMEOUT_MS: '1000',
      MEV_REQUEST_TIMEOUT_MS: '2000',
      SYNC_RETRY_BASE_MS: '50',
      SYNC_RETRY_MAX_MS: '500',
      ...(o.card
        ? { CARD_TERMINAL_URL: o.card.url, CARD_CONNECT_TIMEOUT_MS: '1000', CARD_REQUEST_TIMEOUT_MS: '3000' }
        : { CARD_TERMINAL: 'none' }),
      ...o.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<ProcessExit>((done) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      done({ code, signal });
    }),
  );

  const tail: string[] = [];
  const lineWaiters = new Set<(line: string) => void>();
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > LOG_TAIL_LINES) tail.shift();
    for (const waiter of lineWaiters) waiter(line);
  };
  // Both pipes are read to the end: a full pipe would block the child.
  createInterface({ input: child.stderr }).on('line', keep);
  const stdout = createInterface({ input: child.stdout });

  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`terminal did not get ready in time:\n${tail.join('\n')}`));
    }, o.readyTimeoutMs ?? 30_000);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`terminal exited before ready (code ${code}, signal ${signal}):\n${tail.join('\n')}`));
    });
    stdout.on('line', (line) => {
      keep(line);
      const found = readyPort(line);
      if (found !== null) {
        clearTimeout(timer);
        done(found);
      }
    });
  });

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    // The development entry fiscalizes at its start.
    registrationNumber: registrationNumber ?? (await fiscalizedByEntry(o.dataDir)),
    kill,
    async stop() {
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      try {
        return await kill('SIGTERM');
      } finally {
        clearTimeout(forced);
      }
    },
    logTail: () => [...tail],
    logged: (pattern) =>
      new Promise<string>((resolve, reject) => {
        const earlier = tail.find((line) => pattern.test(line));
        if (earlier !== undefined) return resolve(earlier);
        const waiter = (line: string) => {
          if (!pattern.test(line)) return;
          lineWaiters.delete(waiter);
          resolve(line);
        };
        lineWaiters.add(waiter);
        void exited.then(() => {
          lineWaiters.delete(waiter);
          reject(new Error(`terminal exited without logging ${pattern}:\n${tail.join('\n')}`));
        });
      }),
    parentGone() {
      child.stdin?.end();
      return exited;
    },
  };
}

export interface CommandProcess {
  /** Its exit: the status (null after a signal), and what it printed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Resolves true once its stdout matches `pattern`, false if it ends without. */
  printed(pattern: RegExp): Promise<boolean>;
  kill(signal: NodeJS.Signals): void;
}

/** One command of the terminal's entry (`src/main.ts <args>`) as its own process. */
export function startTerminalCommandProcess(
  args: readonly string[],
  env: Record<string, string>,
): CommandProcess {
  const child = execFile(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) =>
    child.once('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stdout, stderr });
    }),
  );
  const printed = (pattern: RegExp) =>
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (!pattern.test(stdout)) return;
        child.stdout?.off('data', check);
        resolve(true);
      };
      child.stdout?.on('data', check);
      check();
      void exited.then(() => resolve(pattern.test(stdout)));
    });
  return { exited, printed, kill: (signal) => child.kill(signal) };
}

/** A request to a terminal process's API with the test key: its status and parsed envelope. */
export async function callTerminalProcess<B>(
  terminal: Pick<TerminalProcess, 'url'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: B }> {
  const response = await fetch(terminal.url + path, {
    method,
    headers: {
      'X-API-Key': API_KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as B };
}
