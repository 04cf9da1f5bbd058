/**
 * `npm run mev-sim`: starts the simulator and prints one JSON line with event "ready", its
 * URLs, ports and the CA certificate path (the launcher waits for that line).
 */
import { serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { startMevSim } from './app.js';
import { configFromEnv } from './config.js';

const logger = pino({ base: { service: 'mev-sim' } });
const config = configFromEnv(process.env);
const sim = await startMevSim(config, logger);
logger.info(
  {
    event: 'ready',
    url: sim.url,
    adminUrl: sim.adminUrl,
    port: sim.port,
    adminPort: sim.adminPort,
    caCertPath: sim.caCertPath,
    dataDir: config.dataDir,
    fault: config.fault.mode,
  },
  'mev-sim ready',
);

serveUntilStopped('mev-sim', logger, () => sim.stop(), process.env.MEV_SIM_EXIT_WITH_PARENT === '1');
