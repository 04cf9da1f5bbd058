import { describe, expect, it } from 'vitest';
import { isPreflight, OriginListError, parseAllowedOrigins } from '../src/index.js';

describe('parseAllowedOrigins', () => {
  it('reads a list of origins as browsers send them, dropping blanks and repeats', () => {
    expect(parseAllowedOrigins(undefined, 'CORS_ORIGINS')).toEqual([]);
    expect(parseAllowedOrigins(' ', 'CORS_ORIGINS')).toEqual([]);
    expect(
      parseAllowedOrigins(
        'https://pos.example.md, http://localhost:5173,HTTPS://POS.example.md:443/',
        'CORS_ORIGINS',
      ),
    ).toEqual(['https://pos.example.md', 'http://localhost:5173']);
  });

  it.each([
    '*',
    'null',
    'pos.example.md',
    'ftp://pos.example.md',
    'https://pos.example.md/app',
    'https://u:p@pos.example.md',
    'https://pos.example.md?x=1',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => parseAllowedOrigins(value, 'RELAY_CORS_ORIGINS')).toThrow(OriginListError);
    expect(() => parseAllowedOrigins(value, 'RELAY_CORS_ORIGINS')).toThrow(/^RELAY_CORS_ORIGINS: /);
  });

  it('tells a preflight from a plain OPTIONS', () => {
    expect(isPreflight('OPTIONS', { origin: 'https://a', 'access-control-request-method': 'POST' })).toBe(
      true,
    );
    expect(isPreflight('OPTIONS', { origin: 'https://a' })).toBe(false);
    expect(isPreflight('POST', { origin: 'https://a', 'access-control-request-method': 'POST' })).toBe(false);
  });
});
