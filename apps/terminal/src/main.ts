/**
 * The production entry point (`node dist/main.js`, see README): the fiscal server at MEV_URL,
 * the card terminal at CARD_TERMINAL_URL (or CARD_TERMINAL=none). It starts no simulator and
 * imports none; `npm run terminal` is the development entry, src/dev/main.ts.
 */
import { applyTerminalTimeZone, loadTerminalConfig, requireDeviceEndpoints } from './config.js';
import { runTerminalCommand } from './platform/terminal-commands.js';
import { createTerminalLogger, serveTerminal } from './serve-terminal.js';

async function main(): Promise<void> {
  applyTerminalTimeZone();
  // `activate` and `show-key` need no device: they run before the endpoints are required.
  const exitCode = await runTerminalCommand(process.argv.slice(2), loadTerminalConfig());
  if (exitCode !== null) {
    // Not process.exit: the console's last lines to a pipe would be lost.
    process.exitCode = exitCode;
    return;
  }
  const config = requireDeviceEndpoints(loadTerminalConfig());
  await serveTerminal(config, createTerminalLogger(config), { merchantRequired: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
