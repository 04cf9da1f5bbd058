/**
 * `npm run relay`: the relay node (docs/relay.md). Prints one JSON line with event "ready" and
 * its URL (the launcher waits for that line), then serves until SIGTERM or SIGINT.
 */
import { serveUntilStopped } from '@fiscal-pos/serve-kit';
import { pino } from 'pino';
import { loadRelayConfig } from './config.js';
import { startRelay } from './relay-server.js';

const config = loadRelayConfig();
// One line per relayed request, buffered: written when 4 KiB have gathered or every
// LOG_FLUSH_MS, whichever comes first, instead of one system call per request (a write per
// line was the relay's largest cost after the network). A kill -9 loses the lines of the last
// LOG_FLUSH_MS at most; a stop flushes.
const LOG_FLUSH_MS = 250;
const logger = pino(
  { level: config.logLevel, base: { service: 'relay' } },
  pino.destination({ dest: 1, sync: false, minLength: 4096 }),
);
setInterval(() => logger.flush(), LOG_FLUSH_MS).unref();
const relay = await startRelay(config, logger);
// The ready line is what the launcher waits for: printed whatever LOG_LEVEL says.
pino({ base: { service: 'relay' } }).info(
  { event: 'ready', url: relay.url, port: relay.port, metricsUrl: relay.metricsUrl },
  'relay ready',
);
serveUntilStopped(
  'relay',
  logger,
  async () => {
    await relay.stop();
    await new Promise<void>((done) => logger.flush(() => done()));
  },
  process.env.RELAY_EXIT_WITH_PARENT === '1',
);
