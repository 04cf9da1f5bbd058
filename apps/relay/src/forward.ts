// One client request for {relay_url}/<path>, forwarded as an HTTP/2 stream to the terminal's
// link and its answer streamed back. Failures that are the relay's to name get its envelope:
// 413 before anything is sent, 504 when the terminal does not begin its answer in time, 502
// when the link drops under a request in flight; never a hang.
import { constants, type ClientHttp2Stream, type OutgoingHttpHeaders } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { endToEndHeaders, relayStatusOf } from '@fiscal-pos/relay-protocol';
import { answerRelayError } from './answers.js';
import type { TerminalLink } from './terminal-link.js';

export interface ForwardOptions {
  requestId: string;
  /** The terminal path with its query, `/api/sales?limit=5`. */
  path: string;
  timeoutMs: number;
  bodyLimitBytes: number;
}

class BodyTooLarge extends Error {}

/** Passes the body through while it stays under the limit. */
function bodyLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) done(new BodyTooLarge());
      else done(null, chunk);
    },
  });
}

/** Resolves with the status given to the client once the exchange is over, whichever way. */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  link: TerminalLink,
  o: ForwardOptions,
): Promise<number> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > o.bodyLimitBytes) {
    answerRelayError(res, o.requestId, 'RELAY_BODY_TOO_LARGE', tooLarge(o.bodyLimitBytes));
    // Do not read a body we refused; the connection cannot be reused after it.
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
    const settle = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(status);
    };
    let stream: ClientHttp2Stream;
    try {
      stream = link.session.request(headers, { endStream: bodiless });
    } catch {
      // The session closed between the lookup and now.
      answerRelayError(res, o.requestId, 'TERMINAL_CONNECTION_LOST', LOST);
      return settle(502);
    }
    const fail = (
      code: 'TERMINAL_TIMEOUT' | 'TERMINAL_CONNECTION_LOST' | 'RELAY_BODY_TOO_LARGE',
      message: string,
    ) => {
      if (settled) return;
      const status = res.headersSent ? res.statusCode : 0;
      answerRelayError(res, o.requestId, code, message);
      if (!stream.destroyed) stream.close(constants.NGHTTP2_CANCEL);
      settle(status || relayStatusOf(code));
    };
    const timer = setTimeout(
      () => fail('TERMINAL_TIMEOUT', `The terminal did not answer within ${o.timeoutMs} ms. ${IN_DOUBT}`),
      o.timeoutMs,
    );
    let answered = false;
    stream.once('response', (answer) => {
      answered = true;
      clearTimeout(timer);
      const status = Number(answer[constants.HTTP2_HEADER_STATUS]);
      res.writeHead(status, endToEndHeaders(answer));
      pipeline(stream, res).then(
        () => settle(status),
        // The link dropped or the client left mid-answer; the client sees a cut connection.
        () => {
          res.destroy();
          settle(status);
        },
      );
    });
    // Closed before an answer began: the link dropped (or the terminal reset the stream). Once
    // the answer began, its pipeline above reports how it ended.
    stream.once('close', () => {
      if (!answered) fail('TERMINAL_CONNECTION_LOST', LOST);
    });
    stream.on('error', () => undefined);
    // The client went away: tell the terminal to stop too. 499 (nginx's "client closed
    // request") is for the relay's log only; nobody receives it.
    res.once('close', () => {
      if (!res.writableFinished && !stream.destroyed) stream.close(constants.NGHTTP2_CANCEL);
      settle(res.headersSent ? res.statusCode : 499);
    });
    if (!bodiless)
      pipeline(req, bodyLimit(o.bodyLimitBytes), stream).catch((error: unknown) => {
        if (error instanceof BodyTooLarge) fail('RELAY_BODY_TOO_LARGE', tooLarge(o.bodyLimitBytes));
      });
  });
}

const IN_DOUBT = 'It may have been done: retry with the same Idempotency-Key.';
const LOST = `The terminal's connection to the relay dropped during the request. ${IN_DOUBT}`;
const tooLarge = (limit: number) => `The request body is over the relay's limit of ${limit} bytes.`;
