// One dialled-in terminal on the relay side: its WebSocket, and the HTTP/2 client session that
// runs inside it (the relay asks, the terminal answers). Streams give concurrent requests, flow
// control and cancellation; nothing here frames messages by hand.
import { randomUUID } from 'node:crypto';
import { connect, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import { keepAlive, linkStream, type CLOSE_CODES } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { VerifiedDevice } from './cloud-client.js';
import type { Exchange, RelayTarget } from './forward.js';
import { requestAsksApiKey } from './key-budget.js';
import { WindowLimiter } from './window-limiter.js';

export class TerminalLink implements RelayTarget {
  readonly session: ClientHttp2Session;
  /** Requests that carry an X-API-Key: the key holder's budget. */
  readonly limiter: WindowLimiter;
  /**
   * Requests without one (the health checks, the OpenAPI document): a budget of their own, so
   * that anyone who knows the publicId cannot spend the key holder's.
   */
  readonly openLimiter: WindowLimiter;
  readonly linkId = randomUUID();
  #closed = false;
  #goingAway = false;

  constructor(
    readonly device: VerifiedDevice,
    private readonly socket: WebSocket,
    o: { heartbeatMs: number; limits: ConstructorParameters<typeof WindowLimiter>[0]; logger: Logger },
  ) {
    this.limiter = new WindowLimiter(o.limits);
    this.openLimiter = new WindowLimiter(o.limits);
    const stream = linkStream(socket);
    // The authority names nothing real: the stream is the connection.
    this.session = connect('http://terminal.relay.invalid', { createConnection: () => stream });
    // The terminal said GOAWAY (it is stopping). Node 20 and 22 refuse a new stream from then on
    // by throwing from request(), which forward() answers 503 (nothing was sent); Node 24 and 26
    // hand back a stream already destroyed (ERR_HTTP2_GOAWAY_SESSION), which it would take for
    // a link lost under a request (502, in doubt). Refused here alike on every Node.
    this.session.once('goaway', () => (this.#goingAway = true));
    this.session.on('error', (error: Error) =>
      o.logger.warn({ publicId: device.publicId, err: error.message }, 'link session error'),
    );
    keepAlive(socket, o.heartbeatMs, () => {
      o.logger.warn({ publicId: device.publicId }, 'terminal silent; dropping its link');
    });
    socket.on('error', (error) =>
      o.logger.warn({ publicId: device.publicId, err: error.message }, 'terminal link error'),
    );
    socket.once('close', () => this.#dispose());
  }

  /**
   * The budget a request spends: its key holder's when it carries a key the terminal will judge,
   * else that of requests without a key (a key sent to a keyless route proves nothing).
   */
  limiterFor(
    method: string | undefined,
    path: string,
    headers: Record<string, string | string[] | undefined>,
  ): WindowLimiter {
    return headers['x-api-key'] !== undefined && requestAsksApiKey(method, path, headers)
      ? this.limiter
      : this.openLimiter;
  }

  request(headers: OutgoingHttpHeaders, endStream: boolean): Exchange {
    if (this.#goingAway) throw new Error('the terminal is stopping: it sent GOAWAY');
    return this.session.request(headers, { endStream });
  }

  get publicId(): string {
    return this.device.publicId;
  }

  /** Which of two links of one terminal is the newer, on any relay node (the cloud's count). */
  get linkSeq(): number {
    return this.device.linkSeq;
  }

  get open(): boolean {
    return !this.#closed;
  }

  onClose(listener: () => void): void {
    this.socket.once('close', listener);
  }

  /** Ends the link with a reason the terminal logs (CLOSE_CODES); requests in flight get 502. */
  close(code: (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES], reason: string): void {
    // The close frame before the session ends: the session's GOAWAY first would make the
    // terminal end the link itself, with its own code, and it would never read why (a replaced
    // link that does not know it was replaced takes its place back at once).
    this.socket.close(code, reason);
    this.#dispose();
    // A peer that does not finish the closing handshake is cut off.
    setTimeout(() => this.socket.terminate(), 2_000).unref();
  }

  #dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.session.destroy();
  }
}
