// The platform sync's schedule, on fake timers: a pass at start, then every interval; after
// failures, retries with exponential backoff capped at the interval; a demand during a pass
// gets one more pass after it; a deactivated terminal stops for good.
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicSync } from '../../src/platform/periodic-sync.js';

const logger = pino({ level: 'silent' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function schedule(outcomes: () => 'ok' | 'fail', halted = () => false) {
  const at: number[] = [];
  const start = Date.now();
  const sync = new PeriodicSync({
    pass: () => {
      at.push(Date.now() - start);
      return outcomes() === 'ok' ? Promise.resolve() : Promise.reject(new Error('cloud away'));
    },
    halted,
    intervalMs: 1_000,
    retryBaseMs: 100,
    retryMaxMs: 60_000,
    logger,
    // Jitter at its top: the delays are the exponential ones exactly.
    random: () => 1,
  });
  return { sync, at };
}

describe('the platform sync schedule', () => {
  it('passes at start and then every interval', async () => {
    const { sync, at } = schedule(() => 'ok');
    sync.start();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(at).toEqual([0, 1_000, 2_000, 3_000]);
    await sync.stop();
  });

  it('backs off exponentially while the cloud is away, capped at the interval, and resumes the interval after a success', async () => {
    let failing = true;
    const { sync, at } = schedule(() => (failing ? 'fail' : 'ok'));
    sync.start();
    await vi.advanceTimersByTimeAsync(3_000);
    // 100, 200, 400, 800 after the failures, then capped at 1000.
    expect(at).toEqual([0, 100, 300, 700, 1_500, 2_500]);
    failing = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(at.slice(6)).toEqual([3_500, 4_500]);
    await sync.stop();
  });

  it('answers a demand during a pass with one more pass after it', async () => {
    let release: () => void = () => undefined;
    const at: number[] = [];
    const sync = new PeriodicSync({
      pass: () => {
        at.push(Date.now());
        return new Promise<void>((done) => (release = done));
      },
      halted: () => false,
      intervalMs: 10_000,
      retryBaseMs: 100,
      retryMaxMs: 10_000,
      logger,
    });
    sync.start();
    const first = sync.now();
    const second = sync.now();
    expect(first).toBe(second);
    expect(at).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(2);
    release();
    await first;
    await sync.stop();
  });

  it('stops for good once the terminal is deactivated', async () => {
    let deactivated = false;
    const { sync, at } = schedule(
      () => {
        deactivated = true;
        return 'fail';
      },
      () => deactivated,
    );
    sync.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(at).toEqual([0]);
    await sync.now();
    expect(at).toEqual([0]);
    await sync.stop();
  });
});
