// Finding text PostgreSQL cannot store as it came (U+0000, unpaired surrogates) anywhere in a request value.
import { describe, expect, it } from 'vitest';
import { pathOfNulText } from '../src/http/nul-text.js';

describe('pathOfNulText', () => {
  it('names the first value or key carrying U+0000', () => {
    expect(pathOfNulText({ a: [{ b: 'ok' }, { c: 'n\u0000' }] })).toEqual(['a', '1', 'c']);
    expect(pathOfNulText({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(pathOfNulText('\u0000')).toEqual([]);
  });

  it('names a value or key carrying an unpaired UTF-16 surrogate (stored as U+FFFD otherwise)', () => {
    expect(pathOfNulText({ a: ['ok', 'x\ud800'] })).toEqual(['a', '1']);
    expect(pathOfNulText({ b: '\udc00 first' })).toEqual(['b']);
    expect(pathOfNulText({ ['k\udfff']: 1 })).toEqual(['k\udfff']);
  });

  it('finds nothing in clean values, including the other control characters and paired surrogates', () => {
    expect(pathOfNulText({ a: 'fine', b: [1, null, true, '\u0001\t', '𝄞 \ud834\udd1e'] })).toBeNull();
    expect(pathOfNulText(undefined)).toBeNull();
  });

  it('walks a value nested 100 000 levels deep without exhausting the stack', () => {
    const depth = 100_000;
    const deep: unknown = JSON.parse(`{"a":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}}`);
    const path = pathOfNulText(deep);
    expect(path).toHaveLength(depth + 1);
    expect(path?.slice(0, 2)).toEqual(['a', '0']);
  });
});
