// The WebSocket as the byte stream HTTP/2 runs on, for both ends of the link. Not ws's
// createWebSocketStream: Node wraps any non-socket stream given to http2 in a JSStreamSocket,
// which allows one write in flight and asserts (ERR_INTERNAL_ASSERTION, the process dies) when
// a write's callback never comes, which is what a terminated WebSocket does to a send in
// progress. Here a write is handed to the WebSocket and acknowledged at once: HTTP/2's own flow
// control already bounds the bytes in flight (per stream and per connection windows), so no
// second backpressure is lost; reading pauses the WebSocket while HTTP/2 does not read.
//
// Nor a Duplex: JSStreamSocket uses a handful of a stream's methods and events (pause and
// resume; cork, write and uncork; end; destroy; 'data', 'end', 'close', 'error'), and a Duplex
// in between added a Writable's and a Readable's bookkeeping (buffered chunk objects, per-write
// callbacks deferred to the next tick, readable state) to every WebSocket message both ways, on
// both ends of the link. What this object does with each is what that Duplex did.
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

type WriteDone = (error?: Error | null) => void;

class LinkStream extends EventEmitter {
  // Read once by JSStreamSocket as it wraps this stream.
  readonly readable = true;
  readonly writable = true;
  readonly readableObjectMode = false;
  destroyed = false;
  /** Messages that came while HTTP/2 did not read, handed over when it resumes. */
  readonly #held: Buffer[] = [];
  #paused = true;
  #corked = 0;
  #batch: Buffer[] = [];
  #written: WriteDone[] = [];

  constructor(private readonly socket: WebSocket) {
    super();
    socket.on('message', (data: RawData) => {
      if (this.destroyed) return;
      const bytes = toBuffer(data);
      if (this.#paused) {
        this.#held.push(bytes);
        socket.pause();
      } else this.emit('data', bytes);
    });
    socket.once('close', () => {
      if (this.destroyed) return;
      // As a Duplex's push(null) then destroy(): 'end' when nothing is left unread, then 'close'.
      if (!this.#paused && this.#held.length === 0) process.nextTick(() => this.emit('end'));
      this.destroy();
    });
    // Errors end in 'close' as well; the link's owner logs them.
    socket.on('error', () => undefined);
  }

  pause(): this {
    this.#paused = true;
    return this;
  }

  resume(): this {
    this.#paused = false;
    while (!this.#paused && this.#held.length > 0 && !this.destroyed) this.emit('data', this.#held.shift());
    if (!this.#paused && this.socket.isPaused) this.socket.resume();
    return this;
  }

  // HTTP/2 hands over the frames it has ready corked (a request's HEADERS and DATA, a
  // WINDOW_UPDATE): one WebSocket message for all of them, not one message and one system call
  // per frame.
  cork(): void {
    this.#corked++;
  }

  uncork(): void {
    if (this.#corked > 0 && --this.#corked === 0) this.#flush();
  }

  write(chunk: Buffer, done?: WriteDone): boolean {
    this.#batch.push(chunk);
    if (done) this.#written.push(done);
    if (this.#corked === 0) this.#flush();
    return true;
  }

  #flush(): void {
    const [batch, written] = [this.#batch, this.#written];
    if (batch.length === 0) return;
    this.#batch = [];
    this.#written = [];
    // A link that is going away drops what is left: its streams end in 502 on the relay.
    if (this.socket.readyState === this.socket.OPEN)
      this.socket.send(batch.length === 1 ? batch[0]! : Buffer.concat(batch), { binary: true });
    // JSStreamSocket finishes the write in a later turn (setImmediate) whenever this is called.
    for (const callback of written) callback(null);
  }

  end(done?: () => void): this {
    this.socket.close(1000);
    if (done) process.nextTick(done);
    return this;
  }

  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.#held.length = 0;
    // A closing handshake under way is left to finish (its owner bounds it): cut off now, the
    // close frame already sent could be lost with the connection, and its code with it.
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING)
      this.socket.terminate();
    process.nextTick(() => this.emit('close'));
    return this;
  }
}

/**
 * The stream to give Node's HTTP/2 (`createConnection`, or a server's 'connection' event). Typed
 * as the Duplex those APIs name: HTTP/2 uses it through JSStreamSocket, which needs only the
 * part of a Duplex that LinkStream has.
 */
export function linkStream(socket: WebSocket): Duplex {
  return new LinkStream(socket) as unknown as Duplex;
}
