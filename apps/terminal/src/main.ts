/**
 * The production entry point (`node dist/main.js`, see README): the fiscal server at MEV_URL,
 * the card terminal at CARD_TERMINAL_URL (or CARD_TERMINAL=none). It starts no simulator and
 * imports none; `npm run terminal` is the development entry, src/dev/main.ts.
 */
import { applyTerminalTimeZone, loadTerminalConfig, requireDeviceEndpoints } from './config.js';
import { createTerminalLogger, serveTerminal } from './serve-terminal.js';

async function main(): Promise<void> {
  applyTerminalTimeZone();
  const config = requireDeviceEndpoints(loadTerminalConfig());
  await serveTerminal(config, createTerminalLogger(config));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
