// Refusals counted per client address: the relay's refused dials (docs/relay.md "Who may
// connect") and wrong X-API-Key values at the relay and at the terminal (docs/terminal-api.md
// "Authentication"). An address refused `max` times within a window gets 429 for the rest of
// that window without a check: one client guessing credentials cannot keep the checks, and the
// line for them, to itself. What succeeds is not counted, nor a refusal that is no guess (a
// deactivated terminal's genuine credential): a shop's terminals behind one NAT address all dial
// at once after a relay restart. IPv6 clients are counted per /64.
import ipaddr from 'ipaddr.js';

/**
 * The counting key of a client address: IPv4 as it is (mapped IPv6 included), IPv6 as its /64;
 * null for what is no address. A port that some proxies add (`203.0.113.7:5678`,
 * `[2001:db8::1]:443`) is dropped: it changes with every dial.
 */
export function addressKey(address: string): string | null {
  const bare = /^\[(.+)\](?::\d+)?$/.exec(address)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address)?.[1];
  const candidate = bare ?? address;
  if (!ipaddr.isValid(candidate)) return null;
  const parsed = ipaddr.process(candidate);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${parsed.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

interface Count {
  refused: number;
  windowEnds: number;
}

export class AddressRefusals {
  /**
   * In the order the windows began: a window is created at its first refusal and all have one
   * length, so they end in this order too, and the ended ones are at the front.
   */
  readonly #counts = new Map<string, Count>();

  /** `now` in monotonic milliseconds (performance.now): a clock step moves no window. */
  constructor(private readonly o: { max: number; windowMs: number; maxAddresses: number }) {}

  /** Seconds until this address may try again; 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const count = this.#counts.get(key);
    if (!count || count.windowEnds <= now || count.refused < this.o.max) return 0;
    return Math.max(1, Math.ceil((count.windowEnds - now) / 1000));
  }

  /** Counts a refusal; true when that closed the address for the rest of its window. */
  refused(key: string, now: number): boolean {
    this.#forgetEnded(now);
    const count = this.#counts.get(key);
    if (count) {
      count.refused++;
      return count.refused === this.o.max;
    }
    // Many addresses at once: the oldest window goes first, so memory stays bounded.
    if (this.#counts.size >= this.o.maxAddresses) {
      const oldest = this.#counts.keys().next();
      if (!oldest.done) this.#counts.delete(oldest.value);
    }
    this.#counts.set(key, { refused: 1, windowEnds: now + this.o.windowMs });
    return this.o.max === 1;
  }

  /** Addresses counted now: what an attack from many addresses costs in memory. */
  get size(): number {
    return this.#counts.size;
  }

  #forgetEnded(now: number): void {
    for (const [key, count] of this.#counts) {
      if (count.windowEnds > now) return;
      this.#counts.delete(key);
    }
  }
}
