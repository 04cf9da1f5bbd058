import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './api-error.js';

/** Paths any client may call without a key. */
const PUBLIC_PATHS = new Set(['/api/health', '/api/catalog/health', '/api/openapi.json']);

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.has(path);
}

/**
 * Checks X-API-Key in constant time. Both sides are hashed first so that the comparison also
 * does not leak the key's length.
 */
export class ApiKeyVerifier {
  private readonly expected: Buffer;

  constructor(apiKey: string) {
    this.expected = createHash('sha256').update(apiKey).digest();
  }

  verify(header: string | string[] | undefined): void {
    if (header === undefined || header === '') {
      throw new ApiError('MISSING_API_KEY', 'The X-API-Key header is required');
    }
    const presented = Array.isArray(header) ? header.join(',') : header;
    const digest = createHash('sha256').update(presented).digest();
    if (!timingSafeEqual(digest, this.expected)) {
      throw new ApiError('INVALID_API_KEY', 'The X-API-Key is not valid for this terminal');
    }
  }
}
