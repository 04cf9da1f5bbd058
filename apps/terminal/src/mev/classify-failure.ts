/**
 * Why a request to MEV got no answer, from the error Node/undici threw. The error and its
 * `cause` chain are searched for a known code; anything unknown is a generic network failure
 * (still an outage: the operation goes offline and is retried, which deduplication makes safe).
 */
import type { UnreachableCause } from './fiscal-server.js';

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA']);

/** OpenSSL's certificate verification results, as Node reports them on the client side. */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

export function classifyFailure(error: unknown): UnreachableCause {
  for (let current: unknown = error, depth = 0; current instanceof Object && depth < 8; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (name === 'TimeoutError' || (typeof code === 'string' && TIMEOUT_CODES.has(code))) return 'timeout';
    if (code === 'ECONNREFUSED') return 'refused';
    if (typeof code === 'string' && DNS_CODES.has(code)) return 'dns';
    if (typeof code === 'string' && isTlsCode(code)) return 'tls';
    current = (current as { cause?: unknown }).cause;
  }
  return 'network';
}

function isTlsCode(code: string): boolean {
  return code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || CERTIFICATE_CODES.has(code);
}
