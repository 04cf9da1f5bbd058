/**
 * Serves the Terminal API on PORT (4567) with devices at known addresses, until SIGTERM or
 * SIGINT. Shared by the production entry (main.ts) and the development one (dev/main.ts),
 * which differ only in where those addresses come from.
 */
import { reclaimFreePages } from './storage/housekeeping.js';
import { pino, type Logger } from 'pino';
import { buildTerminalApp, startServing, stopServing } from './app.js';
import { openCardTerminal } from './card/open-card-terminal.js';
import { requireMerchantIdentity, type EndpointConfig, type TerminalConfig } from './config.js';
import { IDENTITY_MISSING } from './fiscalization/fiscal-identity.js';
import { identityMissing, prepareFiscalSetup } from './fiscalization/fiscal-setup.js';
import { resolveApiKey } from './storage/api-key-file.js';
import { privateDataDir } from './storage/private-files.js';
import { activateFromEnvironment } from './platform/activate-terminal.js';
import { readPlatformFile } from './platform/platform-file.js';
import { createTerminalRuntime, type TerminalRuntime } from './terminal-runtime.js';
import { LanAnnouncement } from './discovery/lan-announcement.js';

export function createTerminalLogger(config: TerminalConfig): Logger {
  return pino({ level: config.logLevel, base: { service: 'terminal' } });
}

interface ServeOptions {
  /** Runs once the API and the runtime are closed (the development entry stops its simulators). */
  afterStop?: () => Promise<void>;
  /** The production entry: no start without the merchant's IDNO and address (requireMerchantIdentity). */
  merchantRequired?: boolean;
}

export async function serveTerminal(
  config: EndpointConfig,
  logger: Logger,
  { afterStop = () => Promise.resolve(), merchantRequired = false }: ServeOptions = {},
): Promise<void> {
  // Before anything is written there; files an earlier version left 0644 become 0600.
  privateDataDir(config.dataDir);
  await activateFromEnvironment(config.platform, config.dataDir, logger);
  // After activation: an activated terminal prints the cloud's merchant, not MERCHANT_*.
  if (merchantRequired)
    requireMerchantIdentity(readPlatformFile(config.dataDir)?.merchant ?? config.merchant);
  const { apiKey, generated } = resolveApiKey(config.apiKey, config.dataDir);
  const fiscal = await prepareFiscalSetup(config);
  // A terminal fiscalized before the identity was asked for keeps selling (an upgrade never
  // stops a shop); its health says so too.
  if (identityMissing(fiscal.setup)) logger.warn({ event: 'fiscal_identity_incomplete' }, IDENTITY_MISSING);
  const runtime = createTerminalRuntime({
    config: { ...config, terminalId: config.terminalId ?? fiscal.terminalId },
    apiKey,
    fiscal: fiscal.setup,
    logger,
    cardTerminal: openCardTerminal(config),
  });
  const built = buildTerminalApp(runtime);
  const { app, idempotency } = built;
  const housekeeping = () => {
    try {
      idempotency.prune();
      runtime.printQueue.prune();
      reclaimFreePages(runtime.db);
    } catch (error) {
      // A full disk can refuse even a delete (the WAL grows): the next pass prunes.
      if (!runtime.storage.failed(error, 'housekeeping')) throw error;
    }
  };
  housekeeping();
  const pruneTimer = setInterval(housekeeping, 60 * 60 * 1000);
  pruneTimer.unref();

  const port = await startServing(built, runtime, { port: config.port, host: config.host });
  const announcement = config.mdns.enabled ? announceOnLan(runtime, port) : null;
  logger.info(
    {
      event: 'ready',
      port,
      dataDir: config.dataDir,
      fiscalization: fiscal.setup.fiscalization,
      registrationNumber: fiscal.setup.registrationNumber,
      ...(generated ? { apiKeyFile: `${config.dataDir}/api-key` } : {}),
    },
    'terminal ready',
  );
  // The key is a secret: the JSON log is shipped and kept, so it is shown once to whoever
  // started the terminal, on the console, and is in the file above from then on.
  if (generated) process.stdout.write(`Generated API key (kept in ${config.dataDir}/api-key): ${apiKey}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    clearInterval(pruneTimer);
    // Goodbye first: clients on the LAN stop choosing a terminal that is going away.
    await announcement?.stop();
    await stopServing(app, runtime);
    await afterStop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by a process that holds our stdin (the tests): stopped when it goes, however it goes.
  if (process.env.TERMINAL_EXIT_WITH_PARENT === '1')
    process.stdin.on('end', () => void stop('parent-gone')).resume();
}

/** The terminal on the LAN (MDNS=on), kept current as it changes: fiscalized, renamed in the cloud. */
function announceOnLan(runtime: TerminalRuntime, port: number): LanAnnouncement {
  const announcement = new LanAnnouncement({
    instanceName: runtime.config.mdns.instanceName,
    port,
    logger: runtime.logger.child({ component: 'mdns' }),
    describe: () => ({
      version: runtime.version,
      registrationNumber: runtime.fiscal.registrationNumber || null,
      terminalId: runtime.terminalState.get().terminalId,
      terminalName: runtime.platform?.link.file.terminalName ?? null,
    }),
  });
  announcement.start();
  return announcement;
}
