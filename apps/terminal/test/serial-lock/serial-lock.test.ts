import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain-error.js';
import { SerialLock } from '../../src/serial-lock/serial-lock.js';

/** Work that runs until `finish` is called; `started` once the lock ran it. */
function heldUntilFinished(): { work: () => Promise<void>; started: Promise<void>; finish: () => void } {
  let finish!: () => void;
  let begin!: () => void;
  const started = new Promise<void>((resolve) => (begin = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: () => {
      begin();
      return done;
    },
    started,
    finish: () => finish(),
  };
}

/** Work that starts its I/O the way undici writes on a reused connection: in the check phase. */
function startsIoInCheckPhase(log: string[], name: string): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      setImmediate(() => {
        log.push(`${name} wrote`);
        resolve();
      });
    });
}

describe('SerialLock', () => {
  it('runs work one at a time, in arrival order', async () => {
    const lock = new SerialLock(1_000);
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} out`);
    };
    await Promise.all([lock.run(step('a')), lock.run(step('b')), lock.run(step('c'))]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('lets the next holder start its I/O before the previous caller goes on', async () => {
    const lock = new SerialLock(1_000);
    const log: string[] = [];
    const holder = heldUntilFinished();
    const first = lock.run(holder.work);
    const second = lock.run(startsIoInCheckPhase(log, 'second'));
    const answered = first.then(() => log.push('first answered'));
    await holder.started;
    holder.finish();
    await Promise.all([answered, second]);
    expect(log).toEqual(['second wrote', 'first answered']);
  });

  it('returns at once when nobody waits: one client pays nothing for the hand-over', async () => {
    const lock = new SerialLock(1_000);
    const log: string[] = [];
    const returned = lock.run(() => Promise.resolve()).then(() => log.push('returned'));
    setImmediate(() => log.push('check phase'));
    await returned;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['returned', 'check phase']);
  });

  it('answers BUSY to a waiter past its timeout and keeps the others in order', async () => {
    const lock = new SerialLock(20, 'card terminal');
    const held = heldUntilFinished();
    const holder = lock.run(held.work);
    const late = lock.run(() => Promise.resolve('late'));
    await expect(late).rejects.toThrow(DomainError);
    await expect(late).rejects.toMatchObject({
      code: 'BUSY',
      message: expect.stringContaining('card terminal lock'),
    });
    expect(lock.waiting).toBe(0);
    const next = lock.run(() => Promise.resolve('next'));
    held.finish();
    await holder;
    await expect(next).resolves.toBe('next');
  });

  it('passes the lock on when the work throws', async () => {
    const lock = new SerialLock(1_000);
    const failing = lock.run(() => Promise.reject(new Error('boom')));
    const after = lock.run(() => Promise.resolve('after'));
    await expect(failing).rejects.toThrow('boom');
    await expect(after).resolves.toBe('after');
    expect(lock.tryRun(() => Promise.resolve('free'))).not.toBeNull();
  });
});
