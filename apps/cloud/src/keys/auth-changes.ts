// Changes that can end a key's access (revocation, rotation, the module switched off) are
// announced to every key cache of this process, so they take effect here at once. Another
// process (the admin command line, a second cloud process) learns of them only when its
// cached entries expire: that is the bound documented for the cache (AUTH_CACHE_TTL_MS).
// Process-wide on purpose: "this process" is exactly the reach of an in-memory cache.

export type AuthChange = { keyId: string } | { merchantId: string };

type Listener = (change: AuthChange) => void;

const listeners = new Set<Listener>();

/** Returns the function that stops listening. */
export function onAuthChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the change committed; a cache that reloads before the commit could keep the old row. */
export function announceAuthChange(change: AuthChange): void {
  for (const listener of listeners) listener(change);
}
