// Which client a dial came from, as far as the relay can know it: the peer of the connection,
// or, when the peer is a proxy listed in RELAY_TRUSTED_PROXIES, the nearest address in
// X-Forwarded-For that no trusted proxy holds (proxy-addr's rule: entries further left were
// written by whoever sent the request and prove nothing).
import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';

/** Null when there is no address, or when the chain ends at a trusted proxy (it named no client). */
export function clientAddressOf(trustedProxies: readonly string[]): (req: IncomingMessage) => string | null {
  const trust = proxyaddr.compile([...trustedProxies]);
  return (req) => {
    if (req.socket.remoteAddress === undefined) return null;
    const chain = proxyaddr.all(req, trust);
    const client = chain[chain.length - 1];
    if (client === undefined || trust(client, chain.length - 1)) return null;
    return client;
  };
}
