/**
 * `npm run printer-sim`: starts the simulated ESC/POS receipt printer and prints one JSON line
 * with event "ready", its addresses and ports (the launcher waits for that line).
 */
import { announceReady, serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startPrinterSim } from './app.js';
import { configFromEnv } from './config.js';

const logger = pino({ base: { service: 'printer-sim' } });
const config = configFromEnv(process.env);
const sim = await startPrinterSim(config, logger);
announceReady('printer-sim', logger, {
  url: sim.url,
  adminUrl: sim.adminUrl,
  port: sim.port,
  adminPort: sim.adminPort,
  dataDir: config.dataDir,
  fault: config.fault.mode,
});

serveUntilStopped('printer-sim', logger, () => sim.stop(), process.env.PRINTER_SIM_EXIT_WITH_PARENT === '1');
