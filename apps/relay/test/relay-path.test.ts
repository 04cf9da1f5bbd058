// {relay_url} paths: the publicId is the first segment after /api/relay/ as sent (no decoding,
// no normalising), and everything after it goes to the terminal unchanged, query included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRelayPath } from '../src/relay-server.js';

describe('splitRelayPath', () => {
  it('splits the publicId from the terminal path', () => {
    expect(splitRelayPath('/api/relay/abc/api/sales?limit=5')).toEqual({
      publicId: 'abc',
      path: '/api/sales?limit=5',
    });
    expect(splitRelayPath('/api/relay/abc')).toEqual({ publicId: 'abc', path: '/' });
    expect(splitRelayPath('/api/relay/abc?x=1')).toEqual({ publicId: 'abc', path: '/?x=1' });
    expect(splitRelayPath('/api/relay/abc/../def/api/health')).toEqual({
      publicId: 'abc',
      path: '/../def/api/health',
    });
    expect(splitRelayPath('/api/relay/')).toBeNull();
    expect(splitRelayPath('/api/health')).toBeNull();
  });

  it('gives back the publicId and the path it was built from, whatever the path', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.webPath(),
        fc.option(fc.webQueryParameters(), { nil: undefined }),
        (publicId, path, query) => {
          const tail = (path.startsWith('/') ? path : `/${path}`) + (query === undefined ? '' : `?${query}`);
          expect(splitRelayPath(`/api/relay/${publicId}${tail}`)).toEqual({ publicId, path: tail });
        },
      ),
    );
  });
});
