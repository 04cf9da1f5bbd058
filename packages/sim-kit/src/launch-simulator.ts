/**
 * What launching either simulator as a child process takes: its ports (0 = free ones), its
 * DATA_DIR, and the variable that makes it stop with its parent.
 */
import { resolve } from 'node:path';
import { spawnReadyProcess, type ReadyProcess } from './spawn-ready-process.js';

export interface SimulatorLaunchOptions {
  dataDir: string;
  /** 0 or absent: a free port chosen by the system. */
  port?: number;
  adminPort?: number;
  /** Extra environment for the child (fault modes, ADMIN_TOKEN, ...). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Receives every log line of the child (JSON), for debugging. */
  onLog?: (line: string) => void;
}

/** The fields every simulator's ready line carries. */
export interface SimulatorReadyLine {
  event: 'ready';
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
}

export interface SimulatorProcess {
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  pid: number;
  /** SIGTERM and wait for a clean exit (SIGKILL after 5 s). */
  stop: () => Promise<void>;
  /** Sends a signal (default SIGKILL) and waits until the process is gone. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function launchSimulator<R extends SimulatorReadyLine>(
  simulator: { name: string; main: string; cwd: string; exitWithParentVariable: string },
  options: SimulatorLaunchOptions,
): Promise<ReadyProcess<R>> {
  return spawnReadyProcess<R>({
    name: simulator.name,
    main: simulator.main,
    cwd: simulator.cwd,
    env: {
      PORT: String(options.port ?? 0),
      ADMIN_PORT: String(options.adminPort ?? 0),
      DATA_DIR: resolve(options.dataDir),
      [simulator.exitWithParentVariable]: '1',
      ...options.env,
    },
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
    ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
  });
}
