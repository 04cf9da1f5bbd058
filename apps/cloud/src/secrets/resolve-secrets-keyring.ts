// Where the secrets key comes from: CLOUD_SECRETS_KEY when set (required when several cloud
// processes share one database: they must all hold the same key), otherwise a key generated
// at first start and kept in `<DATA_DIR>/secrets-key` (mode 0600), as the terminal keeps its
// API key. Losing that file makes the stored webhook secrets unreadable.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SecretsConfig } from '../config.js';
import { parseSecretsKey, SecretsKeyring } from './secrets-keyring.js';

export const SECRETS_KEY_FILE = 'secrets-key';

export interface ResolvedKeyring {
  keyring: SecretsKeyring;
  /** The file a key was generated into by this call, if any. */
  generatedFile: string | undefined;
}

export function resolveSecretsKeyring(config: SecretsConfig, dataDir: string): ResolvedKeyring {
  const previous = config.previousKeys.map((k, i) => parseSecretsKey(k, `CLOUD_SECRETS_PREVIOUS_KEYS[${i}]`));
  if (config.key !== undefined)
    return {
      keyring: new SecretsKeyring(parseSecretsKey(config.key, 'CLOUD_SECRETS_KEY'), previous),
      generatedFile: undefined,
    };
  const file = join(dataDir, SECRETS_KEY_FILE);
  const generated = existsSync(file) ? false : generateKeyFile(file);
  const key = parseSecretsKey(readFileSync(file, 'utf8'), file);
  return { keyring: new SecretsKeyring(key, previous), generatedFile: generated ? file : undefined };
}

/**
 * Writes a new key whole under a private name, then links it into place: of two processes
 * starting together on one DATA_DIR, one link wins and neither reads a half-written key.
 * Returns whether this call's key is the one in place.
 */
function generateKeyFile(file: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}
