// The same request on the LAN and through the relay meets the same API: a relayed HTTP/2 stream
// goes straight into the terminal's routing (no loopback hop), so what the listener's HTTP/1
// path gave for free is checked here, request by request: status, the headers a client acts on
// (content type, request id, idempotency replay, CORS, Retry-After), the body byte for byte but
// the envelope's timestamp, the audit row each request leaves (the same but for `via`), API key
// checks, the terminal's body limit (declared and chunked), HEAD, long answers that outrun
// HTTP/2's flow-control windows, and what the terminal knows of the client's address.
// route-parity.test.ts does the same for every route's own answer; this is the layer under them.
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY, cashSale, type TerminalHandle } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

/** Below the relay's own limit (65,536 in its tests): a body between the two meets the terminal's. */
const TERMINAL_BODY_LIMIT = 8_192;
const ALLOWED_ORIGIN = 'https://pos.example.test';
/** Wrong keys the terminal takes from one address before it says 429. */
const KEY_REFUSALS_MAX = 5;

/** Headers a client acts on. Hop-by-hop ones (Connection, Keep-Alive, Transfer-Encoding) are each hop's own. */
const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'location',
  'retry-after',
  'x-idempotency-replayed',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-allow-private-network',
];

interface Ask {
  method: Dispatcher.HttpMethod;
  path: string;
  /** X-API-Key: the terminal's unless given; null sends none. */
  key?: string | null;
  headers?: Record<string, string>;
  body?: string;
  /** Sends the body without Content-Length, in two chunks. */
  chunked?: boolean;
}

interface Seen {
  status: number;
  headers: Record<string, string | undefined>;
  requestId: string | undefined;
  bytes: Buffer;
}

const world = new RelayWorld();
let activation: ActivatedTerminal;
let terminal: TerminalHandle;

const lan = () => terminal.url;
const relay = () => `${world.relay.url}/api/relay/${activation.publicId}`;

async function ask(base: string, a: Ask): Promise<Seen> {
  const headers: Record<string, string> = { ...a.headers };
  const key = a.key === undefined ? API_KEY : a.key;
  if (key !== null) headers['x-api-key'] = key;
  if (a.body !== undefined) headers['content-type'] ??= 'application/json';
  const half = a.body === undefined ? 0 : Math.floor(a.body.length / 2);
  const body =
    a.body === undefined
      ? undefined
      : a.chunked
        ? Readable.from([a.body.slice(0, half), a.body.slice(half)])
        : a.body;
  const answer = await request(base + a.path, {
    method: a.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  const one = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    status: answer.statusCode,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, one(name)])),
    requestId: one('x-request-id'),
    bytes,
  };
}

/** The answer as a client compares it: the envelope's `timestamp` says when, and differs. */
function comparable(seen: Seen): unknown {
  const text = seen.bytes.toString('utf8');
  let body: unknown = text;
  if ((seen.headers['content-type'] ?? '').includes('json') && text !== '') {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    body = 'timestamp' in parsed ? { ...parsed, timestamp: '<when>' } : parsed;
  }
  // The length follows the timestamp's digits; the envelope's other bytes are compared above.
  const { 'content-length': _length, ...headers } = seen.headers;
  return { status: seen.status, headers, body };
}

/**
 * The audit row a request left, without what differs per call (id, time, duration) or path
 * (`via`). A read's row is written once its answer has left, which a client that has read it
 * all may see first: waited for.
 */
async function auditRow(seen: Seen) {
  expect(seen.requestId, 'every answer names its request').toBeTruthy();
  const row = await vi.waitFor(
    () => {
      terminal.runtime.auditLog.flush();
      const found = terminal.runtime.auditLog.find(seen.requestId!);
      if (!found) throw new Error(`no audit row for ${seen.requestId} yet`);
      return found;
    },
    { timeout: 5_000, interval: 10 },
  );
  const { id, at: _at, durationMs: _duration, via, ...rest } = row;
  expect(id).toBe(seen.requestId);
  return { via, rest };
}

