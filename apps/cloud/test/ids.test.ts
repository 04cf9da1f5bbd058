// Ids drawn from the pooled random bytes: the form stays `<kind>_` + 22 base62 characters and
// no id repeats, across refills of the pool (256 ids each).
import { describe, expect, it } from 'vitest';
import { base62, newId } from '../src/ids.js';

describe('newId', () => {
  it('gives 22 base62 characters after the kind, never the same twice across pool refills', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('stm'));
    for (const id of ids) expect(id).toMatch(/^stm_[0-9A-Za-z]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Consecutive ids do not share their random bytes in part (a slice reused or overlapping).
    const bodies = ids.map((id) => id.slice(4));
    expect(bodies.filter((b, i) => i > 0 && b.slice(-8) === bodies[i - 1]!.slice(-8))).toEqual([]);
  });

  it('base62 reads the bytes as one number, most significant digit first', () => {
    expect(base62(Uint8Array.from([0, 0, 61]))).toBe('z');
    expect(base62(Uint8Array.from([0, 62]))).toBe('10');
    expect(base62(new Uint8Array(16).fill(255))).toBe('7n42DGM5Tflk9n8mt7Fhc7');
  });
});
