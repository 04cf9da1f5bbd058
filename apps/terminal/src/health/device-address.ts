import { networkInterfaces } from 'node:os';

/**
 * How long an address read is reused. Health is polled (by ERPs, monitoring, the relay's
 * clients), and listing the interfaces was about half of the health handler's own time; an
 * address that changes (DHCP) shows within this.
 */
const FRESH_MS = 5_000;
let last: { address: string; readAt: number } | null = null;

/** The device's address on the local network: the first non-internal IPv4, else loopback. */
export function lanAddress(now = Date.now()): string {
  if (last && now - last.readAt < FRESH_MS) return last.address;
  last = { address: firstLanAddress(), readAt: now };
  return last.address;
}

function firstLanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}
