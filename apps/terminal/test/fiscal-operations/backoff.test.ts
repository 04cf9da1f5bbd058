import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/fiscal-operations/sync-worker.js';

describe('sync retry backoff (exponential, equal jitter)', () => {
  it('doubles from the base delay up to the cap, with the random part at its extremes', () => {
    const lowest = (failures: number) => backoffDelay(failures, 100, 5000, () => 0);
    const highest = (failures: number) => backoffDelay(failures, 100, 5000, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(highest)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(lowest)).toEqual([50, 100, 200, 400, 800, 1600, 2500, 2500]);
  });

  it('stays within [half, whole] of the capped exponential for any failure count and draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failures, baseMs, extraMs, draw) => {
          const maxMs = baseMs + extraMs;
          const capped = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
          const delay = backoffDelay(failures, baseMs, maxMs, () => draw);
          expect(Number.isFinite(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(capped / 2);
          expect(delay).toBeLessThanOrEqual(capped);
          expect(delay).toBeLessThanOrEqual(maxMs);
        },
      ),
    );
  });

  it('spreads retries of many terminals: different draws give different delays', () => {
    const delays = new Set(
      [0.1, 0.3, 0.5, 0.7, 0.9].map((draw) => backoffDelay(4, 1000, 60_000, () => draw)),
    );
    expect(delays.size).toBe(5);
  });
});
