// What crosses the relay: end-to-end headers only, whichever way the message goes.
import { describe, expect, it } from 'vitest';
import { endToEndHeaders } from '../src/hop-by-hop.js';

describe('endToEndHeaders', () => {
  it('drops hop-by-hop headers, those Connection names, and HTTP/2 pseudo-headers', () => {
    expect(
      endToEndHeaders({
        ':status': '200',
        connection: 'keep-alive, X-Hop',
        'keep-alive': 'timeout=5',
        'x-hop': '1',
        'transfer-encoding': 'chunked',
        host: 'terminal',
        expect: '100-continue',
        'x-api-key': 'k',
        'x-request-id': 'r',
        'set-cookie': ['a=1', 'b=2'],
        'content-length': '10',
      }),
    ).toEqual({
      'x-api-key': 'k',
      'x-request-id': 'r',
      'set-cookie': ['a=1', 'b=2'],
      'content-length': '10',
    });
  });
});
