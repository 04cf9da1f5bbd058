// The cross-process lock (an SQLite write lock on a file of its own), within one process: two
// connections to the same file exclude each other as two processes do (the credential-rotation
// race test covers two processes and SIGKILL), a waiter is told it waits, runs once the holder
// is done, and gives up after its wait without running.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessLockTimeout, withProcessLock } from '../../src/storage/process-lock.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

const dir = tempDir('process-lock');
afterAll(() => removeDir(dir));

describe('withProcessLock', () => {
  it('runs one holder at a time; a waiter runs after the holder, one that waits too long not at all', async () => {
    const file = join(dir, 'one.lock');
    const order: string[] = [];
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = withProcessLock(file, { waitMs: 60_000 }, async () => {
      order.push('holder runs');
      entered();
      await released;
      order.push('holder done');
      return 'holder';
    });
    await holding;

    let told!: () => void;
    const waiting = new Promise<void>((resolve) => (told = resolve));
    const waiter = withProcessLock(file, { waitMs: 60_000, onWait: told }, () => {
      order.push('waiter runs');
      return Promise.resolve('waiter');
    });
    await waiting;
    await expect(
      withProcessLock(file, { waitMs: 100 }, () => Promise.resolve(order.push('impatient runs'))),
    ).rejects.toBeInstanceOf(ProcessLockTimeout);

    release();
    expect(await Promise.all([holder, waiter])).toEqual(['holder', 'waiter']);
    expect(order).toEqual(['holder runs', 'holder done', 'waiter runs']);
  });

  it('lets the next one in when the holder fails', async () => {
    const file = join(dir, 'two.lock');
    await expect(
      withProcessLock(file, { waitMs: 1_000 }, () => Promise.reject(new Error('store failed'))),
    ).rejects.toThrow('store failed');
    expect(await withProcessLock(file, { waitMs: 1_000 }, () => Promise.resolve('next'))).toBe('next');
  });
});
