// The WebSocket as the byte stream HTTP/2 runs on, for both ends of the link. Not ws's
// createWebSocketStream: Node wraps any non-socket stream given to http2 in a JSStreamSocket,
// which allows one write in flight and asserts (ERR_INTERNAL_ASSERTION, the process dies) when
// a write's callback never comes, which is what a terminated WebSocket does to a send in
// progress. Here a write is handed to the WebSocket and acknowledged at once: HTTP/2's own flow
// control already bounds the bytes in flight (per stream and per connection windows), so no
// second backpressure is lost; reading pauses the WebSocket while HTTP/2 does not read.
import { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

export function linkStream(socket: WebSocket): Duplex {
  // A link that is going away drops what is left: its streams end in 502 on the relay.
  const send = (bytes: Buffer) => {
    if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: true });
  };
  const stream = new Duplex({
    read() {
      if (socket.isPaused) socket.resume();
    },
    write(chunk: Buffer, _encoding, done) {
      send(chunk);
      done();
    },
    // HTTP/2 hands over the frames it has ready in one corked batch (a request's HEADERS and
    // DATA, a WINDOW_UPDATE): one WebSocket message for all of them, not one message and one
    // system call per frame.
    writev(chunks: { chunk: Buffer }[], done) {
      send(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map(({ chunk }) => chunk)));
      done();
    },
    final(done) {
      socket.close(1000);
      done();
    },
    destroy(error, done) {
      // A closing handshake under way is left to finish (its owner bounds it): cut off now, the
      // close frame already sent could be lost with the connection, and its code with it.
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
      done(error);
    },
  });
  socket.on('message', (data: RawData) => {
    if (!stream.push(toBuffer(data))) socket.pause();
  });
  socket.once('close', () => {
    stream.push(null);
    stream.destroy();
  });
  // Errors end in 'close' as well; the link's owner logs them.
  socket.on('error', () => undefined);
  return stream;
}
