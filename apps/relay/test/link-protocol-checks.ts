// What a relay node must make of what a terminal's HTTP/2 does in passing (scriptedDevice), the
// same whether the device's link is on the node the client called or on another one (cluster
// mode): one set of tests, registered by each suite with its own way of linking the device.
import { constants } from 'node:http2';
import { expect, it } from 'vitest';
import { expectRelayRefusal, send } from './http-answers.js';
import { bulkBody, type scriptedDevice } from './link-device.js';
import { TEST_MAX_CONCURRENT } from './relay-world.js';
import { until } from './until.js';

type ScriptedDevice = ReturnType<typeof scriptedDevice>;
type RelayUrl = (path: string) => string;

/** A scripted device linked as the terminal `name`, and its {relay_url} on the node under test. */
type LinkScripted = (name: string) => Promise<{ device: ScriptedDevice; url: RelayUrl }>;

/** The checks below as tests of the suite calling this, `where` said in their names. */
export function linkProtocolTests(linkScripted: LinkScripted, where = ''): void {
  it(`ends an answer at its Content-Length${where} while the terminal holds its stream, and frees its slot then`, async () => {
    const { device, url } = await linkScripted('Casa Held');
    await checkWholeAtContentLength(device, url);
  });
  it(`answers 503 TERMINAL_NOT_CONNECTED${where} for a stream the terminal refused, 502 for one it reset otherwise`, async () => {
    const { url } = await linkScripted('Casa Reset');
    await checkResets(url);
  });
  it(`answers 503${where} at once after the terminal’s GOAWAY and still completes the request in flight`, async () => {
    const { device, url } = await linkScripted('Casa Goaway');
    await checkGoAway(device, url);
  });
}

/** Over one HTTP/2 DATA frame (16 KiB): the Content-Length is reached across chunks. */
const HELD_SIZE = 40_000;

/**
 * An answer whose END_STREAM the terminal holds back is whole for its client at its
 * Content-Length, and its slot (RELAY_MAX_CONCURRENT) is free then: one more request than the
 * slots, each answer held open, and none is refused.
 */
async function checkWholeAtContentLength(device: ScriptedDevice, url: RelayUrl): Promise<void> {
  for (let sent = 1; sent <= TEST_MAX_CONCURRENT + 1; sent++) {
    const answer = await fetch(url(`/held/${HELD_SIZE}`));
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(bulkBody(HELD_SIZE))).toBe(true);
    expect(device.holding(), 'streams still held when the answer was whole').toBe(sent);
  }
  device.release();
}

/**
 * A stream the terminal refused (REFUSED_STREAM: never processed, what its GOAWAY does to the
 * streams it will not take) is 503 TERMINAL_NOT_CONNECTED, safe to send again; a stream reset
 * otherwise may have been processed: 502 TERMINAL_CONNECTION_LOST.
 */
async function checkResets(url: RelayUrl): Promise<void> {
  const refused = await send(url(`/reset/${constants.NGHTTP2_REFUSED_STREAM}`));
  expectRelayRefusal(refused, 503, 'TERMINAL_NOT_CONNECTED');
  const reset = await send(url(`/reset/${constants.NGHTTP2_INTERNAL_ERROR}`));
  expectRelayRefusal(reset, 502, 'TERMINAL_CONNECTION_LOST');
}

/**
 * After the terminal's GOAWAY a new request is 503 TERMINAL_NOT_CONNECTED at once (nothing was
 * sent), while the request already in flight still gets its answer.
 */
async function checkGoAway(device: ScriptedDevice, url: RelayUrl): Promise<void> {
  const inFlight = send(url('/stalled'));
  await until('the request reaches the device', () => device.stalled() === 1);
  await device.goAway();
  for (const path of ['/api/health', '/api/sales'])
    expectRelayRefusal(await send(url(path)), 503, 'TERMINAL_NOT_CONNECTED');
  expect(device.stalled(), 'the request in flight still unanswered after the 503s').toBe(1);
  device.answerStalled();
  const finished = await inFlight;
  expect(finished.status, finished.text).toBe(200);
  expect(finished.body).toEqual({});
}
