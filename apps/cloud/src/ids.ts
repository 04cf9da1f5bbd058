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
/** A request id's randomness: 96 bits, enough to tell apart the requests of a log. */
const REQUEST_ID_BYTES = 12;
/**
 * Random bytes for ids and request ids, drawn from the CSPRNG 4 KiB at a time (as
 * crypto.randomUUID does): a randomBytes call per id was more than half of an id's cost, an
 * ingest makes about ten ids a document and every request makes a request id. Ids name rows
 * and requests, they are not secrets; tokens and keys take their own randomBytes.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function pooledRandom(length: number): Uint8Array {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + length);
  poolOffset += length;
  return bytes;
}

export function newId(kind: IdKind): string {
  return `${kind}_${base62(pooledRandom(ID_BYTES)).padStart(22, '0')}`;
}

/** The id of one HTTP request (the x-request-id header, the logs' reqId, a problem's requestId). */
export function newRequestId(): string {
  return `req_${base62(pooledRandom(REQUEST_ID_BYTES))}`;
}

/** The shape of an id of this kind, as newId makes it: the kind, `_`, 22 base62 digits. */
export const idPattern = (kind: IdKind): RegExp => new RegExp(`^${kind}_[0-9A-Za-z]{22}$`);