/** Sends one request both ways and checks that the client and the audit log saw the same. */
async function bothWays(a: Ask): Promise<{ lan: Seen; relayed: Seen }> {
  const byLan = await ask(lan(), a);
  const relayed = await ask(relay(), a);
  const label = `${a.method} ${a.path}`;
  expect(comparable(relayed), label).toEqual(comparable(byLan));
  expect(relayed.requestId, label).not.toBe(byLan.requestId);
  const [rowLan, rowRelayed] = [await auditRow(byLan), await auditRow(relayed)];
  expect(rowLan.via, label).toBe('lan');
  expect(rowRelayed.via, label).toBe('relay');
  expect(rowRelayed.rest, label).toEqual(rowLan.rest);
  return { lan: byLan, relayed };
}

const sale = JSON.stringify(cashSale(100));
const padded = (bytes: number) => JSON.stringify({ items: [], pad: 'x'.repeat(bytes) });

/** Requests the terminal answers the same whoever asks: errors, limits, CORS, HEAD. */
const TABLE: Record<string, Ask> = {
  'a read': { method: 'GET', path: '/api/sales?limit=2' },
  health: { method: 'GET', path: '/api/health' },
  'HEAD of a read': { method: 'HEAD', path: '/api/shifts/current' },
  'no X-API-Key': { method: 'GET', path: '/api/sales', key: null },
  'a wrong X-API-Key': { method: 'GET', path: '/api/sales', key: `${API_KEY}x` },
  'an invalid body': { method: 'POST', path: '/api/sales', body: JSON.stringify({ items: [] }) },
  'malformed JSON': { method: 'POST', path: '/api/sales', body: '{"items":' },
  'a body that is not JSON': {
    method: 'POST',
    path: '/api/sales',
    body: 'items=1',
    headers: { 'content-type': 'text/plain' },
  },
  'a declared body over the terminal’s limit': {
    method: 'POST',
    path: '/api/sales',
    body: padded(TERMINAL_BODY_LIMIT * 2),
  },
  'a chunked body over the terminal’s limit': {
    method: 'POST',
    path: '/api/sales',
    body: padded(TERMINAL_BODY_LIMIT * 2),
    chunked: true,
  },
  'a chunked body under it': { method: 'POST', path: '/api/sales', body: padded(100), chunked: true },
  'an unknown path': { method: 'GET', path: '/api/nothing-here?x=1' },
  'a path that does not decode': { method: 'GET', path: '/api/sales/%E0%A4%A' },
  'a method the path has not': { method: 'DELETE', path: '/api/health' },
  'a preflight from an allowed origin, Private Network Access': {
    method: 'OPTIONS',
    path: '/api/sales',
    key: null,
    headers: {
      origin: ALLOWED_ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-api-key, idempotency-key',
      'access-control-request-private-network': 'true',
    },
  },
  'a preflight from another origin': {
    method: 'OPTIONS',
    path: '/api/sales',
    key: null,
    headers: { origin: 'https://elsewhere.example.test', 'access-control-request-method': 'POST' },
  },
  'a read from an allowed origin': {
    method: 'GET',
    path: '/api/health',
    headers: { origin: ALLOWED_ORIGIN },
  },
  'a refusal to an allowed origin': {
    method: 'GET',
    path: '/api/sales',
    key: 'wrong',
    headers: { origin: ALLOWED_ORIGIN },
  },
};

beforeAll(async () => {
  await world.start();
  activation = await world.activate('Fidelity');
  terminal = await world.startTerminal(activation, {
    config: {
      bodyLimitBytes: TERMINAL_BODY_LIMIT,
      corsOrigins: [ALLOWED_ORIGIN],
      apiKeyRefusals: { max: KEY_REFUSALS_MAX, windowMs: 60_000 },
    },
  });
});
afterAll(() => world.stop());

