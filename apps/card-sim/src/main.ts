/**
 * `npm run card-sim`: starts the simulated bank card terminal and prints one JSON line with
 * event "ready", its URLs and ports (the launcher waits for that line).
 */
import { runSimulatorMain } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startCardSim } from './app.js';
import { configFromEnv } from './config.js';

await runSimulatorMain({
  name: 'card-sim',
  config: configFromEnv(process.env),
  start: startCardSim,
  logger: pino({ base: { service: 'card-sim' } }),
  exitWithParentVariable: 'CARD_SIM_EXIT_WITH_PARENT',
});
