// One client request for {relay_url}/<path>, forwarded as a stream to the terminal's link and
// its answer streamed back. Failures that are the relay's to name get its envelope: 413 before
// anything is sent, 504 when the terminal does not begin its answer in time, 502 when the link
// drops under a request in flight; never a hang. Where the link is (this node, or another one
// across NATS) is the target's business, not this module's.
import { isCorsHeader } from './cors-gate.js';
import { constants, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { endToEndHeaders, relayStatusOf, type RelayErrorCode } from '@fiscal-pos/relay-protocol';
import { answerRelayError, LOST, NOT_CONNECTED, timedOut, tooLarge } from './answers.js';
import { dropTheRest, StallTimer } from './stall-timer.js';

/**
 * One request under way to a terminal: the HTTP/2 stream of a local link, or its stand-in across
 * NATS. Emits 'response' with the answer's headers (`:status` among them), then its body.
 */
export interface Exchange extends Duplex {
  close(code?: number): void;
  /** The HTTP/2 code the stream was reset with, when it was (a local link's stream). */
  readonly rstCode?: number;
}

/** Where a terminal's link is, as far as forwarding cares. */
export interface RelayTarget {
  request(headers: OutgoingHttpHeaders, endStream: boolean): Exchange;
}

/** An exchange destroyed with this ends in the relay's own answer of that code, not a 502. */
export class RelayRefusal extends Error {
  constructor(
    readonly code: RelayErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ForwardOptions {
  requestId: string;
  /** The terminal path with its query, `/api/sales?limit=5`. */
  path: string;
  timeoutMs: number;
  bodyLimitBytes: number;
  /** The relay answers CORS itself (cors-gate.ts): the terminal's CORS headers are dropped. */
  ownsCors: boolean;
  /**
   * How long an answer may wait on its client to take more of it (RELAY_HEADERS_TIMEOUT_MS):
   * then the client's connection is closed (the rest of the answer read and dropped), so a client that stops
   * reading does not hold the terminal's slot (RELAY_MAX_CONCURRENT) for ever.
   */
  stallTimeoutMs: number;
}

/**
 * The answer's Content-Length (NaN without one): once that many bytes came, the answer is whole
 * for its client and its slot free, without waiting for the END_STREAM frame after it.
 */
export function declaredLength(answer: IncomingHttpHeaders): number {
  return Number(answer[constants.HTTP2_HEADER_CONTENT_LENGTH] ?? Number.NaN);
}

/**
 * Whether the terminal refused the stream unprocessed (REFUSED_STREAM, what its GOAWAY does to
 * streams it will not take as it stops): like a terminal not connected, safe to send again, not
 * the in-doubt 502 of a link lost under a request. For a local link here and a peer's (peer-request.ts).
 */
export function refusedUnprocessed(stream: Exchange): boolean {
  return stream.rstCode === constants.NGHTTP2_REFUSED_STREAM;
}

/**
 * Passes the request body on while it stays under the limit (`tooLarge` once it goes over;
 * nothing more is passed). The last byte of a declared Content-Length ends the stream in the
 * same write, so HTTP/2 sends END_STREAM on that DATA frame: a piped body ends in an empty
 * frame of its own once the last write completes, one more WebSocket message and wake-up of
 * the terminal per request. Backpressure as a pipe's: the client is paused while the stream
 * is full.
 */
function forwardBody(req: IncomingMessage, stream: Exchange, limit: number, tooLarge: () => void): void {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  let seen = 0;
  const onData = (chunk: Buffer) => {
    if (stream.destroyed) return;
    seen += chunk.length;
    if (seen > limit) {
      req.off('data', onData);
      tooLarge();
    } else if (seen === declared) stream.end(chunk);
    else if (!stream.write(chunk)) req.pause();
  };
  req.on('data', onData);
  stream.on('drain', () => req.resume());
  req.once('end', () => {
    if (!stream.destroyed && !stream.writableEnded) stream.end();
  });
}

/**
 * On an answer after which the relay drops the connection (a body it will not read): without it
 * a keep-alive client (Node's default agent from Node 19 on) pools the socket and sends its next
 * request into the closing connection, which then fails with "socket hang up".
 */
const CLOSING = { connection: 'close' };

/** Resolves with the status given to the client once the exchange is over, whichever way. */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  link: RelayTarget,
  o: ForwardOptions,
): Promise<number> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > o.bodyLimitBytes) {
    // Do not read a body we refused; the connection cannot be reused after it, and says so.
    answerRelayError(res, o.requestId, 'RELAY_BODY_TOO_LARGE', tooLarge(o.bodyLimitBytes), CLOSING);
    res.once('finish', () => req.destroy());
    return Promise.resolve(413);
  }
  const bodiless = declared === 0 && req.headers['transfer-encoding'] === undefined;
  const headers: OutgoingHttpHeaders = {
    ...endToEndHeaders(req.headers),
    [constants.HTTP2_HEADER_METHOD]: req.method ?? 'GET',
    [constants.HTTP2_HEADER_PATH]: o.path,
  };
  return new Promise((resolve) => {
    let settled = false;
    // Armed while the answer waits on its client (its socket full), cleared as it drains.
    let abandoned = false;
    const stall = new StallTimer(o.stallTimeoutMs, () => {
      abandoned = true;
      dropTheRest(stream);
      res.destroy();
    });
    const settle = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stall.clear();
      resolve(status);
    };
    let stream: Exchange;
    try {
      stream = link.request(headers, bodiless);
    } catch {
      // The session closed, or the terminal said GOAWAY (it is stopping), between the lookup
      // and now: nothing was sent, so the client may retry as for any terminal not connected.
      answerRelayError(res, o.requestId, 'TERMINAL_NOT_CONNECTED', NOT_CONNECTED);
      return settle(503);
    }
    const fail = (code: RelayErrorCode, message: string, extra: Record<string, string> = {}) => {
      if (settled) return;
      const status = res.headersSent ? res.statusCode : 0;
      answerRelayError(res, o.requestId, code, message, extra);
      if (!stream.destroyed) stream.close(constants.NGHTTP2_CANCEL);
      settle(status || relayStatusOf(code));
    };
    const timer = setTimeout(() => fail('TERMINAL_TIMEOUT', timedOut(o.timeoutMs)), o.timeoutMs);
    let answered = false;
    stream.once('response', (answer: IncomingHttpHeaders) => {
      answered = true;
      clearTimeout(timer);
      const status = Number(answer[constants.HTTP2_HEADER_STATUS]);
      const headers = endToEndHeaders(answer);
      if (o.ownsCors) for (const name of Object.keys(headers)) if (isCorsHeader(name)) delete headers[name];
      res.writeHead(status, headers);
      // Not pipe: the answer is complete for its client once its Content-Length has come. The
      // terminal's END_STREAM follows in a frame of its own, a turn or two of both event loops
      // later; waiting for it kept the request's slot (RELAY_MAX_CONCURRENT) after its client
      // had sent the next one. (Nor pipeline: its per-call AbortController showed in profiles.)
      const length = declaredLength(answer);
      let received = 0;
      stream.on('data', (chunk: Buffer) => {
        if (res.writableEnded || res.destroyed) return;
        received += chunk.length;
        // The last chunk goes with the end: one call into the HTTP/1 answer, not a write and an end.
        if (received === length) {
          res.end(chunk);
          if (!res.writableFinished) stall.arm();
        } else if (!res.write(chunk)) {
          stream.pause();
          stall.arm();
        }
      });
      res.on('drain', () => {
        stall.clear();
        stream.resume();
      });
      stream.once('end', () => {
        if (res.writableEnded) return;
        res.end();
        if (!res.writableFinished) stall.arm();
      });
      res.once('finish', () => settle(status));
      // The link dropped or the client left mid-answer; the client sees a cut connection.
      stream.once('error', () => {
        if (!res.writableEnded) res.destroy();
      });
      stream.once('close', () => {
        if (!stream.readableEnded && !res.writableEnded) res.destroy();
      });
    });
    // Closed before an answer began: the link dropped (or the terminal reset the stream). Once
    // the answer began, the watchers above report how it ended.
    let refusal: RelayRefusal | undefined;
    stream.once('close', () => {
      if (answered) return;
      if (refusedUnprocessed(stream)) return fail('TERMINAL_NOT_CONNECTED', NOT_CONNECTED);
      fail(refusal?.code ?? 'TERMINAL_CONNECTION_LOST', refusal?.message ?? LOST, refusal?.headers);
    });
    stream.on('error', (error) => {
      if (error instanceof RelayRefusal) refusal = error;
    });
    // The client went away: tell the terminal to stop too. 499 (nginx's "client closed
    // request") is for the relay's log only; nobody receives it.
    res.once('close', () => {
      if (!res.writableFinished && !stream.destroyed && !abandoned) stream.close(constants.NGHTTP2_CANCEL);
      settle(res.headersSent ? res.statusCode : 499);
    });
    if (!bodiless)
      forwardBody(req, stream, o.bodyLimitBytes, () => {
        // The rest of the body is not read: the connection cannot serve another request.
        fail('RELAY_BODY_TOO_LARGE', tooLarge(o.bodyLimitBytes), CLOSING);
        res.once('finish', () => req.destroy());
      });
  });
}
