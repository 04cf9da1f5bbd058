// Identifiers that say what they are (`ord_...`, `we_...`), with 128 bits of randomness.
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text of the given bytes, most significant digit first. */
export function base62(bytes: Uint8Array): string {
  let n = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out;
}

export type IdKind =
  | 'mer'
  | 'key'
  | 'prod'
  | 'cat'
  | 'csh'
  | 'stm'
  | 'ord'
  | 'we'
  | 'evt'
  | 'msg'
  | 'trm'
  | 'dcr'
  | 'tak'
  | 'fdoc';

export function newId(kind: IdKind): string {
  return `${kind}_${base62(randomBytes(16)).padStart(22, '0')}`;
}
