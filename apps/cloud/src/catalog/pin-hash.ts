// Cashier PINs: 4 digits, stored as scrypt with a random salt. The stored text carries its
// parameters (`scrypt$N$r$p$salt$hash`, base64url) so the cost can rise later without
// breaking the PINs already stored, and so a terminal can check a PIN offline with the same
// verifier (see "Catalog feed" in docs/platform.md for why the terminal receives it).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export interface PinVerifier {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  /** base64url */
  salt: string;
  /** base64url, KEY_LENGTH bytes */
  hash: string;
}

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(pin, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export function parsePinHash(stored: string): PinVerifier {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) throw new Error('unreadable PIN hash');
  return { algorithm, N: Number(n), r: Number(r), p: Number(p), salt, hash };
}

/** What a terminal does offline with the verifier from the catalog feed. */
export async function verifyPin(pin: string, verifier: PinVerifier): Promise<boolean> {
  const expected = Buffer.from(verifier.hash, 'base64url');
  const actual = await derive(pin, Buffer.from(verifier.salt, 'base64url'), {
    N: verifier.N,
    r: verifier.r,
    p: verifier.p,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
