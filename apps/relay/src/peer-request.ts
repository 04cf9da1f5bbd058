// The holding node's side of a request another node forwarded over NATS: the request goes to
// the local link as an HTTP/2 stream, and the answer goes back to the requester's inbox as
// numbered frames (accepted, head, data in chunks under max_payload, end), with "alive" frames
// while the exchange is open so the requester can tell a slow terminal from a dead node. The
// requester's acknowledgements keep at most WINDOW_BYTES of answer in flight, and its cancel
// stops the terminal's work when the client leaves. The
// per-publicId limits are counted here, on the link, whichever node the client called.
import { constants, type IncomingHttpHeaders } from 'node:http2';
import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { endToEndHeaders } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import { LOST, NOT_CONNECTED, rateLimited, timedOut } from './answers.js';
import {
  ALIVE_MS,
  ControlHead,
  dataChunkBytes,
  decodeFrame,
  DEFAULT_MAX_PAYLOAD,
  encodeFrame,
  EXCHANGE_TRANSITIONS,
  RequestHead,
  WINDOW_BYTES,
  type ExchangeState,
  type ReplyFrame,
} from './cluster-frames.js';
import { declaredLength, refusedUnprocessed, type Exchange } from './forward.js';
import { dropTheRest, StallTimer } from './stall-timer.js';
import type { TerminalLink } from './terminal-link.js';

export interface PeerRequestOptions {
  nc: NatsConnection;
  timeoutMs: number;
  /**
   * How long an answer may wait on the requester's acknowledgements (RELAY_HEADERS_TIMEOUT_MS, as
   * for a client on the node it called): then the requester is told the answer was cut off and
   * the slot is let go. Its own node lets a client that stops reading go first, and goes on
   * acknowledging; this is for a requester that went silent (it died, or an acknowledgement was
   * lost: NATS core delivers at most once) while its `alive` frames keep coming from here.
   */
  stallTimeoutMs: number;
  logger: Logger;
}

