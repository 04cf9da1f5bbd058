/**
 * `npm run card-sim`: starts the simulated bank card terminal and prints one JSON line with
 * event "ready", its URLs and ports (the launcher waits for that line).
 */
import { announceReady, serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startCardSim } from './app.js';
import { configFromEnv } from './config.js';

const logger = pino({ base: { service: 'card-sim' } });
const config = configFromEnv(process.env);
const sim = await startCardSim(config, logger);
announceReady('card-sim', logger, {
  url: sim.url,
  adminUrl: sim.adminUrl,
  port: sim.port,
  adminPort: sim.adminPort,
  dataDir: config.dataDir,
  fault: config.fault.mode,
});

serveUntilStopped('card-sim', logger, () => sim.stop(), process.env.CARD_SIM_EXIT_WITH_PARENT === '1');
