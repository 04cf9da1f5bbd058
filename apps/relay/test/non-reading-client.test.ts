// A client that sends its request and then reads nothing of a large answer: its slot among the
// terminal's RELAY_MAX_CONCURRENT is let go once its answer has stalled for
// RELAY_HEADERS_TIMEOUT_MS (its connection closed, the stream cancelled), so a few such clients
// do not lock the ERP out, and the terminal's HTTP/2 session keeps serving the other streams.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialLink, scriptedDevice } from './link-device.js';
import { TEST_MAX_CONCURRENT, RelayWorld } from './relay-world.js';
import { until } from './until.js';

// Long enough that every slot is held before the first stall is let go, on a loaded machine too
// (at 1 s, CI under load let the first go before the last was taken: never all held at once).
const STALL_MS = 3_000;
/** Over what the sockets on loopback buffer for a client that never reads (4 MiB sent, 128 KiB received): the answer stalls. */
const ANSWER_SIZE = 8 * 1024 * 1024;

describe('a client that does not read its answer', () => {
  const world = new RelayWorld(null, { relayEnv: { RELAY_HEADERS_TIMEOUT_MS: String(STALL_MS) } });

  beforeAll(() => world.start(), 120_000);
  afterAll(() => world.stop(), 60_000);

  it('holds its slot no longer than RELAY_HEADERS_TIMEOUT_MS, and the link serves on', async () => {
    const activation = await world.activate('Casa Lenta');
    const device = scriptedDevice(60_000);
    await dialLink(world.relay.url, activation.deviceCredential, device.server);
    const path = `/api/relay/${activation.publicId}`;
    const { port } = new URL(world.relay.url);
    const readers = await Promise.all(
      Array.from({ length: TEST_MAX_CONCURRENT }, () =>
        nonReader(Number(port), `${path}/held/${ANSWER_SIZE}`),
      ),
    );
    await until('every slot holds a stalled answer', () => device.holding() === TEST_MAX_CONCURRENT);
    const started = Date.now();
    // While the slots are held the ERP is refused (429); once the stalls are let go, answered.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 200 && Date.now() - started < STALL_MS + 8_000) {
      const answer = await fetch(`${world.relay.url}${path}/api/health`);
      statuses.push(answer.status);
      await new Promise((done) => setTimeout(done, 300));
    }
    expect(statuses.at(-1), statuses.join(' ')).toBe(200);
    expect(statuses[0], 'the slots were held at first').toBe(429);
    // The terminal's session is whole: more requests than slots, one after another.
    for (let i = 0; i < TEST_MAX_CONCURRENT + 1; i++)
      expect((await fetch(`${world.relay.url}${path}/api/sales`)).status).toBe(200);
    for (const socket of readers) socket.destroy();
    device.release();
  }, 60_000);
});

/** A client that sends a GET and never reads a byte of the answer. */
function nonReader(port: number, path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: relay\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}
