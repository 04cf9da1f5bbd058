/**
 * Starts the real simulator as a child process (`node --import tsx src/main.ts`) and waits
 * for its "ready" line. Used by tests and by the terminal when no MEV_URL is configured.
 * The child also stops when the parent goes away (its stdin closes), so a crashed test run
 * leaves no simulator behind.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface StartMevSimOptions {
  dataDir: string;
  /** 0 or absent: a free port chosen by the system. */
  port?: number;
  adminPort?: number;
  /** Extra environment for the child: MEV_FAULT_MODE, MEV_FAULT_DELAY_MS, ADMIN_TOKEN, ... */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Receives every log line of the child (JSON), for debugging. */
  onLog?: (line: string) => void;
}

export interface MevSimProcess {
  /** The SOAP endpoint, e.g. https://127.0.0.1:8443/mev/v1/fiscal */
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  caCertPem: string;
  caCertPath: string;
  pid: number;
  /** SIGTERM and wait for a clean exit (SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Sends a signal (default SIGKILL) and waits until the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

interface ReadyLine {
  event: 'ready';
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  caCertPath: string;
}

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

export async function startMevSimProcess(options: StartMevSimOptions): Promise<MevSimProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    // --import resolves "tsx" from the working directory: the package's own folder.
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      ADMIN_PORT: String(options.adminPort ?? 0),
      DATA_DIR: resolve(options.dataDir),
      MEV_SIM_EXIT_WITH_PARENT: '1',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  const ready = await new Promise<ReadyLine>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`mev-sim did not get ready in time; stderr: ${stderr}`));
    }, options.readyTimeoutMs ?? 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`mev-sim exited before ready (code ${code}, signal ${signal}); stderr: ${stderr}`));
    });
    // Keep reading after "ready" too: a full pipe would block the child.
    createInterface({ input: child.stdout }).on('line', (line) => {
      options.onLog?.(line);
      const parsed = parseReadyLine(line);
      if (parsed) {
        clearTimeout(timer);
        done(parsed);
      }
    });
  });

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    ...ready,
    caCertPem: await readFile(ready.caCertPath, 'utf8'),
    pid: child.pid ?? -1,
    kill,
    async stop() {
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await kill('SIGTERM');
      clearTimeout(forced);
    },
  };
}

function parseReadyLine(line: string): ReadyLine | null {
  try {
    const value = JSON.parse(line) as Partial<ReadyLine>;
    return value.event === 'ready' ? (value as ReadyLine) : null;
  } catch {
    return null;
  }
}
