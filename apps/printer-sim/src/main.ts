/**
 * `npm run printer-sim`: starts the simulated ESC/POS receipt printer and prints one JSON line
 * with event "ready", its addresses and ports (the launcher waits for that line).
 */
import { runSimulatorMain } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startPrinterSim } from './app.js';
import { configFromEnv } from './config.js';

await runSimulatorMain({
  name: 'printer-sim',
  config: configFromEnv(process.env),
  start: startPrinterSim,
  logger: pino({ base: { service: 'printer-sim' } }),
  exitWithParentVariable: 'PRINTER_SIM_EXIT_WITH_PARENT',
});
