// A device dialling a relay node like a terminal (the link's WebSocket carrying HTTP/2, from
// relay-protocol) whose answers a test decides: sizes and bodies no terminal route gives on
// demand, and what a terminal's HTTP/2 does only in passing (an END_STREAM late, a stream reset,
// GOAWAY) held or done when the test says.
import { createServer, type Http2Server, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import { CONNECT_PATH, LINK_PROTOCOL, linkStream } from '@fiscal-pos/relay-protocol';
import { WebSocket } from 'ws';

/** Bytes that show a hole or a swap: no two 251-byte stretches alike at the same offset mod 256. */
export function bulkBody(size: number): Buffer {
  const body = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) body[i] = (i % 251) ^ ((i >> 16) & 0xff);
  return body;
}

/** A terminal's dial to the relay node at `relayUrl`: the link's WebSocket, not yet open. */
export function dialSocket(
  relayUrl: string,
  deviceCredential: string,
  headers: Record<string, string> = {},
): WebSocket {
  return new WebSocket(new URL(CONNECT_PATH, relayUrl.replace(/^http/, 'ws')), LINK_PROTOCOL, {
    headers: { ...headers, authorization: `Bearer ${deviceCredential}` },
  });
}

/** Links `server` (an HTTP/2 server that never listens) to the relay node at `relayUrl`. */
export async function dialLink(
  relayUrl: string,
  deviceCredential: string,
  server: Http2Server,
): Promise<{ socket: WebSocket; close: () => void }> {
  const socket = dialSocket(relayUrl, deviceCredential);
  await new Promise((done, fail) => {
    // In the open handler itself: the relay's first HTTP/2 bytes may follow in the same tick.
    socket.once('open', () => done(server.emit('connection', linkStream(socket))));
    socket.once('error', fail);
  });
  return { socket, close: () => socket.close() };
}

/**
 * A device whose answers a test scripts by path:
 * - `/held/<n>`: 200 with n bytes of bulkBody and their Content-Length at once, but the stream
 *   held open (no END_STREAM) until `release()`, or `holdMs` as a backstop for a relay that
 *   waits for the end;
 * - `/stalled`: no answer at all until `answerStalled()`;
 * - `/reset/<code>`: the stream reset with that HTTP/2 code before any answer;
 * - anything else: 200 `{}`.
 */
export function scriptedDevice(holdMs = 15_000) {
  const held = new Set<ServerHttp2Stream>();
  const stalled: ServerHttp2Stream[] = [];
  let session: ServerHttp2Session | undefined;
  // Tests hold several answers of megabytes unread at once: over HTTP/2's default session memory
  // (10 MB) the device refuses new streams (ENHANCE_YOUR_CALM, a 502 at the relay) until the
  // relay reads, which under load came before every slot was taken.
  const server = createServer({ maxSessionMemory: 128 });
  server.on('session', (opened) => (session = opened));
  const release = () => {
    for (const stream of held) stream.end();
    held.clear();
  };
  const answer = (stream: ServerHttp2Stream, body: Buffer, type: string, end: boolean) => {
    stream.respond({ ':status': 200, 'content-type': type, 'content-length': body.length });
    if (end) stream.end(body);
    else stream.write(body);
  };
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const path = String(headers[':path']);
    const heldSize = /^\/held\/(\d+)$/.exec(path);
    const resetCode = /^\/reset\/(\d+)$/.exec(path);
    if (heldSize) {
      answer(stream, bulkBody(Number(heldSize[1])), 'application/octet-stream', false);
      held.add(stream);
      setTimeout(() => held.delete(stream) && stream.end(), holdMs).unref();
    } else if (path === '/stalled') stalled.push(stream);
    else if (resetCode) stream.close(Number(resetCode[1]));
    else answer(stream, Buffer.from('{}'), 'application/json', true);
  });
  return {
    server,
    /** How many `/held` streams are still open. */
    holding: () => held.size,
    release,
    /** How many `/stalled` requests wait for their answer. */
    stalled: () => stalled.length,
    answerStalled(): void {
      for (const stream of stalled.splice(0)) answer(stream, Buffer.from('{}'), 'application/json', true);
    },
    /**
     * GOAWAY, as a stopping terminal says it (its session's close()): streams already open may
     * finish, no new one is taken. Resolves once the relay has read it: it acknowledged a PING
     * sent after it (a session already closed cancels its PINGs, hence GOAWAY, PING, then close).
     */
    async goAway(): Promise<void> {
      if (!session) throw new Error('no HTTP/2 session yet');
      const stopping = session;
      stopping.goaway();
      await new Promise<void>((done, fail) => stopping.ping((error) => (error ? fail(error) : done())));
      stopping.close();
    },
  };
}
