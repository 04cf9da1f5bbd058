/**
 * Starts the real simulator as a child process (`node --import tsx src/main.ts`) and waits
 * for its "ready" line. Used by tests and by the terminal when no MEV_URL is configured.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnReadyProcess } from '@fiscal-pos/sim-kit';

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

export async function startMevSimProcess(options: StartMevSimOptions): Promise<MevSimProcess> {
  const child = await spawnReadyProcess<ReadyLine>({
    name: 'mev-sim',
    main: fileURLToPath(new URL('./main.ts', import.meta.url)),
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PORT: String(options.port ?? 0),
      ADMIN_PORT: String(options.adminPort ?? 0),
      DATA_DIR: resolve(options.dataDir),
      MEV_SIM_EXIT_WITH_PARENT: '1',
      ...options.env,
    },
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
    ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
  });
  const { event: _event, ...ready } = child.ready;
  return {
    ...ready,
    caCertPem: await readFile(ready.caCertPath, 'utf8'),
    pid: child.pid,
    kill: child.kill,
    stop: child.stop,
  };
}
