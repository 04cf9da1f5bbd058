// Secrets the cloud must read back (webhook signing secrets) are stored sealed with
// AES-256-GCM. Each sealed value carries the id of the key that sealed it, so the key can
// rotate: new values are sealed with the current key, older ones still open with a previous
// key until they are sealed again (`admin reencrypt-webhook-secrets`). The row's id is bound in
// as associated data, so a sealed value copied onto another row does not open.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealed {
  keyId: string;
  /** base64 of IV (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes). */
  ciphertext: string;
}

export type Opened = { ok: true; plaintext: string } | { ok: false; reason: string };

/** A key as configured: base64 (or base64url) of exactly 32 random bytes. */
export function parseSecretsKey(text: string, name: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error(`${name} must be base64 of ${KEY_BYTES} bytes (e.g. \`openssl rand -base64 32\`)`);
  return key;
}

/** Names a key without revealing it: the first 16 hex digits of its SHA-256. */
export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

export class SecretsKeyring {
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();
  /** The current key's subkey for fingerprints, apart from the one that seals. */
  private readonly fingerprintKey: Buffer;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) this.keys.set(secretsKeyId(key), key);
    this.currentKeyId = secretsKeyId(current);
    this.fingerprintKey = createHmac('sha256', current).update('fiscal-pos fingerprint').digest();
  }

  /**
   * A keyed digest (HMAC-SHA-256) of what was sent, to tell later whether the same was sent
   * again, without a copy of the database being enough to test guesses of it (a password in a
   * body is no fast hash away). After a key rotation an older fingerprint no longer matches.
   */
  fingerprint(parts: readonly (string | Buffer)[]): string {
    const hmac = createHmac('sha256', this.fingerprintKey);
    for (const part of parts) hmac.update(part);
    return hmac.digest('hex');
  }

  /** Whether values sealed with this key id can be opened. */
  knows(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  seal(plaintext: string, boundTo: string): Sealed {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      keyId: this.currentKeyId,
      ciphertext: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64'),
    };
  }

  open(sealed: Sealed, boundTo: string): Opened {
    const key = this.keys.get(sealed.keyId);
    if (!key)
      return {
        ok: false,
        reason: `sealed with key ${sealed.keyId}, which is neither CLOUD_SECRETS_KEY nor in CLOUD_SECRETS_PREVIOUS_KEYS`,
      };
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) return { ok: false, reason: 'sealed value is truncated' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plaintext = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return { ok: true, plaintext };
    } catch {
      return { ok: false, reason: `sealed value fails authentication under key ${sealed.keyId}` };
    }
  }
}
