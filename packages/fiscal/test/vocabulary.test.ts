import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FISCAL_OPERATION_STATUSES,
  canTransitionOperation,
  canonicalJson,
  formatMinor,
  parseMinor,
} from '../src/index.js';

/** The declared lifecycle, written out independently of the implementation's table. */
const ALLOWED = new Set([
  'pending->sent',
  'pending->offline',
  'sent->success',
  'sent->failed',
  'sent->offline',
  'offline->sent',
]);

const pairs = FISCAL_OPERATION_STATUSES.flatMap((from) =>
  FISCAL_OPERATION_STATUSES.map((to) => [from, to] as const),
);

describe('fiscal operation transition table', () => {
  it.each(pairs)('%s -> %s is allowed only if declared', (from, to) => {
    expect(canTransitionOperation(from, to)).toBe(ALLOWED.has(`${from}->${to}`));
  });

  it('has final states success and failed, and no way back to pending', () => {
    for (const to of FISCAL_OPERATION_STATUSES) {
      expect(canTransitionOperation('success', to)).toBe(false);
      expect(canTransitionOperation('failed', to)).toBe(false);
      expect(canTransitionOperation(to, 'pending')).toBe(false);
    }
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves out undefined entries', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], u: undefined })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    );
  });

  it('is the same for equal values whatever their key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reordered: unknown = JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
          v !== null && typeof v === 'object' && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).reverse())
            : v,
        );
        expect(canonicalJson(reordered)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('parseMinor', () => {
  it('reads exactly two decimals and nothing else', () => {
    expect(parseMinor('12.34')).toBe(1234);
    expect(parseMinor('-0.50')).toBe(-50);
    expect(parseMinor('-0.00')).toBe(0);
    for (const bad of ['12.3', '12', '1e3', ' 1.00', '+1.00', '12345678901234.00', '']) {
      expect(parseMinor(bad)).toBeNull();
    }
  });

  it('inverts formatMinor on every amount within MAX_SCALED', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (minor) => {
        expect(parseMinor(formatMinor(minor))).toBe(minor);
      }),
    );
  });
});
