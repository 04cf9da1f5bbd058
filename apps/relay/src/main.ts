/**
 * `npm run relay`: the relay node (docs/relay.md). Prints one JSON line with event "ready" and
 * its URL (the launcher waits for that line), then serves until SIGTERM or SIGINT.
 */
import { serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { loadRelayConfig } from './config.js';
import { startRelay } from './relay-server.js';

const config = loadRelayConfig();
const logger = pino({ level: config.logLevel, base: { service: 'relay' } });
const relay = await startRelay(config, logger);
// The ready line is what the launcher waits for: printed whatever LOG_LEVEL says.
pino({ base: { service: 'relay' } }).info(
  { event: 'ready', url: relay.url, port: relay.port },
  'relay ready',
);
serveUntilStopped('relay', logger, () => relay.stop(), process.env.RELAY_EXIT_WITH_PARENT === '1');
