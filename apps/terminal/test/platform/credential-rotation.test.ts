// Device credential rotation against a real cloud: by the `rotate-credential` command beside a
// running terminal, automatically by the sync once the credential is older than its maximum
// age (on an injected clock), the old credential refused once the new one was used, and the
// command dying (kill -9) or its store failing after the cloud answered, which leaves the
// terminal on its old credential until the next rotation revokes the successor nobody kept.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { runTerminalCommand } from '../../src/platform/terminal-commands.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { CloudProxy } from '../support/cloud-proxy.js';
import { capture, PlatformWorld } from '../support/platform-world.js';
import { startTerminalCommandProcess } from '../support/terminal-process.js';
import { TestClock } from '../support/terminal-harness.js';

const world = new PlatformWorld();
beforeAll(() => world.start());
afterAll(() => world.stop());

interface StoredLink {
  deviceCredential: string;
  deviceCredentialIssuedAt: string;
}
const stored = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8')) as StoredLink;

/** GET /terminal of the device API with `credential`: the status, and the refusal's code. */
async function deviceCall(credential: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${world.cloud.url}/api/device/v1/terminal`, {
    headers: { authorization: `Bearer ${credential}` },
  });
  const body = (await res.json()) as { code?: string };
  return res.ok ? { status: res.status } : { status: res.status, code: body.code ?? '' };
}

async function running(dataDir: string, key: string, clock?: TestClock) {
  const terminal = await world.serve(dataDir, clock);
  const sync = async () =>
    (
      await terminal.call<{ state: string; lastError: string | null }>(
        'POST',
        '/api/catalog/sync',
        undefined,
        {
          'X-API-Key': key,
        },
      )
    ).body;
  return { terminal, sync };
}

const rotateCommand = (dataDir: string, out = capture().out) =>
  runTerminalCommand(['rotate-credential'], loadTerminalConfig({ DATA_DIR: dataDir }), out);

describe('rotate-credential', () => {
  it('stores a new credential (0600), retires the old one, and the running terminal goes on with the new one', async () => {
    const { dataDir, key } = await world.activated();
    const { sync } = await running(dataDir, key);
    expect(await sync()).toMatchObject({ state: 'synced' });
    const before = stored(dataDir);

    const console = capture();
    expect(await rotateCommand(dataDir, console.out)).toBe(0);
    expect(console.lines.join('\n')).toMatch(/Rotated/);
    expect([...console.lines, ...console.errors].join('\n')).not.toMatch(/dc_/);
    const after = stored(dataDir);
    expect(after.deviceCredential).toMatch(/^dc_/);
    expect(after.deviceCredential).not.toBe(before.deviceCredential);
    expect(statSync(join(dataDir, 'platform.json')).mode & 0o777).toBe(0o600);

    expect(await deviceCall(before.deviceCredential)).toEqual({
      status: 401,
      code: 'invalid_device_credential',
    });
    expect(await deviceCall(after.deviceCredential)).toEqual({ status: 200 });
    // The terminal started with the old credential in memory: it reads the new file instead.
    expect(await sync()).toMatchObject({ state: 'synced', lastError: null });
  });

  it('refuses a terminal that is not activated', async () => {
    const dataDir = world.freshDir();
    const console = capture();
    expect(await rotateCommand(dataDir, console.out)).toBe(1);
    expect(console.errors.join('\n')).toMatch(/not activated/);
  });
});

describe('automatic rotation', () => {
  it('rotates at the sync once the credential is older than DEVICE_CREDENTIAL_MAX_AGE_DAYS, not before', async () => {
    const { dataDir, key } = await world.activated();
    const clock = new TestClock();
    const { terminal, sync } = await running(dataDir, key, clock);
    const first = stored(dataDir);
    const credentialHealth = async () =>
      (await terminal.call<{ data: { platform: { deviceCredential: unknown } } }>('GET', '/api/health')).body
        .data.platform.deviceCredential;
    const dueAt = (issuedAt: string) => new Date(Date.parse(issuedAt) + 30 * 86_400_000).toISOString();

    clock.advance(29 * 86_400_000);
    expect(await sync()).toMatchObject({ state: 'synced' });
    expect(stored(dataDir).deviceCredential).toBe(first.deviceCredential);
    // The operator sees how old it is and when the sync will rotate it.
    expect(await credentialHealth()).toEqual({
      issuedAt: first.deviceCredentialIssuedAt,
      ageDays: 29,
      rotationDueAt: dueAt(first.deviceCredentialIssuedAt),
    });

    clock.advance(1 * 86_400_000);
    expect(await sync()).toMatchObject({ state: 'synced', lastError: null });
    const second = stored(dataDir);
    expect(second.deviceCredential).not.toBe(first.deviceCredential);
    expect(second.deviceCredentialIssuedAt).toBe(clock.now().toISOString());
    expect(await credentialHealth()).toEqual({
      issuedAt: second.deviceCredentialIssuedAt,
      ageDays: 0,
      rotationDueAt: dueAt(second.deviceCredentialIssuedAt),
    });
    // The same pass went on to the catalog with the new one: its first use retired the old.
    expect(await deviceCall(first.deviceCredential)).toEqual({
      status: 401,
      code: 'invalid_device_credential',
    });

    // The age counts from the new credential's issue.
    clock.advance(29 * 86_400_000);
    expect(await sync()).toMatchObject({ state: 'synced' });
    expect(stored(dataDir).deviceCredential).toBe(second.deviceCredential);
  });
});

describe('a rotation whose answer never got stored', () => {
  it('leaves the terminal on its old credential when the store fails after the cloud answered; the next rotation recovers', async () => {
    const { dataDir, key } = await world.activated();
    const before = readFileSync(join(dataDir, 'platform.json'), 'utf8');
    const { deviceCredential: old } = stored(dataDir);
    // The atomic write's temporary file cannot be created: the cloud has issued a successor,
    // the terminal fails before keeping it, as if it had crashed there.
    const blocker = join(dataDir, `platform.json.${process.pid}.tmp`);
    mkdirSync(blocker);
    const console = capture();
    expect(await rotateCommand(dataDir, console.out)).toBe(1);
    expect(console.errors.join('\n')).toMatch(
      /could not be stored.*EISDIR.*current credential stays in use/s,
    );
    rmSync(blocker, { recursive: true });

    expect(readFileSync(join(dataDir, 'platform.json'), 'utf8')).toBe(before);
    expect(await deviceCall(old)).toEqual({ status: 200 });
    const { sync } = await running(dataDir, key);
    expect(await sync()).toMatchObject({ state: 'synced', lastError: null });

    expect(await rotateCommand(dataDir)).toBe(0);
    expect(stored(dataDir).deviceCredential).not.toBe(old);
    expect(await deviceCall(old)).toMatchObject({ status: 401 });
    expect(await sync()).toMatchObject({ state: 'synced', lastError: null });
  });

  it('kill -9 of the command after the cloud answered, before the store: the old credential goes on; the next rotation revokes the lost one', async () => {
    // Activated through a proxy, so that the rotation's answer can be held back from the command.
    const proxy = await CloudProxy.start(world.cloud.url);
    try {
      const dataDir = world.freshDir();
      const { activationCode } = await world.cloud.terminal(world.merchantId);
      await activateTerminal({ cloudUrl: proxy.url, code: activationCode, dataDir });
      const before = readFileSync(join(dataDir, 'platform.json'), 'utf8');
      const { deviceCredential: old } = stored(dataDir);

      proxy.withholdPath = '/api/device/v1/credential/rotate';
      const answered = proxy.nextWithheldAnswer();
      const command = startTerminalCommandProcess(['rotate-credential'], { DATA_DIR: dataDir });
      const { deviceCredential: lost } = JSON.parse(await answered) as { deviceCredential: string };
      command.kill('SIGKILL');
      expect((await command.exited).signal).toBe('SIGKILL');

      expect(readFileSync(join(dataDir, 'platform.json'), 'utf8')).toBe(before);
      expect(await deviceCall(old)).toEqual({ status: 200 });

      proxy.withholdPath = null;
      const again = await startTerminalCommandProcess(['rotate-credential'], { DATA_DIR: dataDir }).exited;
      expect(again, again.stderr).toMatchObject({ code: 0 });
      const { deviceCredential: current } = stored(dataDir);
      expect(current).not.toBe(old);
      expect(current).not.toBe(lost);
      expect(await deviceCall(lost)).toEqual({ status: 401, code: 'invalid_device_credential' });
      expect(await deviceCall(old)).toEqual({ status: 401, code: 'invalid_device_credential' });
      expect(await deviceCall(current)).toEqual({ status: 200 });
    } finally {
      await proxy.close();
    }
    // Two processes of the terminal's entry start with tsx: seconds each on a busy machine.
  }, 90_000);

  it('a successor whose answer was lost stays unused until the next rotation, which revokes it', async () => {
    const { dataDir } = await world.activated();
    const { deviceCredential: old } = stored(dataDir);
    // The answer reaches the test, not the terminal.
    const lost = await fetch(`${world.cloud.url}/api/device/v1/credential/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${old}` },
    });
    expect(lost.status).toBe(200);
    const { deviceCredential: successor } = (await lost.json()) as { deviceCredential: string };

    // The old one keeps working, and using it does not revoke the successor...
    expect(await deviceCall(old)).toEqual({ status: 200 });
    expect(await deviceCall(old)).toEqual({ status: 200 });
    // ...the terminal's next rotation does.
    expect(await rotateCommand(dataDir)).toBe(0);
    expect(await deviceCall(successor)).toEqual({ status: 401, code: 'invalid_device_credential' });
    expect(await deviceCall(stored(dataDir).deviceCredential)).toEqual({ status: 200 });
  });
});
