// The relay link across a device credential rotation, with the relay as a real process: the
// terminal dials with the credential of its platform.json; `rotate-credential` retires it, the
// relay drops that link (revoked), and the terminal dials again with the new credential, so its
// API stays reachable through the relay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../../cloud/test/harness.js';
import { RelayWorld } from '../../../relay/test/relay-world.js';
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { runTerminalCommand } from '../../src/platform/terminal-commands.js';
import { startTerminal, tempDir } from '../support/terminal-harness.js';

const world = new RelayWorld();

beforeAll(() => world.start());
afterAll(() => world.stop());

it('dials again with the rotated credential once the relay dropped the old one', async () => {
  const created = await admin(world.cloud, 'POST', `/merchants/${world.merchantId}/terminals`, {
    body: { name: 'Casa R' },
  });
  const { terminal: createdTerminal, activationCode } = created.json() as {
    terminal: { publicId: string };
    activationCode: string;
  };
  const dataDir = tempDir('relay-rotation');
  await activateTerminal({ cloudUrl: world.cloud.url, code: activationCode, dataDir });
  const defaults = loadTerminalConfig({});
  const terminal = await startTerminal({
    dataDir,
    sim: world.sim,
    card: 'none',
    fiscalization: 'not_fiscal',
    config: {
      platform: { ...defaults.platform, relayUrl: world.relay.url, catalogSyncIntervalMs: 600_000 },
      relayLink: { ...defaults.relayLink, reconnectBaseMs: 100, reconnectMaxMs: 400, heartbeatMs: 1000 },
    },
  });
  world.terminals.push(terminal);
  await world.untilRouted(createdTerminal.publicId);

  const lines: string[] = [];
  const out = { log: (t: string) => lines.push(t), error: (t: string) => lines.push(t) };
  expect(
    await runTerminalCommand(['rotate-credential'], loadTerminalConfig({ DATA_DIR: dataDir }), out),
  ).toBe(0);
  // The relay learns of the revocation from the cloud and drops the link dialled with the old one.
  while (!world.relayLog.some((line) => line.includes('revoked terminal dropped')))
    await new Promise((done) => setTimeout(done, 50));

  await world.untilRouted(createdTerminal.publicId);
  const health = await world.fetch(`${world.relay.url}/api/relay/${createdTerminal.publicId}/api/health`);
  expect(health.status).toBe(200);
  expect(terminal.runtime.relayLink.connected).toBe(true);
  // Health, through the relay itself, says the link is up.
  expect(((await health.json()) as { data: { platform: { relay: string } } }).data.platform.relay).toBe(
    'connected',
  );
});
