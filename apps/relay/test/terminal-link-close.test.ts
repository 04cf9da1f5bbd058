// How the relay ends one terminal's link, over a real WebSocket on loopback with HTTP/2 inside:
// the terminal must read why (a replaced terminal backs off, any other drop redials at once).
import { once } from 'node:events';
import { createServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { CLOSE_CODES, linkStream } from '@fiscal-pos/relay-protocol';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { TerminalLink } from '../src/terminal-link.js';

let wss: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of wss?.clients ?? []) client.terminate();
  await new Promise((done) => wss?.close(done));
  wss = undefined;
});

/** The relay's side of one link, and a device serving HTTP/2 on it as the terminal does. */
async function linked() {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await once(wss, 'listening');
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const device = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, {
    perMessageDeflate: false,
  });
  const deviceEvents: string[] = [];
  const server = createServer((_req, res) => res.end('{}'));
  server.on('session', (session: ServerHttp2Session) =>
    session.on('goaway', () => deviceEvents.push('goaway')),
  );
  await once(device, 'open');
  server.emit('connection', linkStream(device));
  const [socket] = await accepted;
  const link = new TerminalLink(
    { terminalId: 'trm_1', publicId: 'pub_1', merchantId: 'mer_1', credentialId: 'crd_1', linkSeq: 1 },
    socket,
    {
      heartbeatMs: 60_000,
      limits: { max: 100, windowMs: 60_000, maxConcurrent: 4 },
      logger: pino({ level: 'silent' }),
    },
  );
  const closed = new Promise<number>((done) =>
    device.once('close', (code) => {
      deviceEvents.push(`close ${code}`);
      done(code);
    }),
  );
  return { link, closed, deviceEvents };
}

describe('TerminalLink.close', () => {
  it('tells the terminal why: the close frame comes before any GOAWAY of the session', async () => {
    const { link, closed, deviceEvents } = await linked();
    // A request first, so the HTTP/2 session is under way on both ends.
    const answer = link.request({ ':method': 'GET', ':path': '/api/health' }, true);
    answer.resume();
    await once(answer, 'end');

    link.close(CLOSE_CODES.replaced, 'replaced by a newer connection of this terminal');
    expect(await closed).toBe(CLOSE_CODES.replaced);
    expect(deviceEvents).toEqual([`close ${CLOSE_CODES.replaced}`]);
    expect(link.open).toBe(false);
  });
});
