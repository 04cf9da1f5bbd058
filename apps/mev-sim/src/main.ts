/**
 * `npm run mev-sim`: starts the simulator and prints one JSON line with event "ready", its
 * URLs, ports and the CA certificate path (the launcher waits for that line).
 */
import { runSimulatorMain } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startMevSim } from './app.js';
import { configFromEnv } from './config.js';

await runSimulatorMain({
  name: 'mev-sim',
  config: configFromEnv(process.env),
  start: startMevSim,
  logger: pino({ base: { service: 'mev-sim' } }),
  exitWithParentVariable: 'MEV_SIM_EXIT_WITH_PARENT',
  extra: (sim) => ({ caCertPath: sim.caCertPath }),
});
