// What `activate` makes of what it was given: a bare code with CLOUD_URL, or the console's QR
// link, which names its cloud; the link's text is built by the same function the cloud uses.
import { activationLink, parseActivationLink } from '@fiscal-pos/platform-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveActivationInput } from '../../src/platform/activation-input.js';

const CLOUD = 'https://cloud.example';

describe('activation input', () => {
  it('reads back any cloud and code the cloud puts in a link', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true, withFragments: true }),
        fc.string({ minLength: 1 }).filter((code) => code.trim() === code && code !== ''),
        (cloudUrl, code) => {
          expect(parseActivationLink(activationLink(cloudUrl, code))).toEqual({ cloudUrl, code });
        },
      ),
    );
  });

  it('takes a link, with or without a matching CLOUD_URL, and a bare code only with one', () => {
    const link = activationLink(CLOUD, 'K7PQ-3MXD');
    expect(resolveActivationInput(` ${link}\r`, null)).toEqual({ cloudUrl: CLOUD, code: 'K7PQ-3MXD' });
    expect(resolveActivationInput(link, `${CLOUD}/`)).toEqual({ cloudUrl: CLOUD, code: 'K7PQ-3MXD' });
    expect(resolveActivationInput('k7pq3mxd', CLOUD)).toEqual({ cloudUrl: CLOUD, code: 'k7pq3mxd' });
    expect(resolveActivationInput('k7pq3mxd', null)).toEqual({
      refused: expect.stringMatching(/needs CLOUD_URL/),
    });
    expect(resolveActivationInput('  ', CLOUD)).toEqual({ refused: 'No activation code given' });
  });

  it('refuses a link for another cloud, another action, no code, or a cloud that is not a web address', () => {
    expect(resolveActivationInput(activationLink('https://evil.example', 'A'), CLOUD)).toEqual({
      refused: expect.stringMatching(/for the cloud at https:\/\/evil\.example/),
    });
    for (const text of [
      'fiscal-pos://deactivate?cloud=https%3A%2F%2Fcloud.example&code=A',
      'fiscal-pos://activate?cloud=https%3A%2F%2Fcloud.example',
      'fiscal-pos://activate?cloud=https%3A%2F%2Fcloud.example&code=%20',
      'fiscal-pos://activate?cloud=file%3A%2F%2F%2Fetc%2Fpasswd&code=A',
      'fiscal-pos://activate?cloud=not%20a%20url&code=A',
      'FISCAL-POS:garbage',
    ]) {
      expect(resolveActivationInput(text, null), text).toEqual({
        refused: expect.stringMatching(/not a valid activation link/),
      });
    }
  });
});
