/**
 * The development entry point, `npm run terminal` (and the terminal of `npm start`): the
 * terminal as configured by environment (README), with simulators for the devices that have
 * no address. Production runs src/main.ts, which starts none.
 */
import { fileURLToPath } from 'node:url';
import { applyTerminalTimeZone, DEMO_MERCHANT, loadTerminalConfig } from '../config.js';
import { runTerminalCommand } from '../platform/terminal-commands.js';
import { createTerminalLogger, serveTerminal } from '../serve-terminal.js';
import { adoptHistoryFile } from './adopt-history.js';
import { startEmbeddedSimulators } from './embedded-simulators.js';

/**
 * `npm run terminal` runs in the workspace's folder; its data belongs beside `npm start`'s, at the
 * repository root, so the README's `.data/terminal/api-key` is the key of both.
 */
const REPO_DATA_DIR = fileURLToPath(new URL('../../../../.data/terminal', import.meta.url));

async function main(): Promise<void> {
  applyTerminalTimeZone();
  // A demo identity where the merchant is not configured: production requires the real one.
  const config = loadTerminalConfig({
    DATA_DIR: REPO_DATA_DIR,
    MERCHANT_IDNO: DEMO_MERCHANT.idno,
    MERCHANT_ADDRESS: DEMO_MERCHANT.address,
    ...process.env,
  });
  // `npm run terminal -- activate XXXX-XXXX` and `-- show-key` run instead of the server.
  const exitCode = await runTerminalCommand(process.argv.slice(2), config);
  if (exitCode !== null) {
    // Not process.exit: the console's last lines to a pipe would be lost.
    process.exitCode = exitCode;
    return;
  }
  const logger = createTerminalLogger(config);
  const history = config.historyFile === null ? null : adoptHistoryFile(config, config.historyFile);
  if (history)
    logger.info({ historyFile: config.historyFile, ...history }, 'copied the history file into DATA_DIR');
  const simulators = await startEmbeddedSimulators(config, logger, history);
  await serveTerminal(simulators.config, logger, { afterStop: simulators.stop });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
