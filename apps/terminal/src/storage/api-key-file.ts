import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from './atomic-file.js';

/*
 * The terminal's X-API-Key at rest: DATA_DIR/api-key, mode 0600, generated at first start or
 * given by the cloud at activation and rotation. Storage, not HTTP: the platform writes it and
 * the HTTP layer's verifier only checks requests against it.
 */

/** A key the terminal still accepts after a rotation, until its grace window ends. */
export interface RetiringKey {
  /** SHA-256 of the key, hex: the old key itself need not be kept. */
  sha256: string;
  until: Date;
}

export function sha256Hex(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Where the terminal keeps its X-API-Key, generated here or given by the cloud at activation. */
function apiKeyFile(dataDir: string): string {
  return join(dataDir, 'api-key');
}

/** Keeps `apiKey` as the terminal's key (mode 0600, replaced atomically: a crash never loses it). */
export function storeApiKey(dataDir: string, apiKey: string): void {
  writeFileAtomically(apiKeyFile(dataDir), `${apiKey}\n`);
}

/** The key kept in DATA_DIR, or null when there is none yet. */
export function readStoredApiKey(dataDir: string): string | null {
  const file = apiKeyFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * The terminal's X-API-Key: from configuration when given, otherwise generated once at first
 * start and kept in `<dataDir>/api-key` (mode 0600) so it survives restarts. An activated
 * terminal passes `configured` null: its key is the cloud's, kept in the same file.
 */
export function resolveApiKey(
  configured: string | null,
  dataDir: string,
): { apiKey: string; generated: boolean } {
  if (configured !== null) return { apiKey: configured, generated: false };
  const stored = readStoredApiKey(dataDir);
  if (stored !== null) return { apiKey: stored, generated: false };
  const apiKey = `tk_${randomBytes(24).toString('base64url')}`;
  storeApiKey(dataDir, apiKey);
  return { apiKey, generated: true };
}
