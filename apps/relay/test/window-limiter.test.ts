// Per-publicId limits: so many requests per window, so many in flight, and how long to wait.
import { describe, expect, it } from 'vitest';
import { WindowLimiter } from '../src/window-limiter.js';

describe('WindowLimiter', () => {
  it('refuses past the window’s count with the seconds left, and lets through in the next window', () => {
    const limiter = new WindowLimiter({ max: 2, windowMs: 10_000, maxConcurrent: 10 });
    expect(limiter.take(100_000)).toBe(0);
    expect(limiter.take(100_500)).toBe(0);
    expect(limiter.take(101_000)).toBe(9);
    expect(limiter.take(109_999)).toBe(1);
    expect(limiter.take(110_000)).toBe(0);
  });

  it('refuses past the requests in flight until one is released', () => {
    const limiter = new WindowLimiter({ max: 100, windowMs: 60_000, maxConcurrent: 1 });
    expect(limiter.take(100_000)).toBe(0);
    expect(limiter.take(100_001)).toBe(1);
    limiter.release();
    expect(limiter.take(100_002)).toBe(0);
  });

  it('forgives a request refused for its key, in its own window only', () => {
    const limiter = new WindowLimiter({ max: 1, windowMs: 10_000, maxConcurrent: 10 });
    expect(limiter.take(100_000)).toBe(0);
    limiter.forgive(100_000);
    expect(limiter.take(100_001)).toBe(0);
    expect(limiter.take(100_002)).toBe(10);
    // Taken in the last window: forgiving it gives nothing back in this one.
    expect(limiter.take(110_000)).toBe(0);
    limiter.forgive(100_001);
    expect(limiter.take(110_001)).toBe(10);
  });
});
