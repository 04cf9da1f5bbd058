import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, lockedUntil } from '../../src/shifts/pin-lockout.js';

const at = new Date('2026-11-25T10:00:00Z');
const waitMs = (failures: number) => {
  const until = lockedUntil({ failures, lastFailureAt: at }, at);
  return until === null ? 0 : until.getTime() - at.getTime();
};

describe('the wait after wrong PINs', () => {
  it('is none before the sixth try, then a minute doubling up to an hour', () => {
    expect(lockedUntil(null, at)).toBeNull();
    expect([1, 2, 3, 4].map(waitMs)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50].map((n) => waitMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('ends: once it is over the cashier may try again', () => {
    expect(lockedUntil({ failures: 5, lastFailureAt: at }, new Date(at.getTime() + 60_000))).toBeNull();
    expect(lockedUntil({ failures: 5, lastFailureAt: at }, new Date(at.getTime() + 59_999))).not.toBeNull();
  });

  it('never shortens with more failures and never passes an hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (failures) => {
        expect(waitMs(failures + 1)).toBeGreaterThanOrEqual(waitMs(failures));
        expect(waitMs(failures)).toBeLessThanOrEqual(3_600_000);
        expect(waitMs(failures) > 0).toBe(failures >= FREE_ATTEMPTS);
      }),
    );
  });
});
