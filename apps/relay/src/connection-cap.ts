// A cap on the connections one address holds open at once, so that one client (or a botnet's
// member) cannot take every socket the relay has: a connection past it is closed at once,
// before TLS. The address is the TCP peer; the trusted proxies' own addresses are not capped
// (every client behind them shares them).
import type { Server } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';

/** How often refusals are reported at most: a flood must not flood the log too. */
const REPORT_EVERY_MS = 10_000;

export function capConnectionsPerAddress(
  server: Server,
  o: {
    max: number;
    trustedProxies: readonly string[];
    /** The last address refused and how many were since the last report. */
    report: (address: string, refused: number) => void;
  },
): void {
  if (o.max === 0) return;
  let refused = 0;
  let reportedAt = 0;
  const trust = proxyaddr.compile([...o.trustedProxies]);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trust(address, 0)) return;
    const held = open.get(address) ?? 0;
    if (held >= o.max) {
      socket.destroy();
      refused++;
      if (Date.now() - reportedAt >= REPORT_EVERY_MS) {
        o.report(address, refused);
        refused = 0;
        reportedAt = Date.now();
      }
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
