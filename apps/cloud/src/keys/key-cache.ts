// Verified keys remembered for a few seconds, so an authenticated request does not pay a
// database round trip before its own query. Unknown keys (checksum-valid, yet no live key has
// their hash) are remembered as unknown for as long, so a flood of one made-up or revoked key
// costs one lookup per TTL. A new key still works at once: its hash is 256 fresh random bits,
// never looked up before it existed.
//
// The bound: an entry lives at most `ttlMs` (AUTH_CACHE_TTL_MS, 5 s by default), and never past
// the key's own expiry (rotation grace), so a revocation, rotation or module switch made by
// another process takes effect within ttlMs. In this process, revokeKey, rotateKey and
// setIntegrationActive announce the change and the entries go at once.
import type { ResolvedKey } from './keys.js';
import { onAuthChange, type AuthChange } from './auth-changes.js';

interface Entry {
  key: ResolvedKey;
  /** Epoch ms after which the entry must be looked up again. */
  freshUntil: number;
}

export interface KeyCacheOptions {
  ttlMs: number;
  /** Oldest entries go first beyond this many keys. */
  maxEntries?: number;
  now?: () => number;
}

export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Hash -> epoch ms until which it is known to match no live key. */
  private readonly unknown = new Map<string, number>();
  /** Bumped by every eviction: a lookup that started before one may not fill the cache. */
  private generation = 0;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: KeyCacheOptions) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.unsubscribe = onAuthChange((change) => this.evict(change));
  }

  /** The key stored under this hash, from memory when fresh, otherwise from `load`. */
  async resolve(
    hash: string,
    load: () => Promise<ResolvedKey | undefined>,
  ): Promise<ResolvedKey | undefined> {
    const now = this.now();
    const hit = this.entries.get(hash);
    if (hit && hit.freshUntil > now) return hit.key;
    if (hit) this.entries.delete(hash);
    const unknownUntil = this.unknown.get(hash);
    if (unknownUntil !== undefined && unknownUntil > now) return undefined;
    if (unknownUntil !== undefined) this.unknown.delete(hash);
    const generation = this.generation;
    const key = await load();
    if (this.options.ttlMs > 0 && generation === this.generation) {
      if (key) {
        const expiry = key.expiresAt ? key.expiresAt.getTime() : Infinity;
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(hash, { key, freshUntil: Math.min(now + this.options.ttlMs, expiry) });
      } else {
        if (this.unknown.size >= this.maxEntries) this.unknown.delete(this.unknown.keys().next().value!);
        this.unknown.set(hash, now + this.options.ttlMs);
      }
    }
    return key;
  }

  evict(change: AuthChange): void {
    this.generation++;
    for (const [hash, entry] of this.entries) {
      const match =
        'keyId' in change ? entry.key.keyId === change.keyId : entry.key.merchantId === change.merchantId;
      if (match) this.entries.delete(hash);
    }
  }

  /** Stops listening for changes (the cloud closes). */
  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.unknown.clear();
  }
}
