import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/storage/time-ordered-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID of version 7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 5, 30);
    const id = timeOrderedId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time, and draws fresh random bits for every id across refills of its pool', () => {
    const ids = Array.from({ length: 1_000 }, (_, i) => timeOrderedId(1_800_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    // Within one millisecond only the 74 random bits tell ids apart: none repeats, and each
    // of those bits takes both values (a pool handed out twice, or never filled, would not).
    const sameTime = Array.from({ length: 1_000 }, () => timeOrderedId(1_800_000_000_000));
    expect(new Set(sameTime).size).toBe(sameTime.length);
    const randomHex = sameTime.map((id) => id.replace(/-/g, '').slice(13));
    for (let digit = 0; digit < randomHex[0]!.length; digit++) {
      expect(new Set(randomHex.map((hex) => hex[digit])).size).toBeGreaterThan(1);
    }
  });
});
