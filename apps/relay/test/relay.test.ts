// The relay end to end with real processes on loopback: the same answers through
// {relay_url} as direct, idempotent replays, the relay's own refusals in the terminal's
// envelope, a dropped link mid-request, a revoked credential, no hijacked publicId, and a
// terminal that comes back by itself after a relay restart.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY, cashSale, type TerminalHandle } from '../../terminal/test/support/terminal-harness.js';
import { admin } from '../../cloud/test/harness.js';
import { startCloudGate } from './cloud-gate.js';
import { comparable, expectRelayRefusal, send } from './http-answers.js';
import { dialSocket } from './link-device.js';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

const STALLING = new URL('../../terminal/test/history/stalling-read-worker.ts', import.meta.url);

/**
 * A POST whose body the test writes itself (when and how), and its answer. Without a
 * Content-Length the body goes chunked.
 */
function postByHand(url: URL, headers: Record<string, string>, contentLength?: number) {
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      'x-api-key': API_KEY,
      'content-type': 'application/json',
      ...(contentLength === undefined ? {} : { 'content-length': contentLength }),
      ...headers,
    },
  });
  const answer = new Promise<{ status: number; text: string }>((done, fail) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
  });
  return { req, answer };
}

/** The value of one series (`name{labels}` as exposed) in Prometheus text; NaN when absent. */
function sampleOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

/** How the relay answers a terminal dialling with this credential: 101 (closed at once) or its refusal. */
function dialOutcome(relayUrl: string, credential: string, headers: Record<string, string> = {}) {
  const socket = dialSocket(relayUrl, credential, headers);
  return new Promise<{ status: number; retryAfter: string | null }>((done, fail) => {
    socket.once('open', () => {
      socket.terminate();
      done({ status: 101, retryAfter: null });
    });
    socket.once('unexpected-response', (_req, res) => {
      done({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] ?? null });
      res.destroy();
    });
    socket.once('error', fail);
  });
}

