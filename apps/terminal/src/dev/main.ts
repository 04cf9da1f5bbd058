/**
 * The development entry point, `npm run terminal` (and the terminal of `npm start`): the
 * terminal as configured by environment (README), with simulators for the devices that have
 * no address. Production runs src/main.ts, which starts none.
 */
import { loadTerminalConfig } from '../config.js';
import { createTerminalLogger, serveTerminal } from '../serve-terminal.js';
import { startEmbeddedSimulators } from './embedded-simulators.js';

async function main(): Promise<void> {
  const config = loadTerminalConfig();
  const logger = createTerminalLogger(config);
  const simulators = await startEmbeddedSimulators(config, logger);
  await serveTerminal(simulators.config, logger, simulators.stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
