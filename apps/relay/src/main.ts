/**
 * `npm run relay`: the relay node (docs/relay.md). Prints one JSON line with event "ready" and
 * its URL (the launcher waits for that line), then serves until SIGTERM or SIGINT.
 */
import { serveUntilStopped } from '@fiscal-pos/sim-kit';
import { pino } from 'pino';
import { loadRelayConfig } from './config.js';
import { startRelay } from './relay-server.js';

const config = loadRelayConfig();
// One line per relayed request, written without waiting: the request does not pay for its log
// line's system call, and lines logged while a write is under way go out in the next one. A
// kill -9 loses what was not written yet (the last few milliseconds); a stop flushes.
const logger = pino(
  { level: config.logLevel, base: { service: 'relay' } },
  pino.destination({ dest: 1, sync: false }),
);
const relay = await startRelay(config, logger);
// The ready line is what the launcher waits for: printed whatever LOG_LEVEL says.
pino({ base: { service: 'relay' } }).info(
  { event: 'ready', url: relay.url, port: relay.port },
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
