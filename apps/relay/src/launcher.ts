/**
 * Starts the relay as a child process and waits until it is ready: how tests (and later
 * `npm start`) run it, like the simulators.
 */
import { fileURLToPath } from 'node:url';
import { spawnReadyProcess } from '@fiscal-pos/sim-kit';

export interface RelayProcess {
  url: string;
  port: number;
  pid: number;
  /** GET /metrics, when RELAY_METRICS_PORT was given. */
  metricsUrl: string | null;
  /** SIGTERM and wait for a clean exit (SIGKILL after 5 s). */
  stop: () => Promise<void>;
  /** Sends a signal (default SIGKILL) and waits until the process is gone. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function startRelayProcess(options: {
  /** CLOUD_URL, RELAY_TOKEN, RELAY_* limits; PORT 0 (a free one) unless given. */
  env: Record<string, string>;
  onLog?: (line: string) => void;
}): Promise<RelayProcess> {
  const child = await spawnReadyProcess<{
    event: 'ready';
    url: string;
    port: number;
    metricsUrl: string | null;
  }>({
    name: 'relay',
    main: fileURLToPath(new URL('./main.ts', import.meta.url)),
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { PORT: '0', HOST: '127.0.0.1', RELAY_EXIT_WITH_PARENT: '1', ...options.env },
    ...(options.onLog ? { onLog: options.onLog } : {}),
  });
  return {
    url: child.ready.url,
    port: child.ready.port,
    metricsUrl: child.ready.metricsUrl,
    pid: child.pid,
    stop: child.stop,
    kill: child.kill,
  };
}
