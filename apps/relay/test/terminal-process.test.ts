// The relay with real terminal processes (src/main.ts, activated by ACTIVATION_CODE, dialling
// RELAY_URL): a terminal killed (SIGKILL) with a sale in flight gives the client 502
// TERMINAL_CONNECTION_LOST rather than a hang; two processes holding one device credential: the
// newest link serves and the replaced one stays away instead of taking it back; a relay that
// crashes and comes back gets the terminal back by itself.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { listRegistrations, setFaultMode } from '@fiscal-pos/mev-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, removeDir, tempDir } from '../../terminal/test/support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../../terminal/test/support/terminal-process.js';
import { RelayWorld } from './relay-world.js';

// A request fails only by the link's drop: the relay's own deadline is far beyond the test's.
const world = new RelayWorld(null, { relayEnv: { RELAY_REQUEST_TIMEOUT_MS: '600000' } });
const processes: TerminalProcess[] = [];
const dirs: string[] = [];

beforeAll(() => world.start());
afterAll(async () => {
  await setFaultMode(world.sim.adminUrl, world.sim.caCertPem, { mode: 'ok' }).catch(() => undefined);
  for (const terminal of processes) await terminal.stop();
  for (const dir of dirs) removeDir(dir);
  await world.stop();
});

async function startProcess(dataDir: string, activationCode?: string): Promise<TerminalProcess> {
  const terminal = await startTerminalProcess({
    dataDir,
    sim: world.sim,
    env: {
      CLOUD_URL: world.cloud.url,
      RELAY_URL: world.relay.url,
      ...(activationCode === undefined ? {} : { ACTIVATION_CODE: activationCode }),
      MEV_REQUEST_TIMEOUT_MS: '600000',
      RELAY_RECONNECT_BASE_MS: '100',
      RELAY_RECONNECT_MAX_MS: '400',
      RELAY_HEARTBEAT_MS: '1000',
      CATALOG_SYNC_INTERVAL_MS: '600000',
    },
  });
  processes.push(terminal);
  return terminal;
}

function newDir(name: string): string {
  const dir = tempDir(name);
  dirs.push(dir);
  return dir;
}

/** The key the cloud gave the terminal at activation (it replaces API_KEY). */
const storedKey = (dataDir: string) => readFileSync(join(dataDir, 'api-key'), 'utf8').trim();

const relayed = (publicId: string, path: string, key: string, init: RequestInit = {}) =>
  fetch(`${world.relay.url}/api/relay/${publicId}${path}`, {
    ...init,
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
  });

/** The listening port of the process that answered health through the relay; null: none did. */
async function servingPort(publicId: string, key: string): Promise<number | null> {
  const answer = (await (await relayed(publicId, '/api/health', key)).json()) as {
    data: { serverPort: number } | null;
  };
  return answer.data?.serverPort ?? null;
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`${what}: never`);
}

const linksOf = (publicId: string) =>
  world.relayLog.filter((line) => line.includes('"msg":"terminal connected"') && line.includes(publicId))
    .length;

describe('the relay with terminal processes', () => {
  it('answers 502 TERMINAL_CONNECTION_LOST when the terminal is killed with a sale in flight', async () => {
    const { publicId, activationCode } = await world.createTerminal('Killed');
    const dataDir = newDir('relay-killed');
    const terminal = await startProcess(dataDir, activationCode);
    await world.untilRouted(publicId);
    const sim = world.sim;
    // The tax server registers the sale, then holds its answer: the sale is inside the terminal.
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'slow', delayMs: 60_000 });
    const registered = (await listRegistrations(sim.adminUrl, sim.caCertPem)).length;
    const sale = relayed(publicId, '/api/sales', storedKey(dataDir), {
      method: 'POST',
      body: JSON.stringify(cashSale(15)),
      headers: { 'idempotency-key': 'killed-in-flight' },
    });
    await until('the sale reached the tax server', async () => {
      return (await listRegistrations(sim.adminUrl, sim.caCertPem)).length > registered;
    });
    await terminal.kill('SIGKILL');
    const answer = await sale;
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({
      success: false,
      error: { code: 'TERMINAL_CONNECTION_LOST' },
    });
    // Gone now: the next request is refused at once, not sent.
    expect((await relayed(publicId, '/api/health', storedKey(dataDir))).status).toBe(503);
  });

  let twin: { publicId: string; key: string; newer: TerminalProcess };

  it('serves the newest of two processes holding one credential; the replaced one stays away', async () => {
    const { publicId, activationCode } = await world.createTerminal('Twins');
    const first = newDir('relay-twin-a');
    const older = await startProcess(first, activationCode);
    await world.untilRouted(publicId);
    const key = storedKey(first);
    expect(await servingPort(publicId, key)).toBe(older.port);
    // A second device with a copy of the first one's activation (its own till otherwise).
    const second = newDir('relay-twin-b');
    for (const file of ['platform.json', 'api-key']) copyFileSync(join(first, file), join(second, file));
    const newer = await startProcess(second);
    await until('the newer process serves', async () => (await servingPort(publicId, key)) === newer.port);
    // Both links are in the relay's log (written in batches) before they are counted.
    await until('both links logged', () => Promise.resolve(linksOf(publicId) >= 2));
    const links = linksOf(publicId);
    // Many of the older one's reconnect delays (at most 400 ms here): it does not dial again.
    await sleep(3_000);
    expect(linksOf(publicId)).toBe(links);
    expect(await servingPort(publicId, key)).toBe(newer.port);
    expect(older.logTail().join('\n')).toMatch(/another connection of this terminal replaced/);
    twin = { publicId, key, newer };
  });

  it('gets a terminal process back by itself after the relay crashed and came back', async () => {
    const port = world.relay.port;
    await world.relay.kill('SIGKILL');
    expect(
      (await fetch(`${world.relay.url}/api/relay/${twin.publicId}/api/health`).catch(() => null))?.status,
    ).toBe(undefined);
    world.relay = await world.startRelay(port);
    await world.untilRouted(twin.publicId);
    expect(await servingPort(twin.publicId, twin.key)).toBe(twin.newer.port);
  });
});
