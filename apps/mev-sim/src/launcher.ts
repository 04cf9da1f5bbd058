/**
 * Starts the real simulator as a child process (`node --import tsx src/main.ts`) and waits
 * for its "ready" line. Used by tests and by the terminal when no MEV_URL is configured.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  launchSimulator,
  type SimulatorLaunchOptions,
  type SimulatorProcess,
  type SimulatorReadyLine,
} from '@fiscal-pos/sim-kit';

/** Extra environment: MEV_FAULT_MODE, MEV_FAULT_DELAY_MS, ADMIN_TOKEN, ... */
export type StartMevSimOptions = SimulatorLaunchOptions;

export interface MevSimProcess extends SimulatorProcess {
  /** The SOAP endpoint, e.g. https://127.0.0.1:8443/mev/v1/fiscal */
  url: string;
  caCertPem: string;
  caCertPath: string;
}

export async function startMevSimProcess(options: StartMevSimOptions): Promise<MevSimProcess> {
  const child = await launchSimulator<SimulatorReadyLine & { caCertPath: string }>(
    {
      name: 'mev-sim',
      main: fileURLToPath(new URL('./main.ts', import.meta.url)),
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      exitWithParentVariable: 'MEV_SIM_EXIT_WITH_PARENT',
    },
    options,
  );
  const { event: _event, ...ready } = child.ready;
  return {
    ...ready,
    caCertPem: await readFile(ready.caCertPath, 'utf8'),
    pid: child.pid,
    kill: child.kill,
    stop: child.stop,
  };
}
