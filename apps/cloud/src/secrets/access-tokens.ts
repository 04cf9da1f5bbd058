// Bearer tokens generated at first start into DATA_DIR (mode 0600) unless configured: the
// operator token of the admin API (CLOUD_OPERATOR_TOKEN, operator-token) and the token of
// /metrics (METRICS_TOKEN, metrics-token), apart so scrapers never hold the operator's. Tokens
// are never logged; the cloud keeps only their SHA-256 and compares in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { base62 } from '../ids.js';
import { readOrCreatePrivateFile } from './private-file.js';

const OPERATOR_TOKEN_FILE = 'operator-token';
/** The metrics token is kept the same way, in a file of its own: scrapers never hold the operator's. */
export const METRICS_TOKEN_FILE = 'metrics-token';

export const operatorTokenFile = (dataDir: string) => join(dataDir, OPERATOR_TOKEN_FILE);

export interface ResolvedToken {
  digest: Buffer;
  /** The file a token was generated into by this call, if any. */
  generatedFile: string | undefined;
}

export const digestToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** The configured token, or the one in `file`, generated there (prefix + 256 random bits) at first use. */
export function resolveToken(configured: string | undefined, file: string, prefix: string): ResolvedToken {
  if (configured !== undefined) return { digest: digestToken(configured), generatedFile: undefined };
  const { text, generated } = readOrCreatePrivateFile(file, () => `${prefix}${base62(randomBytes(32))}`);
  return { digest: digestToken(text), generatedFile: generated ? file : undefined };
}

/** Constant time: both sides are digests of equal length, whatever the token's length. */
export function tokenMatches(expectedDigest: Buffer, given: string): boolean {
  return timingSafeEqual(expectedDigest, digestToken(given));
}
