/** Failures that the loopback-only test network cannot produce for real (DNS) or only by chance. */
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../src/mev/classify-failure.js';

function errorWithCode(code: string, cause?: unknown): Error {
  return Object.assign(new Error(code, { cause }), { code });
}

describe('classifyFailure', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['ECONNRESET', 'network'],
    ['UND_ERR_SOCKET', 'network'],
  ] as const)('%s -> %s', (code, cause) => {
    expect(classifyFailure(errorWithCode(code))).toBe(cause);
  });

  it('looks through the cause chain', () => {
    expect(classifyFailure(new TypeError('fetch failed', { cause: errorWithCode('ENOTFOUND') }))).toBe('dns');
  });

  it('an aborted deadline is a timeout', () => {
    expect(classifyFailure(new DOMException('The operation timed out', 'TimeoutError'))).toBe('timeout');
  });
});
