/**
 * `npm run mev-sim`: starts the simulator and prints one JSON line with event "ready", its
 * URLs, ports and the CA certificate path (the launcher waits for that line).
 */
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

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'mev-sim stopping');
  sim.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'mev-sim did not stop cleanly');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
// Started by the launcher: stop with the parent, whose end closes our stdin.
if (process.env.MEV_SIM_EXIT_WITH_PARENT === '1') {
  process.stdin.on('end', () => shutdown('parent-gone')).resume();
}
