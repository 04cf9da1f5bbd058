import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The terminal's X-API-Key: from configuration when given, otherwise generated once at first
 * start and kept in `<dataDir>/api-key` (mode 0600) so it survives restarts.
 */
export function resolveApiKey(
  configured: string | null,
  dataDir: string,
): { apiKey: string; generated: boolean } {
  if (configured !== null) return { apiKey: configured, generated: false };
  const file = join(dataDir, 'api-key');
  if (existsSync(file)) return { apiKey: readFileSync(file, 'utf8').trim(), generated: false };
  mkdirSync(dataDir, { recursive: true });
  const apiKey = `tk_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${apiKey}\n`, { mode: 0o600 });
  return { apiKey, generated: true };
}
