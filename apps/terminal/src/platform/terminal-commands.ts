import type { TerminalConfig } from '../config.js';
import { readStoredApiKey } from '../storage/api-key-file.js';
import { activateTerminal, ActivationError } from './activate-terminal.js';
import { readPlatformFile } from './platform-file.js';

const TERMINAL_COMMANDS_USAGE = `Commands of the terminal's entry (npm run terminal -- <command>):
  (none)               serve the Terminal API
  activate XXXX-XXXX   exchange an activation code with the cloud at CLOUD_URL, once
  show-key             print the terminal's X-API-Key (developer settings)`;

/**
 * The terminal's subcommands, run instead of the server. Output goes to the console of whoever
 * typed the command, never to the JSON log: the key is a secret. Answers the process's exit
 * status, or null when the arguments name no command (serve).
 */
export async function runTerminalCommand(
  args: readonly string[],
  config: TerminalConfig,
  out: { log(text: string): void; error(text: string): void } = console,
): Promise<number | null> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
      return null;
    case 'activate': {
      const code = rest[0];
      const cloudUrl = config.platform.cloudUrl;
      if (code === undefined || cloudUrl === null) {
        out.error('Usage: CLOUD_URL=https://cloud.example npm run terminal -- activate XXXX-XXXX');
        return 2;
      }
      try {
        const state = await activateTerminal({ cloudUrl, code, dataDir: config.dataDir });
        out.log(
          `Activated: terminal ${state.terminalId} (${state.terminalName}) of ${state.merchant.name} at ${cloudUrl}.\n` +
            'Its X-API-Key is the one the cloud issued: npm run terminal -- show-key',
        );
        return 0;
      } catch (error) {
        if (!(error instanceof ActivationError)) throw error;
        out.error(`Activation failed: ${error.message}. Nothing was stored.`);
        return 1;
      }
    }
    case 'show-key': {
      // An activated terminal's key is the cloud's, in DATA_DIR, whatever API_KEY says.
      const activated = readPlatformFile(config.dataDir) !== null;
      const key = activated
        ? readStoredApiKey(config.dataDir)
        : (config.apiKey ?? readStoredApiKey(config.dataDir));
      if (key === null) {
        out.error(`No key yet: the terminal generates one in ${config.dataDir}/api-key at its first start.`);
        return 1;
      }
      out.log(key);
      return 0;
    }
    default:
      out.error(`Unknown command "${command}".\n${TERMINAL_COMMANDS_USAGE}`);
      return 2;
  }
}
