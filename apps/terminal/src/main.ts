import { pino } from 'pino';
import { buildTerminalApp } from './app.js';
import { openCardTerminal } from './card/open-card-terminal.js';
import { loadTerminalConfig } from './config.js';
import { prepareFiscalSetup } from './fiscalization/fiscal-setup.js';
import { resolveApiKey } from './http/api-key-provisioning.js';
import { reclaimFreePages } from './storage/housekeeping.js';
import { createTerminalRuntime } from './terminal-runtime.js';

/** `npm run terminal`: the Terminal API on PORT (4567), configured by environment (README). */
async function main(): Promise<void> {
  const config = loadTerminalConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'terminal' } });
  const { apiKey, generated } = resolveApiKey(config.apiKey, config.dataDir);
  const fiscal = await prepareFiscalSetup(config);
  if (fiscal.opened.simulator) {
    logger.info(
      { mevUrl: fiscal.opened.simulator.url, adminUrl: fiscal.opened.simulator.adminUrl },
      'started mev-sim for this terminal',
    );
  }
  const card = await openCardTerminal(config);
  if (card.simulator) {
    logger.info(
      { cardTerminalUrl: card.simulator.url, adminUrl: card.simulator.adminUrl },
      'started card-sim for this terminal',
    );
  }
  const runtime = createTerminalRuntime({
    config: { ...config, terminalId: config.terminalId ?? fiscal.terminalId },
    apiKey,
    fiscal: fiscal.setup,
    logger,
    cardTerminal: card.terminal,
  });
  const { app, idempotency } = buildTerminalApp(runtime);
  const housekeeping = () => {
    idempotency.prune();
    reclaimFreePages(runtime.db);
  };
  housekeeping();
  const pruneTimer = setInterval(housekeeping, 60 * 60 * 1000);
  pruneTimer.unref();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  runtime.syncWorker?.wake();
  logger.info(
    {
      event: 'ready',
      port,
      dataDir: config.dataDir,
      fiscalization: fiscal.setup.fiscalization,
      registrationNumber: fiscal.setup.registrationNumber,
      ...(generated ? { apiKey, apiKeyFile: `${config.dataDir}/api-key` } : {}),
    },
    generated ? `terminal ready; generated API key ${apiKey}` : 'terminal ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    clearInterval(pruneTimer);
    await app.close();
    await runtime.close();
    await fiscal.opened.simulator?.stop();
    await card.simulator?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