export function servePeerRequest(msg: Msg, link: TerminalLink | undefined, o: PeerRequestOptions): void {
  const reply = msg.reply;
  if (!reply) return;
  let request;
  try {
    request = decodeFrame(msg.data, RequestHead);
  } catch (error) {
    o.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'malformed peer request');
    return;
  }
  const { head, body } = request;
  let seq = 0;
  let state: ExchangeState = 'waiting';
  const send = (frame: ReplyFrame, data?: Uint8Array) => {
    // Only what the exchange's table allows now goes out, numbered: not the interval's `alive`
    // once the exchange ended, nor an answer that begins after the holder's timeout refused it.
    const next = EXCHANGE_TRANSITIONS[state][frame.kind];
    if (next === undefined) return;
    state = next;
    // A draining or closed connection (this node stopping): the requester's watchdog answers.
    try {
      o.nc.publish(reply, encodeFrame({ ...frame, seq: seq++ }, data));
    } catch {
      /* nothing more can be said */
    }
  };
  if (!link) return send({ kind: 'refused', code: 'TERMINAL_NOT_CONNECTED', message: NOT_CONNECTED });
  const limiter = link.limiterFor(head.method, head.path, head.headers);
  const takenAt = Date.now();
  const retryAfter = limiter.take(takenAt);
  if (retryAfter > 0)
    return send({
      kind: 'refused',
      code: 'RELAY_RATE_LIMITED',
      message: rateLimited(retryAfter),
      retryAfter,
    });

  let stream: Exchange;
  try {
    stream = link.request(
      {
        ...head.headers,
        [constants.HTTP2_HEADER_METHOD]: head.method,
        [constants.HTTP2_HEADER_PATH]: head.path,
      },
      body.length === 0,
    );
  } catch {
    // The session closed, or the terminal said GOAWAY, since the lookup: nothing was sent, so
    // not the in-doubt 502 but what the client's own node answers then (forward.ts).
    limiter.release();
    return send({ kind: 'refused', code: 'TERMINAL_NOT_CONNECTED', message: NOT_CONNECTED });
  }
  // The slot is given back once the answer is whole (its Content-Length came), as on the node
  // the client called, else when the stream closes (see forward.ts).
  let holdsSlot = true;
  const releaseSlot = () => {
    if (holdsSlot) limiter.release();
    holdsSlot = false;
  };
  let status = 0;
  let timedOutHere = false;
  let stalled = false;
  const stall = new StallTimer(o.stallTimeoutMs, () => {
    stalled = true;
    send({ kind: 'aborted' });
    releaseSlot();
    dropTheRest(stream);
  });
  let sentBytes = 0;
  let ackedBytes = 0;
  const control = createInbox();
  const controls = o.nc.subscribe(control, {
    callback: (_error, message) => {
      let order: ControlHead;
      try {
        order = decodeFrame(message.data, ControlHead).head;
      } catch {
        return;
      }
      if (order.kind === 'cancel') {
        stream.close(constants.NGHTTP2_CANCEL);
        return;
      }
      ackedBytes = Math.max(ackedBytes, order.bytes);
      if (stalled || sentBytes - ackedBytes > WINDOW_BYTES) return;
      stall.clear();
      if (stream.isPaused()) stream.resume();
    },
  });
  send({ kind: 'accepted', control });
  const alive = setInterval(() => send({ kind: 'alive' }), ALIVE_MS);
  // The requester answers 504 on its own clock; this one only stops the terminal's work.
  const timer = setTimeout(() => {
    timedOutHere = true;
    send({ kind: 'refused', code: 'TERMINAL_TIMEOUT', message: timedOut(o.timeoutMs) });
    stream.close(constants.NGHTTP2_CANCEL);
  }, o.timeoutMs);
  const chunkBytes = dataChunkBytes(o.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD);

  stream.once('response', (answer: IncomingHttpHeaders) => {
    clearTimeout(timer);
    status = Number(answer[constants.HTTP2_HEADER_STATUS]);
    if (status === 401) limiter.forgive(takenAt);
    send({ kind: 'head', status, headers: wireHeaders(answer) });
    const length = declaredLength(answer);
    stream.on('data', (chunk: Buffer) => {
      if (stalled) return;
      for (let at = 0; at < chunk.length; at += chunkBytes)
        send({ kind: 'data' }, chunk.subarray(at, at + chunkBytes));
      sentBytes += chunk.length;
      if (sentBytes === length) releaseSlot();
      if (sentBytes - ackedBytes > WINDOW_BYTES) {
        stream.pause();
        stall.arm();
      }
    });
    stream.once('end', () => send({ kind: 'end' }));
  });
  stream.once('close', () => {
    clearInterval(alive);
    clearTimeout(timer);
    stall.clear();
    controls.unsubscribe();
    releaseSlot();
    const unprocessed = refusedUnprocessed(stream);
    // Taken on and no answer begun: refused; an answer begun and not ended: cut off.
    if (state === 'accepted')
      send(
        unprocessed
          ? { kind: 'refused', code: 'TERMINAL_NOT_CONNECTED', message: NOT_CONNECTED }
          : { kind: 'refused', code: 'TERMINAL_CONNECTION_LOST', message: LOST },
      );
    else if (state === 'answering') send({ kind: 'aborted' });
    o.logger.info(
      {
        method: head.method,
        publicId: link.publicId,
        path: head.path.split('?')[0],
        status: status || (timedOutHere ? 504 : unprocessed ? 503 : 502),
        requestId: head.requestId,
      },
      'relayed for a peer node',
    );
  });
  stream.on('error', () => undefined);
  if (body.length > 0) stream.end(body);
}

/** The answer's end-to-end headers as strings, the only kind an HTTP/2 answer carries. */
function wireHeaders(answer: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(endToEndHeaders(answer)))
    if (value !== undefined) out[name] = typeof value === 'number' ? String(value) : value;
  return out;
}
