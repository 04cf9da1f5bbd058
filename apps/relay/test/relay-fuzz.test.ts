// What faces the network, fuzzed over real sockets: arbitrary paths, queries and headers through
// {relay_url} get exactly the terminal's own answer (never decoded, normalised or dropped on the
// way), arbitrary addresses get the relay's own refusals, and bytes that are no HTTP at all get
// a 400 at most. The relay and the link survive all of it.
import { connect } from 'node:net';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

interface Answer {
  status: number;
  /** The body without what differs per call: the envelope's timestamp. */
  body: unknown;
  contentType: string | undefined;
}

/** One request with the path sent as given: node:http neither resolves `..` nor re-encodes. */
function raw(base: string, path: string, headers: OutgoingHttpHeaders = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          const { timestamp: _timestamp, ...rest } = parsed;
          body = rest;
        } catch {
          // not JSON: compared as text
        }
        done({ status: res.statusCode ?? 0, body, contentType: res.headers['content-type'] });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Path segments a client may send: anything printable, percent-escapes valid or not, dots. */
const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'health',
    'sales',
    'catalog',
    'products',
    '..',
    '.',
    '',
    '%2e%2e',
    '%2F',
    '%zz',
    '%',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{0,12}$/),
);
const path = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 5 }),
    fc.option(fc.stringMatching(/^[A-Za-z0-9=&%._~-]{0,20}$/), { nil: undefined }),
  )
  .map(([segments, query]) => `/${segments.join('/')}${query === undefined ? '' : `?${query}`}`);

/** Header names are HTTP tokens; values are visible ASCII and spaces. Hop-by-hop ones included. */
const headerName = fc.oneof(
  fc.constantFrom(
    'connection',
    'keep-alive',
    'te',
    'upgrade',
    'proxy-authorization',
    'x-forwarded-for',
    'accept',
    'x-request-id',
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
);
const headerValue = fc.stringMatching(/^[!-~][ -~]{0,40}$/);

describe('the relay under fuzzed requests', () => {
  const world = new RelayWorld();
  let a: ActivatedTerminal;
  let terminalUrl: string;

  beforeAll(async () => {
    await world.start();
    a = await world.activate('Casa Fuzz');
    terminalUrl = (await world.startTerminal(a)).url;
  });
  afterAll(() => world.stop());

  it('passes any path and query to the terminal and its answer back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(path, async (p) => {
        const headers = { 'x-api-key': API_KEY };
        const direct = await raw(terminalUrl, p, headers);
        const relayed = await raw(world.relay.url, `/api/relay/${a.publicId}${p}`, headers);
        expect(relayed, `${p}\n${JSON.stringify(direct)}\n${JSON.stringify(relayed)}`).toEqual(direct);
      }),
      { numRuns: 60 },
    );
  });

  it('passes any end-to-end header and drops only the hop-by-hop ones, with the same answer as direct', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(headerName, headerValue, { maxKeys: 6 }), async (extra) => {
        // `connection` may name other headers as hop-by-hop: give both calls the same set.
        const headers = { ...extra, 'x-api-key': API_KEY };
        const direct = await raw(terminalUrl, '/api/sales?limit=1', headers);
        const relayed = await raw(world.relay.url, `/api/relay/${a.publicId}/api/sales?limit=1`, headers);
        expect(relayed.status, JSON.stringify(extra)).toBe(direct.status);
        expect(relayed.body, JSON.stringify(extra)).toEqual(direct.body);
      }),
      { numRuns: 40 },
    );
  });

  it('answers any other address with its own refusal in the envelope, never a 5xx of its own making', async () => {
    await fc.assert(
      fc.asyncProperty(path, fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/), async (p, publicId) => {
        const elsewhere = await raw(world.relay.url, p);
        expect([404, 400], p).toContain(elsewhere.status);
        const unknown = await raw(world.relay.url, `/api/relay/${publicId}${p}`);
        if (publicId === a.publicId) return;
        expect(unknown.status, publicId).toBe(503);
        expect(unknown.body).toMatchObject({ success: false, error: { code: 'TERMINAL_NOT_CONNECTED' } });
      }),
      { numRuns: 40 },
    );
  });

  it('survives bytes that are no HTTP at all, and keeps serving the terminal', async () => {
    const { hostname, port } = new URL(world.relay.url);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
        const reply = await new Promise<string>((done) => {
          const socket = connect(Number(port), hostname, () => socket.end(Buffer.from(bytes)));
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
          socket.on('close', () => done(text));
          socket.on('error', () => done(text));
          socket.setTimeout(5_000, () => socket.destroy());
        });
        // Nothing, or Node's refusal of an unparsable request; never a 5xx.
        expect(reply === '' || /^HTTP\/1\.1 4\d\d /.test(reply), reply.slice(0, 60)).toBe(true);
      }),
      { numRuns: 40 },
    );
    const health = await raw(world.relay.url, `/api/relay/${a.publicId}/api/health`);
    expect(health.status).toBe(200);
  });
});
