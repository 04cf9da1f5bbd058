// The console's terminal test through a real relay process: the cloud calls the terminal's
// GET /api/health at its {relay_url} as any client would. Before the terminal dials in the
// relay answers that it holds no link (not_connected); once it is linked, the terminal's own
// health comes back. Without RELAY_PUBLIC_URL the cloud says it cannot test.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RelayWorld } from '../../relay/test/relay-world.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole } from './console-harness.js';
import { startTestCloud } from './harness.js';

const world = new RelayWorld();
/** The console's cloud: the world's database, told where the relay is. */
let consoleCloud: Cloud;
let bare: Cloud;

beforeAll(async () => {
  await world.start();
  consoleCloud = await startTestCloud(world.database, { relayPublicUrl: world.relay.url });
  bare = await startTestCloud(world.database);
});
afterAll(async () => {
  await consoleCloud?.close();
  await bare?.close();
  await world.stop();
});

it('tests a terminal through the relay: not connected, then its own health', async () => {
  const activation = await world.activate('Casa T');
  const user = await seedConsoleUser(world.database, { merchantId: world.merchantId, role: 'manager' });
  const manager = await signInConsole(consoleCloud, user);
  const test = async () => {
    const res = await manager.call('POST', `/terminals/${activation.terminalId}/test`);
    expect(res.status, res.text).toBe(200);
    return res.json();
  };

  expect(await test()).toMatchObject({
    outcome: 'not_connected',
    httpStatus: 503,
    detail: 'TERMINAL_NOT_CONNECTED',
    terminal: null,
    relayAddress: `${world.relay.url}/api/relay/${activation.publicId}`,
  });

  const terminal = await world.startTerminal(activation, { fiscalization: 'not_fiscal' });
  const health = (await terminal.call<{ data: { version: string } }>('GET', '/api/health')).body.data;
  const linked = await test();
  expect(linked).toMatchObject({
    outcome: 'ok',
    httpStatus: 200,
    detail: null,
    terminal: { version: health.version, status: 'ready', fiscalStatus: 'not_fiscal' },
  });
  expect(linked.latencyMs).toBeGreaterThanOrEqual(0);

  const withoutRelay = await signInConsole(bare, user);
  const refused = (await withoutRelay.call('POST', `/terminals/${activation.terminalId}/test`)).json();
  expect(refused).toMatchObject({ outcome: 'relay_not_configured', relayAddress: null, httpStatus: null });
});