describe('a request on the LAN and the same through the relay', () => {
  for (const [name, a] of Object.entries(TABLE))
    it(`are answered and audited alike: ${name}`, async () => {
      const { relayed } = await bothWays(a);
      // The cases mean what they say (a typo in a path would compare two 404s).
      // The terminal's limit is its body parser's: 400 INVALID_JSON saying the body is too large.
      if (name.includes('limit') && !name.includes('under'))
        expect(relayed.bytes.toString()).toMatch(/INVALID_JSON.*too large/);
      if (name.includes('X-API-Key')) expect(relayed.status).toBe(401);
      if (name === 'a preflight from an allowed origin, Private Network Access')
        expect(relayed.headers['access-control-allow-private-network']).toBe('true');
    });

  it('sell alike and replay each other’s Idempotency-Key, marked replayed, with the same answer', async () => {
    const stamp = Date.now();
    const [keyLan, keyRelay] = [`fidelity-lan-${stamp}`, `fidelity-relay-${stamp}`];
    const sell = (base: string, key: string) =>
      ask(base, { method: 'POST', path: '/api/sales', body: sale, headers: { 'idempotency-key': key } });
    const firstLan = await sell(lan(), keyLan);
    const firstRelayed = await sell(relay(), keyRelay);
    expect([firstLan.status, firstRelayed.status]).toEqual([200, 200]);
    expect([
      firstLan.headers['x-idempotency-replayed'],
      firstRelayed.headers['x-idempotency-replayed'],
    ]).toEqual([undefined, undefined]);
    // Each key again, the other way round: the first answer, replayed.
    const replayedByRelay = await sell(relay(), keyLan);
    const replayedByLan = await sell(lan(), keyRelay);
    expect(comparable(replayedByRelay)).toEqual({
      ...(comparable(firstLan) as object),
      headers: { ...(comparable(firstLan) as { headers: object }).headers, 'x-idempotency-replayed': 'true' },
    });
    expect(comparable(replayedByLan)).toEqual({
      ...(comparable(firstRelayed) as object),
      headers: {
        ...(comparable(firstRelayed) as { headers: object }).headers,
        'x-idempotency-replayed': 'true',
      },
    });
    for (const [seen, via, key] of [
      [firstLan, 'lan', keyLan],
      [firstRelayed, 'relay', keyRelay],
      [replayedByRelay, 'relay', keyLan],
      [replayedByLan, 'lan', keyRelay],
    ] as const)
      expect(await auditRow(seen)).toMatchObject({
        via,
        rest: { method: 'POST', path: '/api/sales', status: 200, idempotencyKey: key, errorCode: null },
      });
    // The same key with another body is refused alike both ways.
    const other = JSON.stringify(cashSale(200));
    await bothWays({
      method: 'POST',
      path: '/api/sales',
      body: other,
      headers: { 'idempotency-key': keyLan },
    });
  });

  it('stream a long answer whole, past HTTP/2’s flow-control windows, byte for byte', async () => {
    const { lan: byLan, relayed } = await bothWays({ method: 'GET', path: '/api/openapi.json' });
    // Larger than twice a stream’s initial window (65,535 bytes): the relay's reads
    // have to open it again and again.
    expect(byLan.bytes.length).toBeGreaterThan(2 * 65_535);
    expect(relayed.bytes.equals(byLan.bytes)).toBe(true);
    expect(relayed.headers['content-length']).toBe(byLan.headers['content-length']);
  });

  it('differ in one thing, the client’s address: the terminal counts wrong keys per LAN address, and none for the relay, which counts them itself', async () => {
    // On the LAN this loopback address is counted: after the allowance, 429 whatever key it sends.
    let lanStatus = 0;
    for (let i = 0; i <= KEY_REFUSALS_MAX && lanStatus !== 429; i++)
      lanStatus = (await ask(lan(), { method: 'GET', path: '/api/sales', key: `guess-${i}` })).status;
    expect(lanStatus).toBe(429);
    const locked = await ask(lan(), { method: 'GET', path: '/api/sales' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditRow(locked)).rest).toMatchObject({ status: 429, errorCode: 'TOO_MANY_INVALID_KEYS' });
    // Every relayed request reaches the terminal over the one link: it has no client address
    // there, and counting the link would let one guesser lock out every relay client. Wrong
    // keys through the relay are 401 each time, and the right key still passes.
    for (let i = 0; i <= KEY_REFUSALS_MAX + 1; i++)
      expect((await ask(relay(), { method: 'GET', path: '/api/sales', key: `guess-${i}` })).status).toBe(401);
    const passes = await ask(relay(), { method: 'GET', path: '/api/sales' });
    expect(passes.status).toBe(200);
    expect(await auditRow(passes)).toMatchObject({ via: 'relay', rest: { status: 200, errorCode: null } });
  });
});
