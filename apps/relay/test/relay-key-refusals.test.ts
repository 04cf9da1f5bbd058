// Wrong X-API-Key values through the relay: every client reaches the terminal over the same
// link, so the terminal cannot tell them apart; the relay counts the terminal's 401 answers per
// client address and closes that address (429, Retry-After) for the rest of a window, whatever
// key it sends next, while other addresses keep working. Loopback is counted like any address;
// here the relay trusts the test's X-Forwarded-For (RELAY_TRUSTED_PROXIES=loopback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld } from './relay-world.js';

describe('wrong X-API-Key values through the relay', () => {
  const world = new RelayWorld(null, {
    relayEnv: { RELAY_TRUSTED_PROXIES: 'loopback', RELAY_KEY_REFUSALS_MAX: '3' },
  });

  beforeAll(() => world.start());
  afterAll(() => world.stop());

  it('close the guessing address, not the others', async () => {
    const terminal = await world.activate('Casa chei');
    await world.startTerminal(terminal);
    const jobs = `${world.relay.url}/api/relay/${terminal.publicId}/api/printer/jobs`;
    const get = (client: string, key: string) =>
      world.fetch(jobs, { headers: { 'x-api-key': key, 'x-forwarded-for': client } });

    for (let i = 0; i < 3; i++) expect((await get('203.0.113.7', `guess-${i}`)).status).toBe(401);
    const closed = await get('203.0.113.7', 'guess-3');
    expect(closed.status).toBe(429);
    expect(Number(closed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await closed.json()) as { error: { code: string } }).error.code).toBe('RELAY_RATE_LIMITED');
    expect((await get('203.0.113.7', API_KEY)).status).toBe(429);
    expect((await get('198.51.100.9', API_KEY)).status).toBe(200);
  });
});
