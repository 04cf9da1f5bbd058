// What others can do to a terminal's key holder through the relay, knowing only its publicId
// (it is in every ERP's URL): requests the terminal refuses for their key, and requests that
// carry no key, do not spend the key holder's budget; one address cannot hold every socket; a
// client slow with its headers is let go.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld } from './relay-world.js';

const BUDGET = 5;

describe('fairness through the relay', () => {
  const world = new RelayWorld(null, {
    relayEnv: {
      RELAY_RATE_LIMIT_MAX: String(BUDGET),
      // Addresses are not closed for wrong keys here, so that only the budget is tested.
      RELAY_KEY_REFUSALS_MAX: '0',
      RELAY_MAX_CONNECTIONS_PER_ADDRESS: '4',
      RELAY_HEADERS_TIMEOUT_MS: '300',
    },
  });

  beforeAll(() => world.start());
  afterAll(() => world.stop());

  it('keeps the key holder’s budget whole while others send wrong keys and no keys', async () => {
    const terminal = await world.activate('Casa corecta');
    await world.startTerminal(terminal);
    const base = `${world.relay.url}/api/relay/${terminal.publicId}`;
    for (let i = 0; i < 3 * BUDGET; i++)
      expect(
        (await world.fetch(`${base}/api/printer/jobs`, { headers: { 'x-api-key': `guess-${i}` } })).status,
      ).toBe(401);
    // Requests without a key have a budget of their own (the harness's readiness check spent
    // some of it): spent, they are refused, not the ERP.
    const open: number[] = [];
    for (let i = 0; i < BUDGET + 1; i++) open.push((await world.fetch(`${base}/api/health`)).status);
    expect(open).toContain(200);
    expect(open.at(-1)).toBe(429);
    const erp: number[] = [];
    for (let i = 0; i < BUDGET + 1; i++)
      erp.push((await world.fetch(`${base}/api/printer/jobs`, { headers: { 'x-api-key': API_KEY } })).status);
    expect(erp).toEqual([...Array<number>(BUDGET).fill(200), 429]);
  });

  it('closes a connection past the cap per address at once, and takes one again after another closed', async () => {
    const { port } = new URL(world.relay.url);
    const sockets = await Promise.all(Array.from({ length: 4 }, () => openSocket(Number(port))));
    const fifth = await openSocket(Number(port));
    await closed(fifth);
    sockets[0]!.destroy();
    await closed(sockets[0]!);
    // The relay's close handler runs after the client's: ask until a sixth is kept.
    let kept = false;
    for (let attempt = 0; attempt < 50 && !kept; attempt++) {
      const sixth = await openSocket(Number(port));
      kept = await answers(sixth);
      sixth.destroy();
    }
    expect(kept).toBe(true);
    for (const socket of sockets) socket.destroy();
  });

  it('lets go of a client slow with its headers', async () => {
    const { port } = new URL(world.relay.url);
    const slow = await openSocket(Number(port));
    slow.write('GET /healthz HTTP/1.1\r\nHost: relay\r\n');
    const answer = await closed(slow);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

function openSocket(port: number) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent once it closed the connection. */
function closed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  return new Promise((resolve) => {
    if (socket.destroyed) resolve(received);
    else socket.once('close', () => resolve(received));
  });
}

/** Whether the relay answers a request on this connection (it was not closed at once). */
function answers(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    socket.once('data', () => resolve(true));
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.write('GET /healthz HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n');
  });
}
