// Cashier PINs: 4 digits, stored as scrypt with a random salt. The stored text carries its
// parameters (`scrypt$N$r$p$salt$hash`, base64url) so the cost can rise later without
// breaking the PINs already stored, and so a terminal can check a PIN offline with the same
// verifier (see "Catalog feed" in docs/platform.md for why the terminal receives it). The check
// itself is the platform protocol's verifyPin, which the terminal runs too.
import { randomBytes } from 'node:crypto';
import { derivePinKey, type PinVerifier } from '@fiscal-pos/platform-protocol';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const SALT_LENGTH = 16;

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derivePinKey(pin, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export function parsePinHash(stored: string): PinVerifier {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) throw new Error('unreadable PIN hash');
  return { algorithm, N: Number(n), r: Number(r), p: Number(p), salt, hash };
}
