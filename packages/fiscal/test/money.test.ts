import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_SCALED,
  formatMinor,
  fromBp,
  fromMilli,
  fromMinor,
  parseMinor,
  toBp,
  toMilli,
  toMinor,
} from '../src/index.js';

describe('toMinor reads JSON numbers exactly', () => {
  it.each([
    [12.34, 1234],
    [0.01, 1],
    [100, 10000],
    [1e-2, 1],
    [-1.5, -150],
    [-0, 0],
    [123.45, 12345],
    [9999999999999.99, MAX_SCALED],
  ])('%s -> %s', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each([
    ['0.1 + 0.2', 0.1 + 0.2],
    ['3 decimals', 1.005],
    ['1e-7', 1e-7],
    ['1e21 (too large)', 1e21],
    ['10^13 MDL (beyond 15 digits)', 1e13],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['smallest double', 5e-324],
  ])('rejects %s', (_label, input) => {
    expect(toMinor(input)).toBeNull();
  });

  it('reads an exponent form that is a whole amount', () => {
    expect(toMinor(1e12)).toBe(100_000_000_000_000);
    expect(toMinor(1.5e-1)).toBe(15);
  });
});

describe('quantities and percents', () => {
  it('toMilli keeps 3 decimals and rejects a 4th', () => {
    expect(toMilli(1.5)).toBe(1500);
    expect(toMilli(0.333)).toBe(333);
    expect(toMilli(0.0005)).toBeNull();
  });

  it('toBp keeps 2 decimals of a percent', () => {
    expect(toBp(12.5)).toBe(1250);
    expect(toBp(100)).toBe(10000);
    expect(toBp(12.345)).toBeNull();
  });

  it('converts back to JSON numbers', () => {
    expect(fromMinor(1234)).toBe(12.34);
    expect(fromMilli(1500)).toBe(1.5);
    expect(fromBp(2000)).toBe(20);
  });
});

describe('formatMinor', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [0, '0.00'],
    [-5, '-0.05'],
    [100, '1.00'],
    [MAX_SCALED, '9999999999999.99'],
  ])('%s -> %s', (input, expected) => {
    expect(formatMinor(input)).toBe(expected);
  });
});

describe('round trips (property)', () => {
  const minor = fc.integer({ min: -MAX_SCALED, max: MAX_SCALED });

  it('toMinor(fromMinor(m)) === m', () => {
    fc.assert(fc.property(minor, (m) => toMinor(fromMinor(m)) === m));
  });

  it('toMilli(fromMilli(q)) === q and toBp(fromBp(p)) === p', () => {
    fc.assert(fc.property(minor, (q) => toMilli(fromMilli(q)) === q && toBp(fromBp(q)) === q));
  });

  it('formatMinor parses back to the same amount', () => {
    fc.assert(fc.property(minor, (m) => toMinor(Number(formatMinor(m))) === m));
  });
});

describe('amounts on the wire', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-50, '-0.50'],
    [12_34, '12.34'],
    [1_000_000_00, '1000000.00'],
  ])('%i minor units <-> "%s"', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
    expect(parseMinor(text)).toBe(minor);
  });

  it.each(['1.5', '12.345', '1e3', ' 1.00', '+1.00', '1,00', '', '-', '.50'])('rejects "%s"', (text) => {
    expect(parseMinor(text)).toBeNull();
  });

  it('round-trips every integer amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => parseMinor(formatMinor(minor)) === minor),
    );
  });

  it('refuses to format a fraction of a minor unit', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
  });
});
