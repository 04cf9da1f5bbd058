import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey, DialRefusals } from '../src/dial-refusals.js';

describe('refused dials per client address', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::a')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::a')).not.toBe(addressKey('2001:db8:1:3::a'));
    expect(addressKey('2001:0db8:0001:0002::a')).toBe('2001:db8:1:2::/64');
  });

  it('closes an address after max refusals for the rest of its window, then opens it again', () => {
    const refusals = new DialRefusals({ max: 3, windowMs: 10_000 });
    expect(refusals.refused('a', 0)).toBe(false);
    expect(refusals.refused('a', 1_000)).toBe(false);
    expect(refusals.retryAfter('a', 1_000)).toBe(0);
    expect(refusals.refused('a', 2_000)).toBe(true);
    expect(refusals.retryAfter('a', 2_000)).toBe(8);
    expect(refusals.retryAfter('a', 9_999)).toBe(1);
    expect(refusals.retryAfter('b', 2_000)).toBe(0);
    expect(refusals.retryAfter('a', 10_000)).toBe(0);
    expect(refusals.refused('a', 10_000)).toBe(false);
  });

  it('forgets ended windows when swept, so many addresses cost memory for one window only', () => {
    const refusals = new DialRefusals({ max: 3, windowMs: 10_000 });
    for (let i = 0; i < 1_000; i++) refusals.refused(`10.0.${i >> 8}.${i & 255}`, i);
    refusals.refused('late', 5_000);
    refusals.sweep(10_500);
    expect(refusals.size).toBe(500);
    refusals.sweep(15_000);
    expect(refusals.size).toBe(0);
  });

  it('agrees with a model: closed exactly while a window started by a refusal holds max of them', () => {
    const max = 3;
    const windowMs = 1_000;
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.constantFrom('a', 'b'), step: fc.nat(400), refuse: fc.boolean() }), {
          maxLength: 60,
        }),
        (events) => {
          const refusals = new DialRefusals({ max, windowMs });
          const model = new Map<string, { start: number; count: number }>();
          let now = 0;
          for (const { key, step, refuse } of events) {
            now += step;
            let window = model.get(key);
            if (window && now >= window.start + windowMs) window = undefined;
            const closed = window !== undefined && window.count >= max;
            const wait = refusals.retryAfter(key, now);
            expect(wait > 0).toBe(closed);
            if (closed) expect(wait).toBe(Math.max(1, Math.ceil((window!.start + windowMs - now) / 1000)));
            if (refuse && !closed) {
              window = window ? { ...window, count: window.count + 1 } : { start: now, count: 1 };
              model.set(key, window);
              expect(refusals.refused(key, now)).toBe(window.count === max);
            }
          }
        },
      ),
    );
  });
});
