// Two rotations of one terminal's device credential at the same instant, each in its own
// process (the `rotate-credential` command twice, as the command and the sync's rotation by age
// would be): one waits for the other's lock, then rotates from the credential the other stored,
// so platform.json always ends holding a credential the cloud takes. Also with the holder of the
// lock killed by SIGKILL after the cloud answered it: the kernel frees the lock at once and the
// waiter's rotation revokes the successor nobody stored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { CloudProxy } from '../support/cloud-proxy.js';
import { PlatformWorld } from '../support/platform-world.js';
import { startTerminalCommandProcess } from '../support/terminal-process.js';

const ROTATE_PATH = '/api/device/v1/credential/rotate';
const WAITING = /Another process is rotating the device credential/;

const world = new PlatformWorld();
let proxy: CloudProxy;
beforeAll(async () => {
  await world.start();
  proxy = await CloudProxy.start(world.cloud.url);
});
afterAll(async () => {
  await proxy?.close();
  await world.stop();
});

const storedCredential = (dataDir: string) =>
  (JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8')) as { deviceCredential: string })
    .deviceCredential;

async function deviceStatus(credential: string): Promise<number> {
  const res = await fetch(`${world.cloud.url}/api/device/v1/terminal`, {
    headers: { authorization: `Bearer ${credential}` },
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * A terminal activated through the proxy, and a first `rotate-credential` process holding the
 * rotation lock: the cloud has answered it (`successor`), the proxy holds the answer back.
 */
async function holderWithAnswerHeldBack() {
  const dataDir = world.freshDir();
  const { activationCode } = await world.cloud.terminal(world.merchantId);
  await activateTerminal({ cloudUrl: proxy.url, code: activationCode, dataDir });
  const original = storedCredential(dataDir);
  proxy.withholdPath = ROTATE_PATH;
  const answered = proxy.nextWithheldAnswer();
  const holder = startTerminalCommandProcess(['rotate-credential'], { DATA_DIR: dataDir });
  const { deviceCredential: successor } = JSON.parse(await answered) as { deviceCredential: string };
  // The second process's rotation must wait for the lock: without it, it would reach the
  // cloud (and be held back too) and say nothing, and `printed` would end false at its exit.
  const waiter = startTerminalCommandProcess(['rotate-credential'], { DATA_DIR: dataDir });
  expect(await waiter.printed(WAITING)).toBe(true);
  proxy.withholdPath = null;
  return { dataDir, original, successor, holder, waiter };
}

/** The file holds a third credential, the only one the cloud takes. */
async function expectOnlyStoredLive(dataDir: string, original: string, successor: string): Promise<void> {
  const final = storedCredential(dataDir);
  expect(final).not.toBe(original);
  expect(final).not.toBe(successor);
  expect(await deviceStatus(final)).toBe(200);
  expect(await deviceStatus(successor)).toBe(401);
  expect(await deviceStatus(original)).toBe(401);
}

describe('two rotations at once', () => {
  it('the second waits for the first, then rotates the credential the first stored: the file holds the live one', async () => {
    const { dataDir, original, successor, holder, waiter } = await holderWithAnswerHeldBack();
    proxy.releaseWithheld();

    const [first, second] = await Promise.all([holder.exited, waiter.exited]);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(second, second.stderr).toMatchObject({ code: 0 });
    await expectOnlyStoredLive(dataDir, original, successor);
  }, 90_000);

  it('the holder killed with SIGKILL after the cloud answered it: the waiter goes on at once and revokes the lost successor', async () => {
    const { dataDir, original, successor, holder, waiter } = await holderWithAnswerHeldBack();
    holder.kill('SIGKILL');
    expect((await holder.exited).signal).toBe('SIGKILL');

    const second = await waiter.exited;
    expect(second, second.stderr).toMatchObject({ code: 0 });
    await expectOnlyStoredLive(dataDir, original, successor);
  }, 90_000);
});
