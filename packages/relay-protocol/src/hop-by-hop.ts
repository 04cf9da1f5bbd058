// Headers that describe one connection and not the message (RFC 9110 7.6.1), plus what HTTP/2
// forbids or derives itself: dropped in both directions so the request and the answer pass
// "unchanged" in everything that is end to end. HTTP/2 refuses connection-specific headers
// outright (ERR_HTTP2_INVALID_CONNECTION_HEADERS), which makes this list a necessity, not taste.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
  // `Expect: 100-continue` is answered by the hop that receives it (Node's server does); passed
  // on, undici refuses the request outright (curl sends it for any body over 1 KiB).
  'expect',
]);

/** The names a `Connection` header lists: hop-by-hop for this message too. */
function connectionNamed(connection: string | string[] | undefined): Set<string> | null {
  if (connection === undefined) return null;
  const named = new Set<string>();
  for (const token of String(connection).split(',')) {
    const name = token.trim().toLowerCase();
    if (name !== '') named.add(name);
  }
  return named;
}

/**
 * The end-to-end headers of a message: pseudo-headers, hop-by-hop ones and those `Connection`
 * names dropped. Run twice per relayed request (its headers, its answer's), so nothing is done
 * per header that Node already did: names come lowercased from its HTTP/1 parser and from
 * HTTP/2 alike (the only sources here), and a message without `Connection` (every HTTP/2 one)
 * builds no set of names.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = connectionNamed(headers.connection);
  const out: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || name.charCodeAt(0) === COLON || HOP_BY_HOP.has(name)) continue;
    if (named === null || !named.has(name)) out[name] = value;
  }
  return out;
}

const COLON = 0x3a;
