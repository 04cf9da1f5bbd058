import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A loopback port for a server started later at an address someone must know first (a server
 * that is down before it is up, one restarted on the port it had), or one that must stay refused.
 * Picked below the kernel's ephemeral range, because `listen(0)` and every outgoing connection of
 * the processes running beside it take their ports from that range only: a port from `listen(0)`,
 * released to be bound again later, can be handed to any of them in between (CI saw it:
 * EADDRINUSE on the restart). Below the range only another explicit pick can take it, and the
 * random pick among some twenty thousand ports, checked free, makes that negligible.
 */
export async function portForLater(): Promise<number> {
  const ceiling = ephemeralRangeStart() - 1;
  const floor = 10_000;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = floor + Math.floor(Math.random() * (ceiling - floor + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free loopback port between ${floor} and ${ceiling}`);
}

/** Linux's own setting; elsewhere the IANA range, which macOS and Windows use. */
function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 20_000) return low;
  } catch {
    // not Linux
  }
  return 49_152;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
