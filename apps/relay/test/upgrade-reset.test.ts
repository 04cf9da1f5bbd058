// A terminal that gives up its dial while the relay asks the cloud about it (a handshake
// timeout, a reset from a NAT box) must cost the relay that one socket, not its process. And a
// refused dial whose peer never closes its side costs the relay that socket for seconds only.
import { connect } from 'node:net';
import { LINK_PROTOCOL, CONNECT_PATH } from '@fiscal-pos/relay-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

const world = new RelayWorld();
let activation: ActivatedTerminal;

beforeAll(async () => {
  await world.start();
  activation = await world.activate('Reset');
});
afterAll(() => world.stop());

const upgradeRequest = (credential: string) =>
  `GET ${CONNECT_PATH} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: upgrade\r\nupgrade: websocket\r\n` +
  `sec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n` +
  `sec-websocket-protocol: ${LINK_PROTOCOL}\r\nauthorization: Bearer ${credential}\r\n\r\n`;

/** Sends the upgrade request of a dial and resets the connection right after. */
function dialAndReset(port: number, credential: string): Promise<void> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(upgradeRequest(credential), () => {
        socket.resetAndDestroy();
        done();
      });
    });
    socket.on('error', fail);
  });
}

describe('a dial reset during its verification', () => {
  it('leaves the relay serving', async () => {
    for (let i = 0; i < 50; i++) await dialAndReset(world.relay.port, activation.deviceCredential);
    // Room for the cloud's answers to the verifies to come back to sockets already reset.
    await new Promise((done) => setTimeout(done, 1_000));
    // Still there (before the fix: ECONNREFUSED, the process had died of an unhandled 'error').
    const answer = await fetch(`${world.relay.url}/api/relay/${activation.publicId}/api/health`);
    expect(answer.status).toBe(503);
  });
});

describe('a refused dial whose peer keeps its side open', () => {
  it('is closed by the relay once the peer had time to read the refusal', async () => {
    // Half-closed by the relay, the socket still takes bytes until the relay lets it go; then a
    // write is answered with a reset.
    // Its own side stays open after the relay's end (Node's default would end it too).
    const socket = connect({ port: world.relay.port, host: '127.0.0.1', allowHalfOpen: true });
    const reset = new Promise<number>((done) => socket.once('error', () => done(Date.now())));
    const answer = await new Promise<string>((done) => {
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) done(text);
      });
      socket.write(upgradeRequest('dc_forged'));
    });
    const refusedAt = Date.now();
    expect(answer).toMatch(/^HTTP\/1.1 401 /);
    const poke = () => socket.write('x');
    const timer = setInterval(poke, 250);
    try {
      expect((await reset) - refusedAt).toBeGreaterThan(4_000);
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });
});
