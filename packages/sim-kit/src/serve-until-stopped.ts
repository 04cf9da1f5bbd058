import type { Logger } from 'pino';
import { serveUntilStopped } from '@fiscal-pos/serve-kit';
import type { SimulatorReadyLine } from './launch-simulator.js';

/**
 * Prints the JSON line the launcher waits for (`"event": "ready"` with the simulator's
 * addresses); typed against what the launcher reads, so the two cannot drift apart.
 */
export function announceReady(
  name: string,
  logger: Logger,
  fields: Omit<SimulatorReadyLine, 'event'> & Record<string, unknown>,
): void {
  const line: SimulatorReadyLine = { event: 'ready', ...fields };
  logger.info(line, `${name} ready`);
}

/**
 * A simulator's whole `main`: its logger, start, ready line (its addresses, DATA_DIR, fault mode
 * and any `extra` fields) and the wait for a stop signal.
 */
export async function runSimulatorMain<
  C extends { dataDir: string; fault: { mode: string } },
  S extends Omit<SimulatorReadyLine, 'event'> & { stop: () => Promise<void> },
>(o: {
  name: string;
  config: C;
  start: (config: C, logger: Logger) => Promise<S>;
  logger: Logger;
  exitWithParentVariable: string;
  extra?: (sim: S) => Record<string, unknown>;
}): Promise<void> {
  const sim = await o.start(o.config, o.logger);
  announceReady(o.name, o.logger, {
    url: sim.url,
    adminUrl: sim.adminUrl,
    port: sim.port,
    adminPort: sim.adminPort,
    ...o.extra?.(sim),
    dataDir: o.config.dataDir,
    fault: o.config.fault.mode,
  });
  serveUntilStopped(o.name, o.logger, () => sim.stop(), process.env[o.exitWithParentVariable] === '1');
}
