/**
 * Activation by the environment, through the real terminal process (src/main.ts) against a real
 * cloud: CLOUD_URL and ACTIVATION_CODE at first start activate it, the cloud's key replaces
 * API_KEY, neither the key nor the device credential reaches any log line, a rotated key is
 * picked up by the sync, the device credential rotated by `rotate-credential` in a second
 * process while the terminal runs, and a restart with the (now used) code keeps the activation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTerminalCommandProcess,
  startTerminalProcess,
  type TerminalProcess,
} from '../support/terminal-process.js';
import { API_KEY, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';

let sim: Simulator;
let cloud: TestCloud;
let terminal: TerminalProcess;
let merchantId: string;
let terminalId: string;
let env: Record<string, string>;
const dataDir = tempDir('platform-process');
const secrets: string[] = [];
/** The output of the processes stopped so far. */
const earlierOutput: string[] = [];

beforeAll(async () => {
  [sim, cloud] = await Promise.all([startSimulator(), startCloudForTerminals()]);
  merchantId = await cloud.merchant();
  const created = await cloud.terminal(merchantId);
  terminalId = created.terminalId;
  env = { CLOUD_URL: cloud.url, ACTIVATION_CODE: created.activationCode, CATALOG_SYNC_INTERVAL_MS: '600000' };
  terminal = await startTerminalProcess({ dataDir, sim, env });
});

afterAll(async () => {
  await terminal?.stop();
  await cloud?.close();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

const stored = () => ({
  key: readFileSync(join(dataDir, 'api-key'), 'utf8').trim(),
  credential: (
    JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8')) as { deviceCredential: string }
  ).deviceCredential,
});
const call = (key: string, method: string, path: string) =>
  fetch(`${terminal.url}${path}`, { method, headers: { 'X-API-Key': key } });

describe('a terminal process activated by its environment', () => {
  it('takes the cloud’s key in place of API_KEY and logs no secret', async () => {
    const { key, credential } = stored();
    secrets.push(key, credential);
    expect(key).toMatch(/^tk_/);
    expect((await call(API_KEY, 'GET', '/api/sales')).status).toBe(401);
    expect((await call(key, 'GET', '/api/sales')).status).toBe(200);
    const health = (await (await fetch(`${terminal.url}/api/health`)).json()) as {
      data: { platform: unknown };
    };
    expect(health.data.platform).toMatchObject({ activated: true, terminalId, cloudUrl: cloud.url });
    expect(terminal.logTail().join('\n')).toMatch(/"event":"activated"/);
  });

  it('picks up a rotated key at the sync, still without logging it', async () => {
    const { key: oldKey } = stored();
    await cloud.admin('POST', `/merchants/${merchantId}/terminals/${terminalId}/api-key/rotate`, {
      graceSeconds: 3600,
    });
    expect((await call(oldKey, 'POST', '/api/catalog/sync')).status).toBe(200);
    const { key: newKey } = stored();
    secrets.push(newKey);
    expect(newKey).not.toBe(oldKey);
    expect((await call(newKey, 'GET', '/api/sales')).status).toBe(200);
    expect((await call(oldKey, 'GET', '/api/sales')).status).toBe(200);
    expect(terminal.logTail().join('\n')).toMatch(/"event":"api_key_rotated"/);
  });

  it('takes up a credential that `rotate-credential`, run beside it, rotated', async () => {
    const { key, credential: oldCredential } = stored();
    const command = await startTerminalCommandProcess(['rotate-credential'], { DATA_DIR: dataDir }).exited;
    expect(command, command.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/Rotated/) });
    const { credential } = stored();
    secrets.push(credential);
    expect(credential).not.toBe(oldCredential);
    expect(`${command.stdout}${command.stderr}`).not.toContain(credential);
    const asDevice = (c: string) =>
      fetch(`${cloud.url}/api/device/v1/terminal`, { headers: { authorization: `Bearer ${c}` } });
    expect((await asDevice(oldCredential)).status).toBe(401);

    // The running terminal started with the old credential; it syncs with the new one.
    const sync = await call(key, 'POST', '/api/catalog/sync');
    expect(await sync.json()).toMatchObject({ state: 'synced', lastError: null });
  });

  it('keeps its activation across a restart with the used code still in the environment', async () => {
    await terminal.stop();
    earlierOutput.push(...terminal.logTail());
    terminal = await startTerminalProcess({ dataDir, sim, env });
    const { key } = stored();
    expect((await call(key, 'GET', '/api/sales')).status).toBe(200);
    expect(terminal.logTail().join('\n')).toMatch(/"event":"activation_skipped"/);
  });

  it('never wrote a key or the credential to its output', () => {
    const output = [...earlierOutput, ...terminal.logTail()].join('\n');
    expect(output).toMatch(/"event":"ready"/);
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
