// Integration key format: `rk_` + 43 base62 characters of randomness (256 bits) + 6 base62
// characters of CRC-32 checksum. The checksum lets secret scanners recognise a real key
// without a database, and lets us refuse typos before any query.
// Only the SHA-256 of the key is stored: 256 random bits need no slow hash.
import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { base62 } from '../ids.js';

const PREFIX = 'rk_';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

export interface NewApiKey {
  /** Shown once to the merchant, never stored. */
  plaintext: string;
  hash: string;
  displayPrefix: string;
  lastFour: string;
}

function checksum(body: string): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(body));
  return base62(bytes).padStart(CHECKSUM_LENGTH, '0');
}

/** Every integration request checks its key: the one-shot hash costs less than a Hash object. */
export function hashApiKey(plaintext: string): string {
  return hash('sha256', plaintext, 'hex');
}

export function generateApiKey(): NewApiKey {
  const body = base62(randomBytes(32)).padStart(BODY_LENGTH, '0').slice(-BODY_LENGTH);
  const plaintext = PREFIX + body + checksum(body);
  return {
    plaintext,
    hash: hashApiKey(plaintext),
    displayPrefix: plaintext.slice(0, PREFIX.length + 6),
    lastFour: plaintext.slice(-4),
  };
}

/** True when the text has the key's shape and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (!KEY_PATTERN.test(text)) return false;
  const body = text.slice(PREFIX.length, PREFIX.length + BODY_LENGTH);
  return text.slice(-CHECKSUM_LENGTH) === checksum(body);
}
