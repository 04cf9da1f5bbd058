/**
 * The development entry point, `npm run terminal` (and the terminal of `npm start`): the
 * terminal as configured by environment (README), with simulators for the devices that have
 * no address. Production runs src/main.ts, which starts none.
 */
import { fileURLToPath } from 'node:url';
import { applyTerminalTimeZone, loadTerminalConfig } from '../config.js';
import { createTerminalLogger, serveTerminal } from '../serve-terminal.js';
import { startEmbeddedSimulators } from './embedded-simulators.js';

/**
 * `npm run terminal` runs in the workspace's folder; its data belongs beside `npm start`'s, at the
 * repository root, so the README's `.data/terminal/api-key` is the key of both.
 */
const REPO_DATA_DIR = fileURLToPath(new URL('../../../../.data/terminal', import.meta.url));

async function main(): Promise<void> {
  applyTerminalTimeZone();
  const config = loadTerminalConfig({ DATA_DIR: REPO_DATA_DIR, ...process.env });
  const logger = createTerminalLogger(config);
  const simulators = await startEmbeddedSimulators(config, logger);
  // Until activation stores them, the relay's address and the device credential come from here.
  const relayUrl = process.env.RELAY_URL;
  const deviceCredential = process.env.DEVICE_CREDENTIAL;
  const relayAccess = relayUrl && deviceCredential ? { relayUrl, deviceCredential } : null;
  await serveTerminal(simulators.config, logger, simulators.stop, () => relayAccess);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
