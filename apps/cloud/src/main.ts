// Entry point: `admin <command>` runs one administration command (through the admin API);
// anything else starts the cloud.
import { runAdminCli } from './cli/cli.js';
import { loadConfig } from './config.js';
import { runAsEmbeddedCloud } from './embedded-runtime.js';

const config = loadConfig();
const [first, ...rest] = process.argv.slice(2);

if (first === 'admin') {
  try {
    console.log(JSON.stringify(await runAdminCli(rest, config), null, 2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} else {
  // On PGlite, restarted (same pid) with the Node flags that bound its memory (embedded-runtime.ts).
  if (!config.databaseUrl) runAsEmbeddedCloud((message) => console.warn(message));
  // Not imported above: an admin command sent to a running cloud needs none of the server.
  const { startCloud } = await import('./server.js');
  const cloud = await startCloud({ config });
  const shutdown = (signal: string) => {
    cloud.app.log.info({ signal }, 'shutting down');
    cloud.close().then(
      () => process.exit(0),
      (error: unknown) => {
        cloud.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Shares the rate-limit counts now rather than at the next sync (an operator before
  // reading the counters table; the two-process tests, which wait for the line it logs).
  process.on('SIGUSR2', () => {
    cloud.ctx.rateLimits.sync().then(
      () => cloud.app.log.info('rate-limit counts shared'),
      (error: unknown) => cloud.app.log.warn({ err: error }, 'rate-limit counts not shared'),
    );
  });
}
