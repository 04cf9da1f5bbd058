// A device dialling a relay node like a terminal (the link's WebSocket carrying HTTP/2, from
// relay-protocol) whose answers a test decides: sizes and bodies no terminal route gives on
// demand.
import type { Http2Server } from 'node:http2';
import { CONNECT_PATH, LINK_PROTOCOL, linkStream } from '@fiscal-pos/relay-protocol';
import { WebSocket } from 'ws';

/** Bytes that show a hole or a swap: no two 251-byte stretches alike at the same offset mod 256. */
export function bulkBody(size: number): Buffer {
  const body = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) body[i] = (i % 251) ^ ((i >> 16) & 0xff);
  return body;
}

/** Links `server` (an HTTP/2 server that never listens) to the relay node at `relayUrl`. */
export async function dialLink(
  relayUrl: string,
  deviceCredential: string,
  server: Http2Server,
): Promise<{ socket: WebSocket; close: () => void }> {
  const socket = new WebSocket(new URL(CONNECT_PATH, relayUrl.replace(/^http/, 'ws')), LINK_PROTOCOL, {
    headers: { authorization: `Bearer ${deviceCredential}` },
  });
  await new Promise((done, fail) => {
    // In the open handler itself: the relay's first HTTP/2 bytes may follow in the same tick.
    socket.once('open', () => done(server.emit('connection', linkStream(socket))));
    socket.once('error', fail);
  });
  return { socket, close: () => socket.close() };
}
