// The relay against what a terminal's HTTP/2 does in passing, held or done when the test says by a
// device linked like a terminal: an answer whose END_STREAM comes late is whole for its client at
// its Content-Length and frees its slot then; a stream the terminal refused (REFUSED_STREAM, what
// its GOAWAY does to streams it will not process) is 503 like a terminal not connected, another
// reset 502; after the terminal's GOAWAY a new request is 503 at once while one in flight still
// gets its answer.
import { constants } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRelayRefusal, send } from './http-answers.js';
import { bulkBody, dialLink, scriptedDevice } from './link-device.js';
import { RelayWorld, TEST_MAX_CONCURRENT } from './relay-world.js';
import { until } from './until.js';

/** Over one HTTP/2 DATA frame (16 KiB): the Content-Length is reached across chunks. */
const HELD_SIZE = 40_000;

describe('the relay and the link’s HTTP/2', () => {
  const world = new RelayWorld();

  beforeAll(() => world.start(), 120_000);
  afterAll(() => world.stop(), 60_000);

  /** A scripted device linked as the terminal `name`, and its {relay_url}. */
  const linkedDevice = async (name: string) => {
    const activation = await world.activate(name);
    const device = scriptedDevice();
    // The relay adds the link as it accepts the upgrade: routed once the dial is open.
    await dialLink(world.relay.url, activation.deviceCredential, device.server);
    return { device, url: (path: string) => `${world.relay.url}/api/relay/${activation.publicId}${path}` };
  };

  it('ends an answer at its Content-Length while the terminal holds its stream, and frees its slot then', async () => {
    const { device, url } = await linkedDevice('Casa Held');
    // One more than the slots: a slot kept until END_STREAM would make the last one a 429.
    for (let sent = 1; sent <= TEST_MAX_CONCURRENT + 1; sent++) {
      const answer = await fetch(url(`/held/${HELD_SIZE}`));
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(bulkBody(HELD_SIZE))).toBe(true);
      // Whole while the device still held every stream open.
      expect(device.holding()).toBe(sent);
    }
    device.release();
  });

  it('answers 503 TERMINAL_NOT_CONNECTED for a stream the terminal refused, 502 for one it reset otherwise', async () => {
    const { url } = await linkedDevice('Casa Reset');
    expectRelayRefusal(
      await send(url(`/reset/${constants.NGHTTP2_REFUSED_STREAM}`)),
      503,
      'TERMINAL_NOT_CONNECTED',
    );
    expectRelayRefusal(
      await send(url(`/reset/${constants.NGHTTP2_INTERNAL_ERROR}`)),
      502,
      'TERMINAL_CONNECTION_LOST',
    );
  });

  it('answers 503 at once after the terminal’s GOAWAY and still completes the request in flight', async () => {
    const { device, url } = await linkedDevice('Casa Goaway');
    const inFlight = send(url('/stalled'));
    await until('the request reaches the device', () => device.stalled() === 1);
    await device.goAway();
    for (const path of ['/api/health', '/api/sales'])
      expectRelayRefusal(await send(url(path)), 503, 'TERMINAL_NOT_CONNECTED');
    // The 503s came while the request in flight was still unanswered.
    expect(device.stalled()).toBe(1);
    device.answerStalled();
    const finished = await inFlight;
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body).toEqual({});
  });
});
