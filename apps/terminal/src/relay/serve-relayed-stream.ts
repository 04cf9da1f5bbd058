// One request that came through the relay (an HTTP/2 stream on the relay link), served by the
// terminal's own API: proxied to the terminal's listener on loopback, so it meets exactly what a
// LAN request meets (the same parser, limits, X-API-Key check, idempotency, audit) and the
// answer goes back byte for byte. Only hop-by-hop headers are dropped, both ways.
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { constants } from 'node:http2';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { endToEndHeaders } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { RELAYED_MARKER_HEADER } from './relay-access.js';

export interface RelayedStreamTarget {
  /** The terminal's own listener, `http://127.0.0.1:4567`. */
  origin: string;
  dispatcher: Dispatcher;
  marker: string;
  logger: Logger;
}

export async function serveRelayedStream(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  target: RelayedStreamTarget,
): Promise<void> {
  const method = String(headers[':method'] ?? 'GET');
  const path = String(headers[':path'] ?? '/');
  const forwarded = { ...endToEndHeaders(headers), [RELAYED_MARKER_HEADER]: target.marker };
  const cancelled = new AbortController();
  // The relay gave up (its client left, its deadline passed): stop the local request too.
  stream.once('close', () => cancelled.abort());
  try {
    // origin and path apart: a URL would be resolved (`/../x` is `/x` to WHATWG), and the path
    // must reach the listener exactly as the client sent it.
    const answer = await target.dispatcher.request({
      origin: target.origin,
      path,
      method: method,
      headers: forwarded as Record<string, string | string[]>,
      // A HEADERS frame with END_STREAM is a request without a body (GET, most often). undici
      // destroys a stream body once sent, which for the HTTP/2 stream itself would reset it
      // before the answer could go back: it gets a pass-through copy instead.
      body: stream.endAfterHeaders ? null : stream.pipe(new PassThrough()),
      signal: cancelled.signal,
    });
    if (stream.destroyed) return void answer.body.destroy();
    stream.respond({
      ...endToEndHeaders(answer.headers),
      [constants.HTTP2_HEADER_STATUS]: answer.statusCode,
    });
    await pipeline(answer.body, stream);
  } catch (error) {
    if (cancelled.signal.aborted) return;
    // The local API always answers; reaching here means the terminal is stopping. The relay
    // turns a reset stream into 502 TERMINAL_CONNECTION_LOST for its client.
    target.logger.warn({ err: error, method }, 'relayed request failed inside the terminal');
    if (!stream.destroyed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
  }
}
