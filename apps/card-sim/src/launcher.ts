/**
 * Starts the real card terminal simulator as a child process and waits until it is ready.
 * Used by tests and by the terminal when no CARD_TERMINAL_URL is configured.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnReadyProcess } from '@fiscal-pos/sim-kit';

export interface StartCardSimOptions {
  dataDir: string;
  /** 0 or absent: a free port chosen by the system. */
  port?: number;
  adminPort?: number;
  /** Extra environment for the child: CARD_FAULT_MODE, CARD_FAULT_DELAY_MS, ADMIN_TOKEN, ... */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Receives every log line of the child (JSON), for debugging. */
  onLog?: (line: string) => void;
}

export interface CardSimProcess {
  /** The ECR base URL, e.g. http://127.0.0.1:8650 (operations under /ecr/v1). */
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
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
}

export async function startCardSimProcess(options: StartCardSimOptions): Promise<CardSimProcess> {
  const child = await spawnReadyProcess<ReadyLine>({
    name: 'card-sim',
    main: fileURLToPath(new URL('./main.ts', import.meta.url)),
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      ADMIN_PORT: String(options.adminPort ?? 0),
      DATA_DIR: resolve(options.dataDir),
      CARD_SIM_EXIT_WITH_PARENT: '1',
      ...options.env,
    },
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
    ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
  });
  const { url, adminUrl, port, adminPort } = child.ready;
  return { url, adminUrl, port, adminPort, pid: child.pid, stop: child.stop, kill: child.kill };
}
