// The bearer secrets the cloud hands a terminal: its device credential (`dc_`, for its own calls
// to the cloud) and its terminal API key (`tk_`, what ERPs on the LAN send it as X-API-Key).
// 256 random bits each, stored as SHA-256 only, the rule integration keys follow (keys/api-key.ts).
import { randomBytes } from 'node:crypto';
import { TOKEN_BODY_LENGTH, type DEVICE_CREDENTIAL_PREFIX } from '@fiscal-pos/platform-protocol';
import { base62 } from '../ids.js';
import { hashApiKey } from './api-key.js';

export interface NewToken {
  plaintext: string;
  hash: string;
  lastFour: string;
}

export const TERMINAL_API_KEY_PREFIX = 'tk_';

export function generateToken(
  prefix: typeof DEVICE_CREDENTIAL_PREFIX | typeof TERMINAL_API_KEY_PREFIX,
): NewToken {
  const plaintext =
    prefix + base62(randomBytes(32)).padStart(TOKEN_BODY_LENGTH, '0').slice(-TOKEN_BODY_LENGTH);
  return { plaintext, hash: hashApiKey(plaintext), lastFour: plaintext.slice(-4) };
}

export { hashApiKey as hashToken };
