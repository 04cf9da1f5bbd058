import { createInterface } from 'node:readline';
import { systemClock } from '../clock.js';
import type { TerminalConfig } from '../config.js';
import { fiscalizeCommand, FISCALIZE_USAGE } from '../fiscalization/fiscalize-command.js';
import { fiscalDir } from '../fiscalization/fiscal-setup.js';
import { readStoredApiKey } from '../storage/api-key-file.js';
import { ProcessLockTimeout } from '../storage/process-lock.js';
import { activateTerminal, ActivationError } from './activate-terminal.js';
import { resolveActivationInput } from './activation-input.js';
import { CloudError, DeviceClient } from './device-client.js';
import { readActivatedPlatformFile, readPlatformFile } from './platform-file.js';
import { rotateDeviceCredential } from './rotate-credential.js';

const TERMINAL_COMMANDS_USAGE = `Commands of the terminal's entry (npm run terminal -- <command>):
  (none)               serve the Terminal API
  activate XXXX-XXXX   exchange an activation code with the cloud at CLOUD_URL, once
  activate 'fiscal-pos://activate?cloud=…&code=…'
                       the same with the console's activation QR code, which names its cloud
  activate             asks for the code: scan the QR code (the scanner types it) or type it
  show-key             print the terminal's X-API-Key (developer settings)
  rotate-credential    replace the device credential with a new one from the cloud
${FISCALIZE_USAGE}`;

/**
 * The terminal's subcommands, run instead of the server. Output goes to the console of whoever
 * typed the command, never to the JSON log: the key is a secret. Answers the process's exit
 * status, or null when the arguments name no command (serve).
 */
export async function runTerminalCommand(
  args: readonly string[],
  config: TerminalConfig,
  out: CommandOutput = console,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<number | null> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
      return null;
    case 'activate':
      return activateCommand(rest[0], config, out, input);
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
    case 'rotate-credential':
      return rotateCredentialCommand(config, out);
    case 'fiscalize':
      return fiscalizeCommand(rest, fiscalDir(config), process.env, out);
    default:
      out.error(`Unknown command "${command}".\n${TERMINAL_COMMANDS_USAGE}`);
      return 2;
  }
}

type CommandOutput = { log(text: string): void; error(text: string): void };

async function activateCommand(
  argument: string | undefined,
  config: TerminalConfig,
  out: CommandOutput,
  input: NodeJS.ReadableStream,
): Promise<number> {
  const given = argument ?? (await askForActivation(input, out));
  const target = resolveActivationInput(given ?? '', config.platform.cloudUrl);
  if ('refused' in target) {
    out.error(
      `${target.refused}.\nUsage: CLOUD_URL=https://cloud.example npm run terminal -- activate XXXX-XXXX`,
    );
    return 2;
  }
  try {
    const state = await activateTerminal({ ...target, dataDir: config.dataDir });
    out.log(
      `Activated: terminal ${state.terminalId} (${state.terminalName}) of ${state.merchant.name} at ${target.cloudUrl}.\n` +
        'Its X-API-Key is the one the cloud issued: npm run terminal -- show-key',
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ActivationError)) throw error;
    out.error(`Activation failed: ${error.message}. Nothing was stored.`);
    return 1;
  }
}

/**
 * One line from the person at the till: a barcode scanner in keyboard mode types the QR code's
 * text and Enter. Null when the input ends first.
 */
async function askForActivation(input: NodeJS.ReadableStream, out: CommandOutput): Promise<string | null> {
  out.log('Scan the activation QR code shown in the console, or type the activation code, then Enter:');
  const lines = createInterface({ input, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
  }
}

/**
 * Rotates the device credential, stores the successor, then uses it once (GET /terminal) so
 * that the old one is retired now rather than at the next sync. A terminal running beside this
 * command reads the new platform.json before its next call to the cloud or the relay.
 */
async function rotateCredentialCommand(
  config: TerminalConfig,
  out: { log(text: string): void; error(text: string): void },
): Promise<number> {
  const file = readPlatformFile(config.dataDir);
  if (file === null) {
    out.error('This terminal is not activated: it has no device credential to rotate.');
    return 1;
  }
  // The file is read at each call: a rotation this command waited for changed the credential.
  const client = new DeviceClient(
    file.cloudUrl,
    () => readActivatedPlatformFile(config.dataDir).deviceCredential,
    config.platform.cloudTimeoutMs,
  );
  try {
    await rotateDeviceCredential({
      dataDir: config.dataDir,
      client,
      clock: systemClock,
      cloudTimeoutMs: config.platform.cloudTimeoutMs,
      onWait: () => out.log('Another process is rotating the device credential; waiting for it to finish.'),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    out.error(
      error instanceof CloudError || error instanceof ProcessLockTimeout
        ? `Rotation failed: ${reason}. The current credential stays in use.`
        : `The cloud issued a new credential but it could not be stored (${reason}). ` +
            'The current credential stays in use; the next rotation revokes the one not stored.',
    );
    return 1;
  }
  try {
    await client.terminal();
  } catch (error) {
    if (!(error instanceof CloudError)) throw error;
    out.error(
      `The new credential is stored, but the cloud could not be asked to retire the old one (${error.message}); ` +
        'the old one stops working at the new one’s first use.',
    );
    return 1;
  }
  out.log(`Rotated: terminal ${file.terminalId} uses a new device credential; the old one no longer works.`);
  return 0;
}
