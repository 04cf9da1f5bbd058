// The relay serving HTTPS itself (TLS_CERT, TLS_KEY): the terminal dials wss:// and a client
// reaches it over https://, TLS ending at the relay on both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../cloud/test/https-receiver.js';
import { API_KEY, cashSale } from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld } from './relay-world.js';

describe('the relay over HTTPS', () => {
  const world = new RelayWorld(selfSignedCertificate());

  beforeAll(() => world.start());
  afterAll(() => world.stop());

  it('serves a terminal that dialled wss:// to a client on https://', async () => {
    expect(world.relay.url).toMatch(/^https:\/\//);
    const terminal = await world.activate('Casa TLS');
    await world.startTerminal(terminal);
    const sale = await world.fetch(`${world.relay.url}/api/relay/${terminal.publicId}/api/sales`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'idempotency-key': 'tls-1' },
      body: JSON.stringify(cashSale(10)),
    });
    expect(sale.status, await sale.clone().text()).toBe(200);
    expect(((await sale.json()) as { success: boolean }).success).toBe(true);
  });
});
