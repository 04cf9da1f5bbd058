// The integration API's audience: X-Service-Api-Key with a scope. Order of checks, and why:
// absent -> 401; malformed or bad checksum -> 401 without touching the database;
// unknown, revoked or expired -> 401; module off -> 403; scope missing -> 403 (the last two
// after the per-key limit has counted the request, and before the body is validated).
// The resolved merchant id is the only merchant any handler ever queries. Verified keys are
// remembered for a few seconds (ctx.keyCache; see key-cache.ts for the bound on revocations).
import type { FastifyRequest } from 'fastify';
import { noteKeyUse, resolveKey, type ResolvedKey } from '../keys/keys.js';
import { hashApiKey, isWellFormedApiKey } from '../keys/api-key.js';
import type { Scope } from '../keys/scopes.js';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';
import type { Access } from '../http/route.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: ResolvedKey;
  }
}

const API_KEY_HEADER = 'x-service-api-key';

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<ResolvedKey> {
  const header = request.headers[API_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') {
    throw new ProblemError('missing_api_key', 'Send the integration key in the X-Service-Api-Key header.');
  }
  let resolved: ResolvedKey | undefined;
  if (isWellFormedApiKey(key)) {
    const hash = hashApiKey(key);
    resolved = await ctx.keyCache.resolve(hash, async () => {
      const key = await resolveKey(ctx.db, hash);
      // Looked up at most every AUTH_CACHE_TTL_MS per key and process: "last used" costs no
      // write on the requests the cache answers, and at most one a minute on the others.
      if (key) await noteKeyUse(ctx.db, key, ctx.clock.now());
      return key;
    });
  }
  if (!resolved)
    throw new ProblemError('invalid_api_key', 'The key is not valid, was revoked or has expired.');
  request.auth = resolved;
  return resolved;
}

function authorize(auth: ResolvedKey, anyOf: readonly Scope[]): void {
  if (!auth.integrationActive) {
    throw new ProblemError('module_inactive', 'The integration API module is not active for this merchant.');
  }
  if (anyOf.length > 0 && !anyOf.some((scope) => auth.scopes.includes(scope))) {
    throw new ProblemError(
      'insufficient_scope',
      `This request needs one of the scopes: ${anyOf.join(', ')}.`,
    );
  }
}

/** The integration API's base path. */
export const INTEGRATION_BASE_PATH = '/api/public/v1';

/**
 * Integration routes: a valid key with any one of `anyOf` (none: any valid key); the handler
 * gets the resolved key as `auth`, whose merchant is the only one it may query.
 */
export function integrationKey(anyOf: readonly Scope[]): Access<AppContext, { auth: ResolvedKey }> {
  return {
    name: 'key',
    basePath: INTEGRATION_BASE_PATH,
    scopes: anyOf,
    admit: async (ctx, request) => ({ auth: await authenticate(ctx, request) }),
    // After the per-key limit (a preHandler) has counted the request and set its x-ratelimit
    // headers (a key's 403s use its budget like any answer), before the body is validated.
    authorize: ({ auth }) => authorize(auth, anyOf),
    doc: {
      who:
        anyOf.length > 0
          ? `Needs a key with one of the scopes: ${anyOf.join(', ')}.`
          : 'Needs any valid key.',
      unauthorized: 'Missing or invalid key',
      forbidden: 'Module inactive or scope missing',
      securityScheme: { name: 'apiKey', scheme: { type: 'apiKey', in: 'header', name: 'X-Service-Api-Key' } },
    },
  };
}
