// A cashier's PIN verifier as the catalog feed carries it, and the check both ends make with
// it: the cloud stores it, the terminal checks a PIN offline with it (docs/platform.md, "Cashier
// PINs"). One definition, so the terminal never disagrees with the cloud on what a PIN hashes to.
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

const PIN_KEY_LENGTH = 32;

/**
 * Bounds on the cost a verifier may ask for: scrypt takes 128·N·r bytes, and a terminal must
 * not be made to allocate gigabytes by one bad catalog row (the cloud uses N 2^14, r 8: 16 MiB).
 */
const MAX_N = 2 ** 17;
const MAX_R = 16;
const MAX_P = 4;
const MAX_MEMORY = 128 * MAX_N * MAX_R + 1024 * 1024;

export const pinVerifierSchema = z.object({
  algorithm: z.literal('scrypt'),
  N: z
    .int()
    .min(2)
    .max(MAX_N)
    .refine((n) => (n & (n - 1)) === 0, 'N must be a power of two'),
  r: z.int().min(1).max(MAX_R),
  p: z.int().min(1).max(MAX_P),
  /** base64url */
  salt: z.string().min(1).max(200),
  /** base64url, PIN_KEY_LENGTH bytes */
  hash: z.string().min(1).max(200),
});
export type PinVerifier = z.infer<typeof pinVerifierSchema>;

export function derivePinKey(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, PIN_KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Constant-time comparison of the PIN's key with the verifier's; scrypt runs on libuv's pool. */
export async function verifyPin(pin: string, verifier: PinVerifier): Promise<boolean> {
  const expected = Buffer.from(verifier.hash, 'base64url');
  const actual = await derivePinKey(pin, Buffer.from(verifier.salt, 'base64url'), {
    N: verifier.N,
    r: verifier.r,
    p: verifier.p,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
