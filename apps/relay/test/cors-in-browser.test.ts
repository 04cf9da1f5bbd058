// CORS as a browser POS front end meets it: a page served from another origin, in Debian's
// Chromium, calls the terminal on the LAN, the terminal through the relay, and the cloud's
// integration API. The listed origin may (and reads the headers it needs); another origin may
// not; the relay answers preflights itself and its own refusals are readable; the admin API is
// never open to a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant } from '../../cloud/test/harness.js';
import { API_KEY, cashSale, type TerminalHandle } from '../../terminal/test/support/terminal-harness.js';
import { launchBrowser, noBrowser } from '../../../test-support/browser.js';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

interface Served {
  server: Server;
  origin: string;
}

/** An empty page on its own origin: the browser's calls from it are cross-origin. */
async function pageServer(host: string): Promise<Served> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>POS</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://${host}:${(server.address() as AddressInfo).port}` };
}

interface Seen {
  ok: boolean;
  status?: number;
  body?: unknown;
  requestId?: string | null;
  error?: string;
}

/** fetch from inside the page, as the front end's own script would. */
function callFrom(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return page.evaluate(
    async ([u, i]): Promise<Seen> => {
      try {
        const answer = await fetch(u, i);
        return {
          ok: true,
          status: answer.status,
          body: await answer.json(),
          requestId: answer.headers.get('x-request-id'),
        };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    [url, init] as const,
  );
}

let allowed: Served;
let other: Served;
let world: RelayWorld;
let browser: Browser;
let terminal: TerminalHandle;
let activation: ActivatedTerminal;
let integrationKey: string;

beforeAll(async () => {
  [allowed, other] = await Promise.all([pageServer('localhost'), pageServer('127.0.0.1')]);
  world = new RelayWorld(null, {
    relayEnv: { RELAY_CORS_ORIGINS: allowed.origin },
    cloud: { corsOrigins: [allowed.origin] },
  });
  await world.start();
  activation = await world.activate('Casa CORS');
  terminal = await world.startTerminal(activation, { config: { corsOrigins: [allowed.origin] } });
  integrationKey = (await seedMerchant(world.database)).key.key;
  if (noBrowser === null) browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await world?.stop();
  for (const served of [allowed, other]) served?.server.close();
});

const sale = (total: number) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-api-key': API_KEY,
    'idempotency-key': crypto.randomUUID(),
  },
  body: JSON.stringify(cashSale(total)),
});

describe.skipIf(noBrowser !== null)('CORS in Chromium', () => {
  it('a listed origin sells on the terminal directly and through the relay, and reads X-Request-Id', async () => {
    const page = await browser.newPage();
    await page.goto(allowed.origin);
    const direct = await callFrom(page, `${terminal.url}/api/sales`, sale(3.5));
    expect(direct).toMatchObject({ ok: true, status: 200, body: { success: true } });
    expect(direct.requestId).toMatch(/.+/);
    const relayed = await callFrom(
      page,
      `${world.relay.url}/api/relay/${activation.publicId}/api/sales`,
      sale(4.5),
    );
    expect(relayed).toMatchObject({ ok: true, status: 200, body: { success: true } });
    expect(relayed.requestId).toMatch(/.+/);
    // The relay's own refusal is readable too: the page learns the terminal is not connected.
    const absent = await callFrom(page, `${world.relay.url}/api/relay/nobody/api/health`);
    expect(absent).toMatchObject({
      ok: true,
      status: 503,
      body: { error: { code: 'TERMINAL_NOT_CONNECTED' } },
    });
    await page.close();
  });

  it('a listed origin calls the integration API, but never the admin API', async () => {
    const page = await browser.newPage();
    await page.goto(allowed.origin);
    const ping = await callFrom(page, `${world.cloud.url}/api/public/v1/ping`, {
      headers: { 'x-service-api-key': integrationKey },
    });
    expect(ping).toMatchObject({ ok: true, status: 200 });
    const adminCall = await callFrom(page, `${world.cloud.url}/api/admin/v1/merchants`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(adminCall.ok).toBe(false);
    await page.close();
  });

  it('another origin is refused by the browser everywhere, and no sale is made', async () => {
    const before = (await terminal.call<{ data: { total: number } }>('GET', '/api/sales?limit=1')).body.data
      .total;
    const page = await browser.newPage();
    await page.goto(other.origin);
    for (const url of [
      `${terminal.url}/api/sales`,
      `${world.relay.url}/api/relay/${activation.publicId}/api/sales`,
    ]) {
      expect((await callFrom(page, url, sale(9.99))).ok, url).toBe(false);
    }
    expect(
      (
        await callFrom(page, `${world.cloud.url}/api/public/v1/ping`, {
          headers: { 'x-service-api-key': integrationKey },
        })
      ).ok,
    ).toBe(false);
    expect(
      (await terminal.call<{ data: { total: number } }>('GET', '/api/sales?limit=1')).body.data.total,
    ).toBe(before);
    await page.close();
  });
});

describe('preflights', () => {
  const preflight = (url: string, origin: string, extra: Record<string, string> = {}) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,content-type',
        ...extra,
      },
    });

  it('are answered before any key is asked, with Private Network Access for the listed origin', async () => {
    for (const url of [
      `${terminal.url}/api/sales`,
      `${world.relay.url}/api/relay/${activation.publicId}/api/sales`,
    ]) {
      const answer = await preflight(url, allowed.origin, {
        'access-control-request-private-network': 'true',
      });
      expect(answer.status, url).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(allowed.origin);
      expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
      expect(answer.headers.get('access-control-allow-private-network')).toBe('true');
      const refused = await preflight(url, other.origin, {
        'access-control-request-private-network': 'true',
      });
      expect(refused.headers.get('access-control-allow-origin'), url).toBeNull();
      expect(refused.headers.get('access-control-allow-private-network')).toBeNull();
    }
  });
});
