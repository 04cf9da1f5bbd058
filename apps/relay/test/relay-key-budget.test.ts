// The key holder's budget per publicId (RELAY_RATE_LIMIT_MAX) is spent only by requests whose
// X-API-Key the terminal judges. Its keyless routes (the health checks, the OpenAPI document, the
// API reference, a CORS preflight) ignore the header, so a stranger who knows only the publicId
// and sends any X-API-Key there must not spend it: the terminal answers 200, nothing is forgiven.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAsksApiKey } from '../src/key-budget.js';
import { API_KEY } from '../../terminal/test/support/terminal-harness.js';
import { TERMINAL_ENDPOINTS } from '../../terminal/src/terminal-routes.js';
import { RelayWorld } from './relay-world.js';

describe("the key holder's budget through the relay", () => {
  const world = new RelayWorld(null, { relayEnv: { RELAY_RATE_LIMIT_MAX: '3' } });

  beforeAll(() => world.start());
  afterAll(() => world.stop());

  it('is not spent by any X-API-Key sent to a keyless route', async () => {
    const terminal = await world.activate('Casa bugetului');
    await world.startTerminal(terminal);
    const base = `${world.relay.url}/api/relay/${terminal.publicId}`;
    // Whatever their own budget says of them (the start's health checks spent some of it):
    // none is judged for its key.
    for (const path of ['/api/health', '/api/openapi.json', '/api/catalog/health']) {
      const open = await world.fetch(`${base}${path}`, { headers: { 'x-api-key': 'not-the-key' } });
      expect([200, 429]).toContain(open.status);
    }
    const jobs = await world.fetch(`${base}/api/printer/jobs`, { headers: { 'x-api-key': API_KEY } });
    expect(jobs.status).toBe(200);
  });

  it("is the terminal's rule for every route it registers", () => {
    for (const route of TERMINAL_ENDPOINTS)
      expect(requestAsksApiKey(route.method, route.path, {}), `${route.method} ${route.path}`).toBe(
        route.authenticated !== false,
      );
    expect(requestAsksApiKey('GET', '/docs/', {})).toBe(false);
    expect(
      requestAsksApiKey('OPTIONS', '/api/sales', {
        origin: 'https://a.example',
        'access-control-request-method': 'POST',
      }),
    ).toBe(false);
  });
});
