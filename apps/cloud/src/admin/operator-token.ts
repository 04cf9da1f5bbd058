// The operator token authenticates the administration API (and the CLI, its client). It is
// CLOUD_OPERATOR_TOKEN when set (required when several cloud processes share a database, so
// each accepts the same token), otherwise generated at first start into DATA_DIR/operator-token
// (mode 0600). It is never logged; the cloud keeps only its SHA-256.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { base62 } from '../ids.js';
import { readOrCreatePrivateFile } from '../secrets/private-file.js';

export const OPERATOR_TOKEN_FILE = 'operator-token';

export const operatorTokenFile = (dataDir: string) => join(dataDir, OPERATOR_TOKEN_FILE);

export interface ResolvedOperatorToken {
  digest: Buffer;
  /** The file a token was generated into by this call, if any. */
  generatedFile: string | undefined;
}

export const digestToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

export function resolveOperatorToken(configured: string | undefined, dataDir: string): ResolvedOperatorToken {
  if (configured !== undefined) return { digest: digestToken(configured), generatedFile: undefined };
  const file = operatorTokenFile(dataDir);
  const { text, generated } = readOrCreatePrivateFile(file, () => `op_${base62(randomBytes(32))}`);
  return { digest: digestToken(text), generatedFile: generated ? file : undefined };
}

/** Constant time: both sides are digests of equal length, whatever the token's length. */
export function tokenMatches(expectedDigest: Buffer, given: string): boolean {
  return timingSafeEqual(expectedDigest, digestToken(given));
}
