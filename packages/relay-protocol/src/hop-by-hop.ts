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

/** The end-to-end headers of a message: pseudo-headers, hop-by-hop ones and those `Connection` names dropped. */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== ''),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || lower.startsWith(':') || HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}