describe('the relay', () => {
  const world = new RelayWorld();
  let a: ActivatedTerminal;
  let terminalA: TerminalHandle;
  const viaRelay = (publicId: string, path: string) => `${world.relay.url}/api/relay/${publicId}${path}`;

  beforeAll(async () => {
    await world.start();
    a = await world.activate('Casa A');
    terminalA = await world.startTerminal(a);
  });
  afterAll(() => world.stop());

  it('gives the same health and raw catalog answers as the terminal itself', async () => {
    for (const path of ['/api/catalog/health', '/api/nothing-here', '/api/sales/not-a-uuid']) {
      const direct = await send(terminalA.url + path);
      const relayed = await send(viaRelay(a.publicId, path));
      expect(comparable(relayed), path).toEqual(comparable(direct));
      expect(relayed.headers.get('x-request-id'), path).toBeTruthy();
    }
    const health = await send(viaRelay(a.publicId, '/api/health'), {}, null);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ success: true, error: null });
  });

  it('passes a sale through and replays it for the same Idempotency-Key', async () => {
    const post = (key: string) =>
      send(viaRelay(a.publicId, '/api/sales'), {
        method: 'POST',
        body: JSON.stringify(cashSale(42)),
        headers: { 'idempotency-key': key },
      });
    const first = await post('relay-sale-1');
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('x-idempotency-replayed')).toBeNull();
    const again = await post('relay-sale-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-idempotency-replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    // The terminal's audit log says the request came through the relay.
    const id = first.headers.get('x-request-id')!;
    expect(terminalA.runtime.auditLog.find(id)).toMatchObject({ method: 'POST', status: 200, via: 'relay' });
    const direct = await terminalA.call('GET', '/api/health');
    expect(terminalA.runtime.auditLog.find(direct.headers.get('x-request-id')!)).toMatchObject({
      via: 'lan',
    });
  });

  it('gives the terminal’s own error envelopes: validation, JSON, keys', async () => {
    const cases: [string, { method?: string; body?: string }, string | null][] = [
      ['/api/sales', { method: 'POST', body: JSON.stringify({ items: [] }) }, API_KEY],
      ['/api/sales', { method: 'POST', body: '{"items":' }, API_KEY],
      ['/api/sales', {}, `${API_KEY}x`],
      ['/api/sales', {}, null],
    ];
    for (const [path, init, key] of cases) {
      const label = `${init.method ?? 'GET'} ${path} ${init.body ?? ''} key=${key}`;
      const direct = await send(terminalA.url + path, init, key);
      const relayed = await send(viaRelay(a.publicId, path), init, key);
      expect(relayed.status, label).toBeGreaterThanOrEqual(400);
      expect(comparable(relayed), label).toEqual(comparable(direct));
    }
  });

  it('takes a body sent with Expect: 100-continue, as curl sends large ones', async () => {
    const url = new URL(viaRelay(a.publicId, '/api/sales'));
    const body = JSON.stringify({ items: [], pad: 'x'.repeat(2_000) });
    const { req, answer } = postByHand(url, { expect: '100-continue' }, Buffer.byteLength(body));
    req.on('continue', () => req.end(body));
    const { status, text } = await answer;
    expect(status, text).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('never logs X-API-Key or a body, and logs each relayed request without its query', async () => {
    const secretBody = JSON.stringify(cashSale(7, { note: 'body-marker-5b1e' }));
    const from = world.relayLog.length;
    await send(viaRelay(a.publicId, '/api/sales?token=query-marker-77'), {
      method: 'POST',
      body: secretBody,
    });
    // The relay writes its log in batches (at most 250 ms late).
    await vi.waitFor(() =>
      expect(world.relayLog.slice(from).join('\n')).toContain('"method":"POST","publicId"'),
    );
    const log = world.relayLog.join('\n');
    expect(log).toContain('"msg":"relayed"');
    expect(log).not.toContain(API_KEY);
    expect(log).not.toContain('body-marker-5b1e');
    expect(log).not.toContain('query-marker-77');
    expect(log).not.toContain('dc_');
  });

  it('answers 503 TERMINAL_NOT_CONNECTED at once for a terminal that is not dialled in', async () => {
    const started = Date.now();
    const answer = await send(viaRelay('0123456789abcdef0123456789abcdef', '/api/health'));
    expect(Date.now() - started).toBeLessThan(1000);
    expectRelayRefusal(answer, 503, 'TERMINAL_NOT_CONNECTED');
    const elsewhere = await send(`${world.relay.url}/somewhere`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe('NOT_FOUND');
  });

  it('counts its requests, dials and links in Prometheus metrics on a port of their own, not on the public one', async () => {
    const metricsUrl = world.relay.metricsUrl!;
    const scrape = async () => {
      const answer = await fetch(metricsUrl);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      return answer.text();
    };
    const m = await world.activate('Casa M');
    const before = await scrape();
    expect((await send(viaRelay(a.publicId, '/api/health'))).status).toBe(200);
    expect((await send(viaRelay('0'.repeat(32), '/api/health'))).status).toBe(503);
    expect((await dialOutcome(world.relay.url, 'dc_forged')).status).toBe(401);
    expect((await dialOutcome(world.relay.url, m.deviceCredential)).status).toBe(101);
    const after = await scrape();
    // A series first seen in this test was absent before (statuses are not known in advance).
    const grew = (series: string) => sampleOf(after, series) - (sampleOf(before, series) || 0);
    expect(grew('relay_http_requests_total{status="200"}')).toBe(1);
    expect(grew('relay_http_requests_total{status="503"}')).toBe(1);
    expect(grew('relay_http_request_duration_seconds_count')).toBe(2);
    expect(grew('relay_dials_total{outcome="refused_guess"}')).toBe(1);
    expect(grew('relay_dials_total{outcome="opened"}')).toBe(1);
    // Outcomes that did not happen are there from zero.
    expect(sampleOf(after, 'relay_dials_total{outcome="line_full"}')).toBe(0);
    expect(sampleOf(after, 'relay_links')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(after, 'relay_ready')).toBe(1);
    expect(sampleOf(after, 'relay_dials_waiting')).toBe(0);
    expect(sampleOf(after, 'relay_dial_addresses_counted')).toBe(0);
    expect(after).toContain('process_cpu_user_seconds_total');
    // Not on the public port, and nothing else on the metrics one.
    const publicMetrics = await send(`${world.relay.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(publicMetrics.body.error.code).toBe('NOT_FOUND');
    expect((await fetch(metricsUrl.replace(/\/metrics$/, '/other'))).status).toBe(404);
  });

  it('does not start on a metrics port it cannot have, and says which', async () => {
    const taken = new URL(world.relay.metricsUrl!).port;
    await expect(world.startRelay(0, { RELAY_METRICS_PORT: taken })).rejects.toThrow(
      new RegExp(`RELAY_METRICS_PORT ${taken} on 127\\.0\\.0\\.1: .*EADDRINUSE`),
    );
  });

  it('is alive and ready on its own (no NATS_URL), with the count of links it holds', async () => {
    const alive = await fetch(`${world.relay.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${world.relay.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      cluster: 'single',
      links: expect.any(Number),
      dialsWaiting: 0,
    });
  });

  it('refuses a body over its limit with 413 RELAY_BODY_TOO_LARGE', async () => {
    const answer = await send(viaRelay(a.publicId, '/api/sales'), {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('RELAY_BODY_TOO_LARGE');
    // Chunked, no length declared: the relay counts as it passes the body on.
    const chunked = postByHand(new URL(viaRelay(a.publicId, '/api/sales')), {});
    for (let i = 0; i < 3; i++) chunked.req.write('x'.repeat(30_000));
    chunked.req.end();
    const over = await chunked.answer;
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toMatchObject({ error: { code: 'RELAY_BODY_TOO_LARGE' } });
  });

  it('passes a chunked body on whole and ends it', async () => {
    const sale = JSON.stringify(cashSale(250));
    const { req, answer } = postByHand(new URL(viaRelay(a.publicId, '/api/sales')), {
      'idempotency-key': 'chunked-sale-1',
    });
    req.write(sale.slice(0, 10));
    req.end(sale.slice(10));
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ success: true });
  });

  it('keeps each publicId to its own terminal: another terminal cannot take it', async () => {
    const b = await world.activate('Casa B');
    const terminalB = await world.startTerminal(b, { fiscalization: 'not_fiscal' });
    expect(b.publicId).not.toBe(a.publicId);
    const toA = await send(viaRelay(a.publicId, '/api/health'));
    const toB = await send(viaRelay(b.publicId, '/api/health'));
    // The audit row is written once the terminal's HTTP/2 stream closes, which may be after the
    // client read the answer.
    await vi.waitFor(() => {
      expect(terminalA.runtime.auditLog.find(toA.headers.get('x-request-id')!)).toBeDefined();
      expect(terminalB.runtime.auditLog.find(toB.headers.get('x-request-id')!)).toBeDefined();
    });
    expect(terminalB.runtime.auditLog.find(toA.headers.get('x-request-id')!)).toBeUndefined();
    // B dialling with A's publicId in the path or a header changes nothing: the cloud names it.
    const upgrade = await fetch(`${world.relay.url}/api/relay/connect`, {
      headers: { authorization: 'Bearer dc_forged', upgrade: 'websocket', connection: 'upgrade' },
    }).catch(() => null);
    expect(upgrade?.status ?? 0).not.toBe(101);
  });

  it('spares the cloud: a malformed credential is refused unasked, checks in flight are bounded, dials beyond wait their turn, then 503 with Retry-After', async () => {
    const gate = await startCloudGate(world.cloud.url);
    const relay = await world.startRelay(0, {
      CLOUD_URL: gate.url,
      RELAY_VERIFY_CONCURRENCY: '1',
      RELAY_VERIFY_QUEUE: '1',
    });
    try {
      expect(await dialOutcome(relay.url, 'dc_forged')).toEqual({ status: 401, retryAfter: null });
      expect(await dialOutcome(relay.url, `tk_${'A'.repeat(43)}`)).toEqual({ status: 401, retryAfter: null });
      expect(gate.verifyCalls).toBe(0);
      // Well formed but unknown: only the cloud can tell.
      expect(await dialOutcome(relay.url, `dc_${'A'.repeat(43)}`)).toEqual({ status: 401, retryAfter: null });
      expect(gate.verifyCalls).toBe(1);

      const g = await world.activate('Casa G');
      const release = gate.hold();
      const first = dialOutcome(relay.url, g.deviceCredential);
      await vi.waitFor(() => expect(gate.verifyCalls).toBe(2));
      // The one check allowed is in flight: the next dial waits its turn, the one after that
      // (the line is full) is told to come back, unasked.
      const second = dialOutcome(relay.url, g.deviceCredential);
      await vi.waitFor(async () =>
        expect(await (await fetch(`${relay.url}/readyz`)).json()).toMatchObject({ dialsWaiting: 1 }),
      );
      expect(await dialOutcome(relay.url, g.deviceCredential)).toEqual({ status: 503, retryAfter: '1' });
      expect(gate.verifyCalls).toBe(2);
      release();
      expect(await first).toEqual({ status: 101, retryAfter: null });
      expect(await second).toEqual({ status: 101, retryAfter: null });
      expect(gate.verifyCalls).toBe(3);
    } finally {
      await relay.stop();
      await gate.close();
    }
  });

  it('closes an address to dials for the rest of the window after its refused guesses, without asking the cloud, and no other address', async () => {
    const gate = await startCloudGate(world.cloud.url);
    const logFrom = world.relayLog.length;
    // The test stands for the TLS terminator: on loopback, trusted to name the client.
    const relay = await world.startRelay(0, {
      CLOUD_URL: gate.url,
      RELAY_TRUSTED_PROXIES: 'loopback',
      RELAY_DIAL_REFUSALS_MAX: '2',
      RELAY_DIAL_REFUSALS_WINDOW_MS: '60000',
      RELAY_VERIFY_CONCURRENCY: '1',
    });
    const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });
    const guess = `dc_${'B'.repeat(43)}`;
    const statuses = async (dials: Promise<{ status: number }>[]) =>
      (await Promise.all(dials)).map(({ status }) => status).sort();
    try {
      const h = await world.activate('Casa H');
      expect(await dialOutcome(relay.url, 'dc_forged', from('203.0.113.7'))).toEqual({
        status: 401,
        retryAfter: null,
      });
      expect(await dialOutcome(relay.url, guess, from('203.0.113.7'))).toEqual({
        status: 401,
        retryAfter: null,
      });
      expect(gate.verifyCalls).toBe(1);
      // Closed: a guess, and a good credential from behind that address too, wait out the window
      // unasked; so does the address written last by the trusted proxy, whatever the client
      // wrote before it.
      const closed = await dialOutcome(relay.url, guess, from('203.0.113.7'));
      expect(closed.status).toBe(429);
      expect(Number(closed.retryAfter)).toBeGreaterThan(50);
      expect(Number(closed.retryAfter)).toBeLessThanOrEqual(60);
      expect((await dialOutcome(relay.url, h.deviceCredential, from('203.0.113.7'))).status).toBe(429);
      expect((await dialOutcome(relay.url, guess, from('198.51.100.1, 203.0.113.7'))).status).toBe(429);
      expect(gate.verifyCalls).toBe(1);
      // A client claiming that address gets its own count.
      expect((await dialOutcome(relay.url, guess, from('203.0.113.7, 198.51.100.2'))).status).toBe(401);
      // Dials that open are not counted: a shop's terminals behind one address.
      for (let dial = 0; dial < 3; dial++)
        expect((await dialOutcome(relay.url, h.deviceCredential, from('198.51.100.9'))).status).toBe(101);
      expect((await dialOutcome(relay.url, 'dc_forged', from('198.51.100.9'))).status).toBe(401);
      // IPv6 per /64.
      for (const address of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b'])
        expect((await dialOutcome(relay.url, 'dc_forged', from(address))).status).toBe(401);
      expect((await dialOutcome(relay.url, 'dc_forged', from('2001:db8:1:2::c'))).status).toBe(429);
      expect((await dialOutcome(relay.url, 'dc_forged', from('2001:db8:1:3::a'))).status).toBe(401);

      // Guesses sent together wait in line for the one check at a time; once two were refused,
      // the rest of the line is turned away before it reaches the cloud.
      const release = gate.hold();
      const calls = gate.verifyCalls;
      const burst = Array.from({ length: 10 }, () => dialOutcome(relay.url, guess, from('192.0.2.44')));
      await vi.waitFor(() => expect(gate.verifyCalls).toBe(calls + 1));
      release();
      expect(await statuses(burst)).toEqual([401, 401, ...Array<number>(8).fill(429)]);
      expect(gate.verifyCalls).toBe(calls + 2);
    } finally {
      await relay.stop();
      await gate.close();
    }
    // Why, in the log (written in batches, the last one as the relay stops).
    expect(world.relayLog.slice(logFrom).join('\n')).toContain('"client":"203.0.113.7"');
  });

  it('counts no refused dials per address on plain HTTP without trusted proxies, where every dial may share a terminator’s address', async () => {
    const logFrom = world.relayLog.length;
    const plain = await world.startRelay(0, { RELAY_DIAL_REFUSALS_MAX: '1' });
    try {
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await dialOutcome(plain.url, 'dc_forged', { 'x-forwarded-for': '203.0.113.8' })).status).toBe(
          401,
        );
    } finally {
      await plain.stop();
    }
    // Said by this relay at its start (its log is written in batches, the last one as it stops).
    expect(
      world.relayLog
        .slice(logFrom)
        .filter((line) =>
          line.includes('refused dials and wrong API keys are not counted per client address'),
        ),
    ).toHaveLength(1);
  });

  it('drops a revoked terminal within seconds and does not let it back in', async () => {
    const c = await world.activate('Casa C');
    await world.startTerminal(c, { fiscalization: 'not_fiscal' });
    await admin(world.cloud, 'POST', `/merchants/${world.merchantId}/terminals/${c.terminalId}/deactivate`);
    const started = Date.now();
    let status = 200;
    while (status !== 503 && Date.now() - started < 5_000) {
      status = (await send(viaRelay(c.publicId, '/api/health'))).status;
      if (status !== 503) await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    // It keeps dialling and keeps being refused.
    await new Promise((done) => setTimeout(done, 1_000));
    expect((await send(viaRelay(c.publicId, '/api/health'))).status).toBe(503);
  });

  it('limits requests in flight per terminal (429 with Retry-After) and answers 502, not a hang, when the link drops mid-request', async () => {
    const d = await world.activate('Casa D');
    const terminalD = await world.startTerminal(d, {
      fiscalization: 'not_fiscal',
      readWorker: STALLING,
      config: { historyQueryTimeoutMs: 30_000 },
    });
    const stalled = [1, 2, 3, 4].map(() => send(viaRelay(d.publicId, '/api/sales')));
    // Time for the four to reach the relay (RELAY_MAX_CONCURRENT is 4), on a busy machine too.
    await new Promise((done) => setTimeout(done, 1_000));
    const refused = await send(viaRelay(d.publicId, '/api/sales'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RELAY_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const dropped = Date.now();
    // No grace: the link goes with the four in flight.
    await terminalD.runtime.relayLink.close(0);
    const answers = await Promise.all(stalled);
    expect(Date.now() - dropped).toBeLessThan(2_000);
    for (const answer of answers) {
      expect(answer.status).toBe(502);
      expect(answer.body.error.code).toBe('TERMINAL_CONNECTION_LOST');
    }
  });

  it('lets a request in flight finish when the terminal stops, and answers 503 for new ones meanwhile', async () => {
    const g = await world.activate('Casa G');
    const terminalG = await world.startTerminal(g);
    // A sale whose body is still on its way: in the terminal's API when the stop begins.
    const body = JSON.stringify(cashSale(21));
    const url = new URL(viaRelay(g.publicId, '/api/sales'));
    const { req, answer } = postByHand(
      url,
      { 'idempotency-key': 'graceful-stop-1' },
      Buffer.byteLength(body),
    );
    req.write(body.slice(0, 10));
    // Time for the head to reach the terminal, on a busy machine too.
    await new Promise((done) => setTimeout(done, 1_000));
    const closing = terminalG.runtime.relayLink.close();
    // The terminal's GOAWAY reaches the relay: new requests get 503 (nothing sent), never 502.
    const seen = new Set<number>();
    await vi.waitFor(async () => {
      const status = (await send(viaRelay(g.publicId, '/api/health'))).status;
      seen.add(status);
      expect(status).toBe(503);
    });
    expect([...seen].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    req.end(body.slice(10));
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    await closing;
    expect(terminalG.runtime.relayLink.connected).toBe(false);
  });

  it('answers 504 TERMINAL_TIMEOUT when the terminal does not begin its answer in time', async () => {
    const e = await world.activate('Casa E');
    await world.startTerminal(e, {
      fiscalization: 'not_fiscal',
      readWorker: STALLING,
      config: { historyQueryTimeoutMs: 30_000 },
    });
    const answer = await send(viaRelay(e.publicId, '/api/sales'));
    expect(answer.status).toBe(504);
    expect(answer.body.error.code).toBe('TERMINAL_TIMEOUT');
  });

  it('gets the terminal back by itself after a relay restart', async () => {
    const port = world.relay.port;
    await world.relay.stop();
    world.relay = await world.startRelay(port);
    await world.untilRouted(a.publicId, 10_000);
    const health = await send(viaRelay(a.publicId, '/api/health'));
    expect(health.status).toBe(200);
  });
});
