import { createHash, timingSafeEqual } from 'node:crypto';
import { addressKey, AddressRefusals } from '@fiscal-pos/relay-protocol';
import type { IncomingHttpHeaders } from 'node:http';
import { DomainError } from '../domain-error.js';
import type { RetiringKey } from '../storage/api-key-file.js';
import type { EndpointContract } from './define-route.js';

/**
 * Which paths ask for X-API-Key: all but those of the routes declared unauthenticated. It is
 * checked for every request, before routing, so that an unknown path without a key is a 401
 * and not a 404 that would tell what exists.
 */
export class ApiKeyGate {
  private readonly publicPaths: ReadonlySet<string>;

  constructor(routes: readonly Pick<EndpointContract, 'path' | 'authenticated'>[]) {
    this.publicPaths = new Set(routes.filter((route) => !route.authenticated).map((route) => route.path));
  }

  asksKey(path: string): boolean {
    return !this.publicPaths.has(path);
  }
}

const METRICS_PATH = '/metrics';

/**
 * The key a request presents: its X-API-Key, or on GET /metrics also `Authorization: Bearer
 * <key>`, which is what Prometheus sends natively (`authorization` in a scrape config) where
 * a custom header needs `http_headers`. Only there: everywhere else the spec's header is the one.
 */
export function presentedKey(path: string, headers: IncomingHttpHeaders): string | string[] | undefined {
  const key = headers['x-api-key'];
  if (key !== undefined || path !== METRICS_PATH) return key;
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
}

/**
 * Checks X-API-Key in constant time. Both sides are hashed first so that the comparison also
 * does not leak the key's length. After the cloud rotates the key, the previous one is
 * accepted too until its grace window ends, so that the ERPs can switch without a gap.
 */
export class ApiKeyVerifier {
  private expected: Buffer;
  private retiring: { digest: Buffer; until: number } | null = null;

  constructor(
    apiKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.expected = createHash('sha256').update(apiKey).digest();
  }

  /** From now on `apiKey` is the key; `previous` is accepted as well until its window ends. */
  replace(apiKey: string, previous: RetiringKey | null): void {
    this.expected = createHash('sha256').update(apiKey).digest();
    this.retiring =
      previous === null
        ? null
        : { digest: Buffer.from(previous.sha256, 'hex'), until: previous.until.getTime() };
  }

  verify(header: string | string[] | undefined): void {
    if (header === undefined || header === '') {
      throw new DomainError('MISSING_API_KEY', 'The X-API-Key header is required');
    }
    const presented = Array.isArray(header) ? header.join(',') : header;
    const digest = createHash('sha256').update(presented).digest();
    if (timingSafeEqual(digest, this.expected)) return;
    const retiring = this.retiring;
    if (retiring && this.now().getTime() < retiring.until && timingSafeEqual(digest, retiring.digest)) return;
    throw new DomainError('INVALID_API_KEY', 'The X-API-Key is not valid for this terminal');
  }
}

/** Addresses whose wrong keys are remembered at once: what guesses from many addresses cost. */
const MAX_ADDRESSES = 10_000;

/**
 * Wrong X-API-Key values counted per client address (IPv6 per /64): after `max` in a window the
 * address gets 429 TOO_MANY_INVALID_KEYS with Retry-After for the rest of it, whatever key it
 * sends, since letting the right key through would tell a guesser which guess was right. Other
 * addresses are not affected; loopback is counted like any address. A relayed request has no
 * address here (every client of the relay comes over the same link): the relay counts those
 * per client address itself (docs/relay.md).
 */
export class ApiKeyThrottle {
  private readonly refusals: AddressRefusals;
  /** The last address and its key: a keep-alive client sends every request from one address. */
  #last: { address: string; key: string | null } | null = null;

  constructor(
    limit: { max: number; windowMs: number },
    /** Monotonic milliseconds: a clock step moves no window. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refusals = new AddressRefusals({ ...limit, maxAddresses: MAX_ADDRESSES });
  }

  /** Runs `verify` for a request from `address` (null: not counted here), counting its wrong key. */
  check(address: string | null, verify: () => void): void {
    const key = address === null ? null : this.#keyOf(address);
    if (key === null) return verify();
    const wait = this.refusals.retryAfter(key, this.now());
    if (wait > 0)
      throw new DomainError(
        'TOO_MANY_INVALID_KEYS',
        `Too many requests from this address had a wrong X-API-Key; retry after ${wait} s`,
        null,
        wait,
      );
    try {
      verify();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_API_KEY')
        this.refusals.refused(key, this.now());
      throw error;
    }
  }

  /** addressKey parses the address (ipaddr.js): done once per address in a row, not per request. */
  #keyOf(address: string): string | null {
    if (this.#last?.address !== address) this.#last = { address, key: addressKey(address) };
    return this.#last.key;
  }
}
