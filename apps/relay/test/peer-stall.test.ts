// A requesting node that stops acknowledging an answer it asked a holding node for (it died, or
// its last acknowledgement was lost: NATS core delivers at most once) while the holder's `alive`
// frames keep its exchange open: the holder lets it go once the answer has waited on it for
// RELAY_HEADERS_TIMEOUT_MS, as forward.ts does for a client that stops reading. It says
// `aborted`, frees the terminal's slot, and the link serves on. The requester here is a bare NATS
// connection speaking the cluster's frames; the holder is a real relay node.
import { connect, createInbox, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, linkSubject, ReplyHead, type ReplyKind } from '../src/cluster-frames.js';
import { dialLink, scriptedDevice } from './link-device.js';
import { natsAnswers } from './nats-server-process.js';
import { RelayWorld, TEST_MAX_CONCURRENT } from './relay-world.js';
import { until } from './until.js';

const NATS_URL = process.env.NATS_TEST_URL ?? 'nats://127.0.0.1:4222';
const natsUp = await natsAnswers(NATS_URL);
if (!natsUp) console.warn(`peer stall test skipped: no NATS server answers at ${NATS_URL}`);

const STALL_MS = 1_000;
/** Many times the holder's window of unacknowledged bytes (WINDOW_BYTES): the answer stalls. */
const ANSWER_SIZE = 8 * 1024 * 1024;

describe.skipIf(!natsUp)('a requesting node that stops acknowledging', () => {
  const world = new RelayWorld(null, {
    relayEnv: { NATS_URL, RELAY_HEADERS_TIMEOUT_MS: String(STALL_MS), RELAY_REQUEST_TIMEOUT_MS: '60000' },
  });
  let requester: NatsConnection;

  beforeAll(async () => {
    await world.start();
    requester = await connect({ servers: NATS_URL });
  }, 120_000);
  afterAll(async () => {
    await requester?.close();
    await world.stop();
  }, 60_000);

  /** Sends one request to the holder of `publicId` and records the kinds of the frames it answers with. */
  function silentRequest(publicId: string, path: string): ReplyKind[] {
    const kinds: ReplyKind[] = [];
    const inbox = createInbox();
    requester.subscribe(inbox, {
      callback: (_error, msg) => {
        // "No responders" (an empty message) before the holder's claim is in place: not a frame.
        if (msg.data.length > 0) kinds.push(decodeFrame(msg.data, ReplyHead).head.kind);
      },
    });
    const head = { requestId: `silent-${path}`, method: 'GET', path, headers: {} };
    requester.publish(linkSubject(publicId), encodeFrame(head), { reply: inbox });
    return kinds;
  }

  it('is told the answer was cut off after RELAY_HEADERS_TIMEOUT_MS, and the terminal’s slots are free', async () => {
    const activation = await world.activate('Casa Callada');
    const device = scriptedDevice(60_000);
    await dialLink(world.relay.url, activation.deviceCredential, device.server);
    const via = (path: string) => `${world.relay.url}/api/relay/${activation.publicId}${path}`;
    // The link is held and its subject answered (a request through the node's own door works).
    await until('the link is up', async () => (await fetch(via('/api/health'))).status === 200);
    await until('the holder answers the link’s subject', async () => {
      const probe = silentRequest(activation.publicId, '/api/health');
      await requester.flush();
      await new Promise((done) => setTimeout(done, 100));
      return probe.includes('end');
    });

    const exchanges = Array.from({ length: TEST_MAX_CONCURRENT }, () =>
      silentRequest(activation.publicId, `/held/${ANSWER_SIZE}`),
    );
    await until('every slot holds an answer', () => device.holding() === TEST_MAX_CONCURRENT);
    await until('every silent requester is told its answer was cut off', () =>
      exchanges.every((kinds) => kinds.includes('aborted')),
    );
    for (const kinds of exchanges) expect(kinds.slice(0, 2)).toEqual(['accepted', 'head']);
    // The answers' rest is read from the terminal and dropped: a terminal with HTTP/2's default
    // session memory (10 MB; the scripted device has more) refuses new streams until it is
    // (ENHANCE_YOUR_CALM, a 502 here), a few hundred ms for 32 MiB on this link.
    await until('the link serves again', async () => (await fetch(via('/api/health'))).status === 200);
    // Every slot is free, and the terminal's session is whole: more requests than slots.
    for (let i = 0; i < TEST_MAX_CONCURRENT + 1; i++)
      expect((await fetch(via('/api/sales'))).status).toBe(200);
    device.release();
  }, 60_000);
});
