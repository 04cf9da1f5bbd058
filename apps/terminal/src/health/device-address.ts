import { networkInterfaces } from 'node:os';

/** The device's address on the local network: the first non-internal IPv4, else loopback. */
export function lanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}
