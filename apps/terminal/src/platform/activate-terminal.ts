import { storeApiKey } from '../storage/api-key-file.js';
import { resolveActivationInput } from './activation-input.js';
import { activateDevice, CloudError } from './device-client.js';
import { readPlatformFile, writePlatformFile, type PlatformFile } from './platform-file.js';

/** Why an activation did not happen, in words for the person at the till. */
export class ActivationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActivationError';
  }
}

const REFUSALS: Record<string, string> = {
  invalid_activation_code:
    'The activation code is not valid (mistyped, replaced by a newer code, or the terminal was deactivated)',
  activation_code_used: 'The activation code was already used; ask for a new code',
  activation_code_expired: 'The activation code has expired; ask for a new code',
  rate_limited: 'Too many activation attempts from this address; wait and try again',
};

/**
 * Exchanges `code` with the cloud at `cloudUrl`, once, and keeps the answer: the key in
 * DATA_DIR/api-key, the rest in DATA_DIR/platform.json. Nothing is written unless the cloud
 * accepted the code. platform.json is written last because its presence is what makes the
 * terminal activated: a crash before it leaves a standalone terminal (with the cloud's key as
 * its key), never an activated one without its key.
 */
export async function activateTerminal(options: {
  cloudUrl: string;
  code: string;
  dataDir: string;
  now?: Date;
}): Promise<PlatformFile> {
  const existing = readPlatformFile(options.dataDir);
  if (existing !== null) {
    throw new ActivationError(
      `This terminal is already activated (terminal ${existing.terminalId} at ${existing.cloudUrl})`,
    );
  }
  let activation;
  try {
    activation = await activateDevice(options.cloudUrl, options.code.trim());
  } catch (error) {
    if (error instanceof CloudError) {
      const reason = error.code !== null ? REFUSALS[error.code] : undefined;
      throw new ActivationError(reason ? `${reason} (${error.code})` : error.message);
    }
    throw error;
  }
  const activatedAt = (options.now ?? new Date()).toISOString();
  const state: PlatformFile = {
    cloudUrl: options.cloudUrl,
    terminalId: activation.terminalId,
    terminalName: activation.terminalName,
    merchant: activation.merchant,
    deviceCredential: activation.deviceCredential,
    deviceCredentialIssuedAt: activatedAt,
    activatedAt,
    retiringApiKey: null,
    unacknowledgedApiKeyId: null,
    cloudCapabilities: activation.capabilities ?? [],
  };
  storeApiKey(options.dataDir, activation.apiKey);
  writePlatformFile(options.dataDir, state);
  return state;
}

/**
 * ACTIVATION_CODE at start (a code with CLOUD_URL, or the activation QR code's link): activates a
 * terminal that is not activated yet. A refused code is logged and the terminal starts
 * standalone, as it would without them: the platform is never a condition of selling. Once
 * activated, the code is ignored.
 */
export async function activateFromEnvironment(
  platform: { cloudUrl: string | null; activationCode: string | null },
  dataDir: string,
  logger: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<void> {
  if (platform.activationCode === null) return;
  if (readPlatformFile(dataDir) !== null) {
    logger.info(
      { event: 'activation_skipped' },
      'ACTIVATION_CODE ignored: the terminal is already activated',
    );
    return;
  }
  const target = resolveActivationInput(platform.activationCode, platform.cloudUrl);
  if ('refused' in target) {
    logger.error(
      { event: 'activation_failed', reason: target.refused },
      'activation failed; starting standalone',
    );
    return;
  }
  const { cloudUrl } = target;
  try {
    const state = await activateTerminal({ ...target, dataDir });
    logger.info(
      { event: 'activated', terminalId: state.terminalId, cloudUrl, merchant: state.merchant.name },
      'terminal activated; its X-API-Key is now the cloud’s (npm run terminal -- show-key)',
    );
  } catch (error) {
    if (!(error instanceof ActivationError)) throw error;
    logger.error(
      { event: 'activation_failed', cloudUrl, reason: error.message },
      'activation failed; starting standalone',
    );
  }
}
