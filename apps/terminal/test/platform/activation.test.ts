// Activation against a real cloud: a code exchanged once (the `activate` command, or CLOUD_URL
// plus ACTIVATION_CODE at start), what the terminal keeps and how (mode 0600, the key where the
// key lives), the cloud's key and merchant identity in use, the key rotated with a grace window,
// and a deactivated terminal that stops syncing but keeps serving. Wrong and used codes store
// nothing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { activationLink } from '@fiscal-pos/platform-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { activateFromEnvironment, activateTerminal } from '../../src/platform/activate-terminal.js';
import { runTerminalCommand } from '../../src/platform/terminal-commands.js';
import { portForLater } from '@fiscal-pos/sim-kit';
import { capture, PlatformWorld } from '../support/platform-world.js';
import { API_KEY, startTerminal, TestClock } from '../support/terminal-harness.js';

const world = new PlatformWorld();
beforeAll(() => world.start());
afterAll(() => world.stop());

const freshDir = () => world.freshDir();
const configOf = (dataDir: string) => loadTerminalConfig({ DATA_DIR: dataDir, CLOUD_URL: world.cloud.url });
const mode = (file: string) => statSync(file).mode & 0o777;

async function activatedTerminal(clock?: TestClock) {
  const { dataDir, terminalId, key } = await world.activated();
  const terminal = await world.serve(dataDir, clock);
  const as = (apiKey: string) => (method: string, path: string) =>
    terminal.call<Record<string, unknown>>(method, path, undefined, { 'X-API-Key': apiKey });
  return { terminal, terminalId, key, as };
}

