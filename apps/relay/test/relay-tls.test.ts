// The relay serving HTTPS itself (TLS_CERT, TLS_KEY): the terminal dials wss:// and a client
// reaches it over https://, TLS ending at the relay on both sides. There the peer of a dial is
// its client: refused dials are counted per peer address, whatever X-Forwarded-For says.
import { connect } from 'node:net';
import { CONNECT_PATH, LINK_PROTOCOL } from '@fiscal-pos/relay-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { selfSignedCertificate } from '../../cloud/test/https-receiver.js';
import { API_KEY, cashSale } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld } from './relay-world.js';

describe('the relay over HTTPS', () => {
  const certificate = selfSignedCertificate();
  const world = new RelayWorld(certificate);

  beforeAll(() => world.start());
  afterAll(() => world.stop());

  it('serves a terminal that dialled wss:// to a client on https://', async () => {
    expect(world.relay.url).toMatch(/^https:\/\//);
    const terminal = await world.activate('Casa TLS');
    await world.startTerminal(terminal);
    const sale = await world.fetch(`${world.relay.url}/api/relay/${terminal.publicId}/api/sales`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'idempotency-key': 'tls-1' },
      body: JSON.stringify(cashSale(10)),
    });
    expect(sale.status, await sale.clone().text()).toBe(200);
    expect(((await sale.json()) as { success: boolean }).success).toBe(true);
  });

  it('counts refused dials per peer address, not per X-Forwarded-For', async () => {
    const relay = await world.startRelay(0, { RELAY_DIAL_REFUSALS_MAX: '1' });
    const dial = (forwardedFor: string) =>
      new Promise<number>((done, fail) => {
        const socket = new WebSocket(
          new URL(CONNECT_PATH, relay.url.replace(/^https/, 'wss')),
          LINK_PROTOCOL,
          {
            headers: { authorization: 'Bearer dc_forged', 'x-forwarded-for': forwardedFor },
            ca: certificate.cert,
          },
        );
        socket.once('unexpected-response', (_req, res) => {
          done(res.statusCode ?? 0);
          res.destroy();
        });
        socket.once('error', fail);
      });
    try {
      expect(await dial('203.0.113.1')).toBe(401);
      expect(await dial('203.0.113.2')).toBe(429);
    } finally {
      await relay.stop();
    }
  });

  // A slow client has RELAY_HEADERS_TIMEOUT_MS for its headers; over TLS the handshake comes
  // first, and Node's own limit for it (handshakeTimeout) is 120 s: a peer that opened TCP and
  // sent nothing held its socket twelve times the documented limit.
  it('closes a connection whose TLS handshake never comes within the headers timeout', async () => {
    const relay = await world.startRelay(0, { RELAY_HEADERS_TIMEOUT_MS: '1000' });
    try {
      const { port } = new URL(relay.url);
      const started = performance.now();
      const heldMs = await new Promise<number>((done, fail) => {
        const socket = connect(Number(port), '127.0.0.1');
        socket.once('error', fail);
        socket.once('close', () => done(performance.now() - started));
        socket.resume();
        // Past this the test has its answer: the relay held the socket.
        setTimeout(() => socket.destroy(), 8_000).unref();
      });
      expect(heldMs).toBeLessThan(4_000);
    } finally {
      await relay.stop();
    }
  });
});
