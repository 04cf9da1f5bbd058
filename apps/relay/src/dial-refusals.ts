// Refused dials counted per client address (docs/relay.md "Who may connect"). An address whose
// dials were refused `max` times within a window (a credential the cloud did not know, or not a
// credential at all) gets 429 for the rest of that window without a cloud check: one client
// guessing credentials cannot keep the cloud's checks, and the line for them, to itself.
// Dials that open are not counted: a shop's terminals behind one NAT address all dial at once
// after a relay restart. IPv6 clients are counted per /64, the block one subscriber holds.
import ipaddr from 'ipaddr.js';

/** The counting key of a client address: IPv4 as it is (mapped IPv6 included), IPv6 as its /64. */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${parsed.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

interface Count {
  refused: number;
  windowEnds: number;
}

export class DialRefusals {
  readonly #counts = new Map<string, Count>();

  constructor(private readonly o: { max: number; windowMs: number }) {}

  /** Seconds until this address may dial again; 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const count = this.#current(key, now);
    if (!count || count.refused < this.o.max) return 0;
    return Math.max(1, Math.ceil((count.windowEnds - now) / 1000));
  }

  /** Counts a refused dial; true when that closed the address for the rest of its window. */
  refused(key: string, now: number): boolean {
    const count = this.#current(key, now);
    if (count) count.refused++;
    else this.#counts.set(key, { refused: 1, windowEnds: now + this.o.windowMs });
    return (count?.refused ?? 1) === this.o.max;
  }

  /** Addresses counted now: what an attack from many addresses costs in memory. */
  get size(): number {
    return this.#counts.size;
  }

  /** Forgets the windows that ended (called on a timer; each entry lives at most one window past its end). */
  sweep(now: number): void {
    for (const [key, count] of this.#counts) if (count.windowEnds <= now) this.#counts.delete(key);
  }

  #current(key: string, now: number): Count | undefined {
    const count = this.#counts.get(key);
    if (count && count.windowEnds <= now) {
      this.#counts.delete(key);
      return undefined;
    }
    return count;
  }
}
