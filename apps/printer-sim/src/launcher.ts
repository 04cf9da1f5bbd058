/**
 * Starts the real printer simulator as a child process and waits until it is ready. Used by
 * tests and, in development, by the terminal when PRINTER is unset.
 */
import { fileURLToPath } from 'node:url';
import {
  launchSimulator,
  type SimulatorLaunchOptions,
  type SimulatorProcess,
  type SimulatorReadyLine,
} from '@fiscal-pos/sim-kit';

/** `url` is tcp://host:port, the terminal's PRINTER value. */
export type PrinterSimProcess = SimulatorProcess;

export async function startPrinterSimProcess(options: SimulatorLaunchOptions): Promise<PrinterSimProcess> {
  const child = await launchSimulator<SimulatorReadyLine>(
    {
      name: 'printer-sim',
      main: fileURLToPath(new URL('./main.ts', import.meta.url)),
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      exitWithParentVariable: 'PRINTER_SIM_EXIT_WITH_PARENT',
    },
    { ...options, env: { HOST: '127.0.0.1', ...options.env } },
  );
  const { url, adminUrl, port, adminPort } = child.ready;
  return { url, adminUrl, port, adminPort, pid: child.pid, stop: child.stop, kill: child.kill };
}
