// The wait of the mail and webhook workers between polls: a wake ends it at once, and a wake
// while no wait runs is kept for the next one (work committed between two rounds); interrupt
// ends only a wait that runs.
import { describe, expect, it } from 'vitest';
import { PollWait } from '../src/poll-wait.js';

const LONG_MS = 60_000;
/** How a wait ended: woken, or still running after `ms`. */
const outcome = (wait: Promise<void>, ms = 50) =>
  Promise.race([
    wait.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('running'), ms)),
  ]);

describe('PollWait', () => {
  it('ends after the interval when nobody wakes it', async () => {
    await expect(outcome(new PollWait().wait(10), 500)).resolves.toBe('ended');
  });

  it('ends a running wait when woken or interrupted', async () => {
    const pause = new PollWait();
    const woken = pause.wait(LONG_MS);
    pause.wake();
    await expect(outcome(woken)).resolves.toBe('ended');
    const interrupted = pause.wait(LONG_MS);
    pause.interrupt();
    await expect(outcome(interrupted)).resolves.toBe('ended');
  });

  it('keeps a wake that came between two waits for the next one, once', async () => {
    const pause = new PollWait();
    pause.wake();
    await expect(outcome(pause.wait(LONG_MS))).resolves.toBe('ended');
    const next = pause.wait(LONG_MS);
    await expect(outcome(next)).resolves.toBe('running');
    pause.wake();
    await next;
  });

  it('forgets an interrupt while no wait runs', async () => {
    const pause = new PollWait();
    pause.interrupt();
    const wait = pause.wait(LONG_MS);
    await expect(outcome(wait)).resolves.toBe('running');
    pause.wake();
    await wait;
  });
});
