// Identifiers that say what they are (`ord_...`, `we_...`), with 128 bits of randomness.
import { randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text of the given bytes, most significant digit first. */
export function base62(bytes: Uint8Array): string {
  // Long division of the number held in 16-bit limbs (a remainder x 2^16 + limb stays a small
  // integer): several times cheaper than BigInt, and every id, request id and key uses it.
  const limbs = new Array<number>((bytes.length + 1) >> 1);
  const odd = bytes.length & 1;
  if (odd) limbs[0] = bytes[0]!;
  for (let i = odd, k = odd; i < bytes.length; i += 2, k++) limbs[k] = (bytes[i]! << 8) | bytes[i + 1]!;
  let out = '';
  let first = 0;
  for (;;) {
    while (first < limbs.length && limbs[first] === 0) first++;
    if (first === limbs.length) return out;
    let remainder = 0;
    for (let k = first; k < limbs.length; k++) {
      const current = (remainder << 16) | limbs[k]!;
      limbs[k] = (current / 62) | 0;
      remainder = current - limbs[k]! * 62;
    }
    out = BASE62[remainder]! + out;
  }
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
  | 'fdoc'
  | 'usr'
  | 'ses'
  | 'inv'
  | 'pwr'
  | 'mail';

const ID_BYTES = 16;
/**
 * Random bytes for ids, drawn from the CSPRNG 256 ids at a time (as crypto.randomUUID does):
 * a randomBytes call per id was more than half of an id's cost, and an ingest makes about ten
 * ids a document. Ids name rows, they are not secrets; tokens and keys take their own
 * randomBytes.
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let poolOffset = pool.length;

export function newId(kind: IdKind): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return `${kind}_${base62(bytes).padStart(22, '0')}`;
}

/** The shape of an id of this kind, as newId makes it: the kind, `_`, 22 base62 digits. */
export const idPattern = (kind: IdKind): RegExp => new RegExp(`^${kind}_[0-9A-Za-z]{22}$`);
