// The link's heartbeat over real WebSockets on loopback: a silent peer is cut off, and a pause
// of this process is not taken for the peer's silence.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { keepAlive } from '../src/heartbeat.js';

// Long enough that the machine's own scheduling (a loaded CI runner stops a process for tens of
// milliseconds) is not a pause of the peer: the peer shares this process.
const INTERVAL_MS = 300;

let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** A server whose side of each link runs the heartbeat, and one client dialling it. */
async function link(client: { autoPong: boolean }) {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const peer = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, client);
  await once(peer, 'open');
  const [watched] = await accepted;
  let silent = 0;
  keepAlive(watched, INTERVAL_MS, () => (silent += 1));
  const closed = new Promise<number>((done) => peer.once('close', (code) => done(code)));
  return { watched, peer, closed, silent: () => silent };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('keepAlive', () => {
  it('terminates a link whose peer answers no ping, and says so first', async () => {
    const { closed, silent } = await link({ autoPong: false });
    expect(await closed).toBe(1006);
    expect(silent()).toBe(1);
  });

  it('keeps a peer that answers, though this process paused after the pong came in', async () => {
    const { watched, peer, silent } = await link({ autoPong: true });
    let pauses = 0;
    // The pong is already on its way when this runs: the busy wait holds the whole process past
    // the next verdict, as a long GC or a starved CPU would.
    peer.on('ping', () => {
      if (pauses++ > 0) return;
      const until = Date.now() + 2.5 * INTERVAL_MS;
      while (Date.now() < until);
    });
    await sleep(6 * INTERVAL_MS);
    expect(pauses).toBeGreaterThanOrEqual(2);
    expect(silent()).toBe(0);
    expect(watched.readyState).toBe(WebSocket.OPEN);
  });

  it('takes any frame from the peer as a sign of life', async () => {
    const { watched, peer, silent } = await link({ autoPong: false });
    const chatter = setInterval(() => peer.send('still here'), INTERVAL_MS / 10);
    await sleep(5 * INTERVAL_MS);
    clearInterval(chatter);
    expect(silent()).toBe(0);
    expect(watched.readyState).toBe(WebSocket.OPEN);
  });
});
