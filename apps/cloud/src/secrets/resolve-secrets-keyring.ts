// Where the secrets key comes from: CLOUD_SECRETS_KEY when set (required when several cloud
// processes share one database: they must all hold the same key), otherwise a key generated
// at first start and kept in `<DATA_DIR>/secrets-key` (mode 0600), as the terminal keeps its
// API key. Losing that file makes the stored webhook secrets unreadable.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { SecretsConfig } from '../config.js';
import { readOrCreatePrivateFile } from './private-file.js';
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
  const { text, generated } = readOrCreatePrivateFile(file, () => randomBytes(32).toString('base64'));
  const key = parseSecretsKey(text, file);
  return { keyring: new SecretsKeyring(key, previous), generatedFile: generated ? file : undefined };
}
