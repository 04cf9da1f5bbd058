// Entry point: `admin <command>` runs one administration command; anything else starts the cloud.
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { runAdmin } from './admin/cli.js';
import { resolveSecretsKeyring } from './secrets/resolve-secrets-keyring.js';
import { startCloud } from './server.js';

const config = loadConfig();
const [first, ...rest] = process.argv.slice(2);

if (first === 'admin') {
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { keyring: secrets } = resolveSecretsKeyring(config.secrets, config.dataDir);
    await migrate(database.db, { secrets });
    console.log(JSON.stringify(await runAdmin(database.db, rest, secrets), null, 2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
} else {
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
}
