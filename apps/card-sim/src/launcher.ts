/**
 * Starts the real card terminal simulator as a child process and waits until it is ready.
 * Used by tests and by the terminal when no CARD_TERMINAL_URL is configured.
 */
import { fileURLToPath } from 'node:url';
import {
  launchSimulator,
  type SimulatorLaunchOptions,
  type SimulatorProcess,
  type SimulatorReadyLine,
} from '@fiscal-pos/sim-kit';

/** Extra environment: CARD_FAULT_MODE, CARD_FAULT_DELAY_MS, ADMIN_TOKEN, ... */
export type StartCardSimOptions = SimulatorLaunchOptions;

/** `url` is the ECR base URL, e.g. http://127.0.0.1:8650 (operations under /ecr/v1). */
export type CardSimProcess = SimulatorProcess;

export async function startCardSimProcess(options: StartCardSimOptions): Promise<CardSimProcess> {
  const child = await launchSimulator<SimulatorReadyLine>(
    {
      name: 'card-sim',
      main: fileURLToPath(new URL('./main.ts', import.meta.url)),
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      exitWithParentVariable: 'CARD_SIM_EXIT_WITH_PARENT',
    },
    { ...options, env: { HOST: '127.0.0.1', ...options.env } },
  );
  const { url, adminUrl, port, adminPort } = child.ready;
  return { url, adminUrl, port, adminPort, pid: child.pid, stop: child.stop, kill: child.kill };
}