describe('activation', () => {
  it('refuses a wrong code with a clear error and stores nothing', async () => {
    const dataDir = freshDir();
    const console = capture();
    expect(await runTerminalCommand(['activate', 'ABCD-EFGH'], configOf(dataDir), console.out)).toBe(1);
    expect(console.errors.join('\n')).toMatch(
      /activation code is not valid.*invalid_activation_code.*Nothing was stored/s,
    );
    expect(existsSync(join(dataDir, 'platform.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'api-key'))).toBe(false);
  });

  it('exchanges a code once: keeps the link (0600), the cloud key where the key lives; the code is then used', async () => {
    const { terminalId, activationCode } = await world.cloud.terminal(world.merchantId, 'Casa 2');
    const dataDir = freshDir();
    const console = capture();
    // Typed in lower case without the dash, as a person at the till might.
    const typed = activationCode.replace('-', '').toLowerCase();
    expect(await runTerminalCommand(['activate', typed], configOf(dataDir), console.out)).toBe(0);
    expect(console.lines.join('\n')).toContain(terminalId);
    expect(console.lines.join('\n')).not.toMatch(/tk_|dc_/);

    const platformFile = join(dataDir, 'platform.json');
    expect(mode(platformFile)).toBe(0o600);
    expect(mode(join(dataDir, 'api-key'))).toBe(0o600);
    const stored = JSON.parse(readFileSync(platformFile, 'utf8'));
    expect(stored).toMatchObject({
      cloudUrl: world.cloud.url,
      terminalId,
      terminalName: 'Casa 2',
      merchant: { id: world.merchantId, name: 'Magazin SRL', idno: '1003600012345' },
      deviceCredential: expect.stringMatching(/^dc_/),
    });
    // The key is in api-key only, not beside the credential.
    expect(JSON.stringify(stored)).not.toMatch(/tk_/);

    const shown = capture();
    expect(await runTerminalCommand(['show-key'], configOf(dataDir), shown.out)).toBe(0);
    expect(shown.lines).toEqual([readFileSync(join(dataDir, 'api-key'), 'utf8').trim()]);
    expect(shown.lines[0]).toMatch(/^tk_/);

    // The same code again, on another device: refused, nothing stored there.
    const other = freshDir();
    await expect(
      activateTerminal({ cloudUrl: world.cloud.url, code: activationCode, dataDir: other }),
    ).rejects.toThrow(/already used.*activation_code_used/);
    expect(existsSync(join(other, 'platform.json'))).toBe(false);
    expect(existsSync(join(other, 'api-key'))).toBe(false);
    // And an activated terminal does not activate twice.
    await expect(
      activateTerminal({ cloudUrl: world.cloud.url, code: activationCode, dataDir }),
    ).rejects.toThrow(/already activated/);
  });

  it('at start with CLOUD_URL and ACTIVATION_CODE: a refused code is logged and the terminal stays standalone', async () => {
    const dataDir = freshDir();
    const logged: string[] = [];
    const logger = { info: () => undefined, error: (o: object) => logged.push(JSON.stringify(o)) };
    await activateFromEnvironment(
      { cloudUrl: world.cloud.url, activationCode: 'ZZZZ-ZZZZ' },
      dataDir,
      logger,
    );
    expect(logged.join()).toMatch(/activation_failed.*invalid_activation_code/);
    expect(existsSync(join(dataDir, 'platform.json'))).toBe(false);

    const { activationCode } = await world.cloud.terminal(world.merchantId);
    await activateFromEnvironment({ cloudUrl: world.cloud.url, activationCode }, dataDir, logger);
    expect(existsSync(join(dataDir, 'platform.json'))).toBe(true);
  });

  it("activates from the console's QR code scanned at the prompt, with no CLOUD_URL: the link names its cloud", async () => {
    const { terminalId, activationCode } = await world.cloud.terminal(world.merchantId, 'Casa QR');
    const dataDir = freshDir();
    const console = capture();
    // A barcode scanner in keyboard mode types the QR code's text, then Enter.
    const scanned = Readable.from([`${activationLink(world.cloud.url, activationCode)}\n`]);
    const noCloud = loadTerminalConfig({ DATA_DIR: dataDir });
    expect(await runTerminalCommand(['activate'], noCloud, console.out, scanned)).toBe(0);
    expect(console.lines.join('\n')).toMatch(/Scan the activation QR code/);
    expect(JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8'))).toMatchObject({
      cloudUrl: world.cloud.url,
      terminalId,
    });
  });

  it('refuses a QR code for another cloud than CLOUD_URL, and a malformed link, storing nothing', async () => {
    const { activationCode } = await world.cloud.terminal(world.merchantId);
    const dataDir = freshDir();
    const elsewhere = activationLink('https://other-cloud.example', activationCode);
    const console = capture();
    expect(await runTerminalCommand(['activate', elsewhere], configOf(dataDir), console.out)).toBe(2);
    expect(console.errors.join('\n')).toMatch(/for the cloud at https:\/\/other-cloud\.example.*CLOUD_URL/);
    expect(
      await runTerminalCommand(['activate', 'fiscal-pos://activate?code=X'], configOf(dataDir), console.out),
    ).toBe(2);
    expect(console.errors.join('\n')).toMatch(/not a valid activation link/);
    expect(existsSync(join(dataDir, 'platform.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'api-key'))).toBe(false);
  });

  it("at start, ACTIVATION_CODE may be the QR code's link without CLOUD_URL", async () => {
    const { terminalId, activationCode } = await world.cloud.terminal(world.merchantId);
    const dataDir = freshDir();
    const logger = { info: () => undefined, error: (o: object) => expect.fail(JSON.stringify(o)) };
    await activateFromEnvironment(
      { cloudUrl: null, activationCode: activationLink(world.cloud.url, activationCode) },
      dataDir,
      logger,
    );
    expect(JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8'))).toMatchObject({ terminalId });
  });

  it('an activated terminal answers to the cloud key, shows the link in health and prints the merchant from the cloud', async () => {
    const { terminal, terminalId, key, as } = await activatedTerminal();
    expect((await as(API_KEY)('GET', '/api/sales')).status).toBe(401);
    expect((await as(key)('GET', '/api/sales')).status).toBe(200);
    await as(key)('POST', '/api/catalog/sync');

    const health = (
      await terminal.call<{ data: { platform: Record<string, unknown> } }>('GET', '/api/health')
    ).body.data.platform;
    expect(health).toMatchObject({
      activated: true,
      cloudUrl: world.cloud.url,
      terminalId,
      lastError: null,
      deactivated: false,
      // No RELAY_URL here: nothing to dial.
      relay: 'none',
    });
    expect(health.lastSyncAt).toEqual(expect.any(String));
    // The catalog, PIN verifiers included, is in the database: the owner's only, like platform.json.
    expect(mode(join(terminal.dataDir, 'terminal.sqlite'))).toBe(0o600);
    expect(terminal.runtime.receiptHeader().merchant).toEqual({
      name: 'Magazin SRL',
      idno: '1003600012345',
      address: 'str. Ștefan cel Mare 1, Chișinău',
    });

    // The operator renames the merchant: the next sync brings it to the receipt header.
    await world.cloud.admin('PATCH', `/merchants/${world.merchantId}`, { name: 'Magazin Nou SRL' });
    await as(key)('POST', '/api/catalog/sync');
    expect(terminal.runtime.receiptHeader().merchant.name).toBe('Magazin Nou SRL');
    const file = JSON.parse(readFileSync(join(terminal.dataDir, 'platform.json'), 'utf8'));
    expect(file.merchant.name).toBe('Magazin Nou SRL');
    await world.cloud.admin('PATCH', `/merchants/${world.merchantId}`, { name: 'Magazin SRL' });
  });

  it('shows the relay link disconnected while the relay it dials refuses it', async () => {
    const { dataDir } = await world.activated();
    const defaults = loadTerminalConfig({});
    const terminal = world.keep(
      await startTerminal({
        dataDir,
        fiscalization: 'not_fiscal',
        config: {
          platform: {
            ...defaults.platform,
            relayUrl: `http://127.0.0.1:${await portForLater()}`,
            catalogSyncIntervalMs: 600_000,
          },
        },
      }),
    );
    const health = await terminal.call<{ data: { platform: { relay: string } } }>('GET', '/api/health');
    expect(health.body.data.platform.relay).toBe('disconnected');
  });

  it('a terminal never activated is standalone in health', async () => {
    const terminal = await startTerminal({ dataDir: freshDir(), fiscalization: 'not_fiscal' });
    world.keep(terminal);
    const health = (await terminal.call<{ data: { platform: unknown } }>('GET', '/api/health')).body.data;
    expect(health.platform).toEqual({
      activated: false,
      cloudUrl: null,
      lastSyncAt: null,
      lastError: null,
      catalogVersion: null,
      deactivated: false,
      deviceCredential: null,
      relay: 'none',
      // Not activated, the fiscal documents wait for the cloud (none issued here).
      documentsWaiting: 0,
      documentsRefused: 0,
      lastRefusal: null,
      lastPushAt: null,
      lastPushError: null,
    });
    expect((await terminal.call('POST', '/api/catalog/sync')).body).toEqual({
      error: { code: 'TERMINAL_NOT_ACTIVATED', message: expect.any(String) },
    });
  });
});

describe('API key rotation', () => {
  it('takes the new key at the next sync, accepts the old one until the grace window ends, and acknowledges', async () => {
    const clock = new TestClock();
    const { terminal, terminalId, key: oldKey, as } = await activatedTerminal(clock);
    await as(oldKey)('POST', '/api/catalog/sync');
    await world.cloud.admin('POST', `/merchants/${world.merchantId}/terminals/${terminalId}/api-key/rotate`, {
      graceSeconds: 120,
    });
    const pending = await world.cloud.admin<{ data: { id: string; apiKeyRotationPending: boolean }[] }>(
      'GET',
      `/merchants/${world.merchantId}/terminals`,
    );
    expect(pending.data.find((t) => t.id === terminalId)?.apiKeyRotationPending).toBe(true);

    expect((await as(oldKey)('POST', '/api/catalog/sync')).status).toBe(200);
    const newKey = readFileSync(join(terminal.dataDir, 'api-key'), 'utf8').trim();
    expect(newKey).toMatch(/^tk_/);
    expect(newKey).not.toBe(oldKey);
    expect((await as(newKey)('GET', '/api/sales')).status).toBe(200);
    expect((await as(oldKey)('GET', '/api/sales')).status).toBe(200);
    // Acknowledged: the cloud no longer holds the new key for the terminal.
    const acknowledged = await world.cloud.admin<{ data: { id: string; apiKeyRotationPending: boolean }[] }>(
      'GET',
      `/merchants/${world.merchantId}/terminals`,
    );
    expect(acknowledged.data.find((t) => t.id === terminalId)?.apiKeyRotationPending).toBe(false);

    clock.advance(121_000);
    const refused = await as(oldKey)('GET', '/api/sales');
    expect(refused.status).toBe(401);
    expect((refused.body as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');
    expect((await as(newKey)('GET', '/api/sales')).status).toBe(200);
  });

  it('keeps the grace window across a restart', async () => {
    const clock = new TestClock();
    const { terminal, terminalId, key: oldKey, as } = await activatedTerminal(clock);
    await world.cloud.admin('POST', `/merchants/${world.merchantId}/terminals/${terminalId}/api-key/rotate`, {
      graceSeconds: 60,
    });
    await as(oldKey)('POST', '/api/catalog/sync');
    await terminal.stop();
    const restarted = await startTerminal({ dataDir: terminal.dataDir, fiscalization: 'not_fiscal', clock });
    world.keep(restarted);
    const call = (key: string) => restarted.call('GET', '/api/sales', undefined, { 'X-API-Key': key });
    expect((await call(oldKey)).status).toBe(200);
    clock.advance(61_000);
    expect((await call(oldKey)).status).toBe(401);
  });
});

describe('deactivation', () => {
  it('stops syncing and says so in health; the terminal keeps serving', async () => {
    const { terminal, terminalId, key, as } = await activatedTerminal();
    await as(key)('POST', '/api/catalog/sync');
    await world.cloud.admin(
      'POST',
      `/merchants/${world.merchantId}/terminals/${terminalId}/deactivate`,
      undefined,
      200,
    );
    const after = await as(key)('POST', '/api/catalog/sync');
    expect(after.status).toBe(200);
    // Deactivation revokes the credential too: the cloud answers 401 invalid_device_credential.
    expect(after.body).toMatchObject({ state: 'deactivated', lastError: expect.stringMatching(/401|403/) });
    const health = (
      await terminal.call<{ data: { platform: { lastError: string; deactivated: boolean } } }>(
        'GET',
        '/api/health',
      )
    ).body.data;
    expect(health.platform.lastError).toMatch(/invalid_device_credential|terminal_deactivated/);
    expect(health.platform.deactivated).toBe(true);
    // Syncing stopped: another demand makes no request and changes nothing.
    expect((await as(key)('POST', '/api/catalog/sync')).body).toEqual(after.body);
    expect((await as(key)('GET', '/api/catalog/products')).status).toBe(200);
    expect((await as(key)('GET', '/api/sales')).status).toBe(200);
  });
});
