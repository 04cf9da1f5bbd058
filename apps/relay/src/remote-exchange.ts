// The requesting node's side of an exchange with a terminal held by another node: a stand-in
// for the HTTP/2 stream that forward() writes the request body into and reads the answer from.
// The body is gathered (it fits one NATS message: the cluster's body limit sees to it), sent
// with a reply inbox of our own, and the holder's frames come back on that inbox in order. What
// the client reads is acknowledged to the holder (its send window), and a request given up on
// is cancelled there.
import type { OutgoingHttpHeaders } from 'node:http2';
import { Duplex } from 'node:stream';
import { createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  ACK_EVERY_BYTES,
  decodeFrame,
  encodeFrame,
  linkSubject,
  nextExchangeState,
  ReplyHead,
  SILENCE_MS,
  type ControlHead,
  type ExchangeState,
  type RequestHead,
} from './cluster-frames.js';
import { headTooLarge, LOST, NOT_CONNECTED } from './answers.js';
import { RelayRefusal, type Exchange } from './forward.js';

const NO_RESPONDERS = 503;

export class RemoteExchange extends Duplex implements Exchange {
  readonly #body: Buffer[] = [];
  #subscription: Subscription | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #nextSeq = 0;
  /** Where the holder's frames have brought the exchange (EXCHANGE_TRANSITIONS). */
  #state: ExchangeState = 'waiting';
  /** The holder's control inbox for this exchange, once it took the request on. */
  #control: string | undefined;
  #pushedBytes = 0;
  #ackedBytes = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly publicId: string,
    private readonly head: Omit<RequestHead, 'headers'> & { headers: OutgoingHttpHeaders },
    endStream: boolean,
    /** The most bytes of JSON head a request message has room for beside its body. */
    private readonly headRoom: number,
  ) {
    super();
    if (endStream) this.end();
  }

  /** The client left or the relay gave up: the holder is told to cancel, and we stop listening. */
  close(): void {
    this.destroy();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#body.push(chunk);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    // This node is leaving NATS: it cannot reach any other, and nothing was sent.
    if (this.nc.isClosed() || this.nc.isDraining()) {
      done(new RelayRefusal('TERMINAL_NOT_CONNECTED', NOT_CONNECTED));
      return;
    }
    const body = Buffer.concat(this.#body);
    this.#body.length = 0;
    const frame = encodeFrame(this.head, body);
    const headBytes = frame.length - body.length;
    // Over max_payload NATS would refuse the message: the client hears why, and nothing is sent.
    if (headBytes > this.headRoom) {
      done(new RelayRefusal('HEADERS_TOO_LARGE', headTooLarge(this.headRoom)));
      return;
    }
    const inbox = createInbox();
    this.#subscription = this.nc.subscribe(inbox, { callback: (_error, msg) => this.#receive(msg) });
    this.#armWatchdog();
    // The subscription goes to the server before the request on the same connection: no reply
    // can arrive before we listen.
    this.nc.publish(linkSubject(this.publicId), frame, { reply: inbox });
    done();
  }

  // Called when the reader wants more, so what was pushed is (all but a highWaterMark) read.
  override _read(): void {
    if (this.#control && this.#pushedBytes - this.#ackedBytes >= ACK_EVERY_BYTES) {
      this.#ackedBytes = this.#pushedBytes;
      this.#order({ kind: 'ack', bytes: this.#pushedBytes });
    }
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    clearTimeout(this.#watchdog);
    // Once done, the holder has finished its side: nothing to cancel.
    if (this.#state !== 'done') this.#order({ kind: 'cancel' });
    this.#subscription?.unsubscribe();
    done(error);
  }

  #order(order: ControlHead): void {
    if (this.#control === undefined) return;
    // A draining or closed connection (this node stopping): the holder's timeout ends its side.
    try {
      this.nc.publish(this.#control, encodeFrame(order));
    } catch {
      /* nothing more can be said */
    }
  }

  #armWatchdog(): void {
    clearTimeout(this.#watchdog);
    // The holder sends at least every ALIVE_MS: silence means it died or NATS lost it.
    this.#watchdog = setTimeout(
      () => this.destroy(new RelayRefusal('TERMINAL_CONNECTION_LOST', LOST)),
      SILENCE_MS,
    );
  }

  #receive(msg: Msg): void {
    // A holder of an earlier version may still say `alive` between `end` and its stream's close.
    if (this.destroyed || this.#state === 'done') return;
    if (msg.data.length === 0 && msg.headers?.code === NO_RESPONDERS) {
      // No node holds this terminal's link: answered at once.
      this.destroy(new RelayRefusal('TERMINAL_NOT_CONNECTED', NOT_CONNECTED));
      return;
    }
    let frame;
    try {
      frame = decodeFrame(msg.data, ReplyHead);
    } catch {
      this.destroy(new Error('malformed frame from the holding node'));
      return;
    }
    const { head, body } = frame;
    // A lost frame (NATS core delivers at most once) must cut the answer, never corrupt it.
    if (head.seq !== this.#nextSeq++) {
      this.destroy(new Error('frame lost between relay nodes'));
      return;
    }
    try {
      this.#state = nextExchangeState(this.#state, head.kind);
    } catch (error) {
      // Out of order (data before head, a second head, ...): as unusable as a malformed frame.
      this.destroy(error as Error);
      return;
    }
    this.#armWatchdog();
    switch (head.kind) {
      case 'accepted':
        this.#control = head.control;
        return;
      case 'alive':
        return;
      case 'head':
        this.emit('response', { ...head.headers, ':status': head.status });
        return;
      case 'data':
        this.#pushedBytes += body.length;
        this.push(body);
        return;
      case 'end':
        clearTimeout(this.#watchdog);
        this.push(null);
        return;
      case 'refused': {
        const retry: Record<string, string> =
          head.retryAfter === undefined ? {} : { 'retry-after': String(head.retryAfter) };
        this.destroy(new RelayRefusal(head.code, head.message, retry));
        return;
      }
      case 'aborted':
        this.destroy(new Error('the answer was cut off on the holding node'));
    }
  }
}
