// Activation codes: 8 characters a person reads off a screen and types on a terminal, shown as
// XXXX-XXXX. The alphabet leaves out 0/O, 1/I/L so nothing is misread; 31^8 ≈ 8.5·10^11 codes,
// which a per-address limit of a few attempts per window (config.activationRateLimit) and a
// 24-hour life put far out of a guesser's reach. Only the SHA-256 of the canonical form is
// stored: a code lives a day and works once, so a slow hash would buy nothing.
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;
const CANONICAL = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

export const ACTIVATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewActivationCode {
  /** XXXX-XXXX, shown once to the operator. */
  display: string;
  hash: string;
}

function hashCanonical(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}

export function generateActivationCode(): NewActivationCode {
  // randomInt draws each character uniformly (no modulo bias).
  const canonical = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return { display: `${canonical.slice(0, 4)}-${canonical.slice(4)}`, hash: hashCanonical(canonical) };
}

/**
 * The hash of a typed code, accepted in any case, with or without the dash (and spaces around
 * it); undefined when it cannot be a code at all, so no query is made for it.
 */
export function hashTypedActivationCode(typed: string): string | undefined {
  const canonical = typed.toUpperCase().replace(/[\s-]/g, '');
  return CANONICAL.test(canonical) ? hashCanonical(canonical) : undefined;
}
