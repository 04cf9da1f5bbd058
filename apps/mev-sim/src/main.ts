/**
 * `npm run mev-sim`: starts the simulator and prints one JSON line with event "ready", its
 * URLs, ports and the CA certificate path (the launcher waits for that line).
 */
import { announceReady, serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startMevSim } from './app.js';
import { configFromEnv } from './config.js';

const logger = pino({ base: { service: 'mev-sim' } });
const config = configFromEnv(process.env);
const sim = await startMevSim(config, logger);
announceReady('mev-sim', logger, {
  url: sim.url,
  adminUrl: sim.adminUrl,
  port: sim.port,
  adminPort: sim.adminPort,
  caCertPath: sim.caCertPath,
  dataDir: config.dataDir,
  fault: config.fault.mode,
});

serveUntilStopped('mev-sim', logger, () => sim.stop(), process.env.MEV_SIM_EXIT_WITH_PARENT === '1');
