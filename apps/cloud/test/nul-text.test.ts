// Finding U+0000 (which PostgreSQL text and jsonb cannot hold) anywhere in a request value.
import { describe, expect, it } from 'vitest';
import { pathOfNulText } from '../src/http/nul-text.js';

describe('pathOfNulText', () => {
  it('names the first value or key carrying U+0000', () => {
    expect(pathOfNulText({ a: [{ b: 'ok' }, { c: 'n\u0000' }] })).toEqual(['a', '1', 'c']);
    expect(pathOfNulText({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(pathOfNulText('\u0000')).toEqual([]);
  });

  it('finds nothing in clean values, including the other control characters', () => {
    expect(pathOfNulText({ a: 'fine', b: [1, null, true, '\u0001\t'] })).toBeNull();
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
