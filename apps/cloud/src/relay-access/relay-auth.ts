// `Authorization: Bearer <RELAY_TOKEN>` on every /api/relay/v1 call. The relay is one trusted
// service, not a user: one shared token, compared in constant time. A cloud without RELAY_TOKEN
// has no relay and refuses every call rather than accepting an empty token.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';
import type { Access } from '../http/route.js';
import { digestToken, tokenMatches } from '../secrets/access-tokens.js';

export function carriesRelayToken(ctx: AppContext, request: FastifyRequest): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const configured = ctx.config.relayToken;
  return match !== null && configured !== undefined && tokenMatches(digestToken(configured), match[1]!);
}

/** The relay API's base path. */
export const RELAY_BASE_PATH = '/api/relay/v1';

/** What the relay asks the cloud, with the relay token; its handler sees no device or key. */
export const relayToken: Access<AppContext, object> = {
  name: 'relay',
  basePath: RELAY_BASE_PATH,
  admit: (ctx, request) => {
    authenticateRelay(ctx, request);
    return {};
  },
  doc: {
    who: 'Needs the relay token (RELAY_TOKEN): only the relay calls it.',
    unauthorized: 'Missing or invalid relay token',
    securityScheme: {
      name: 'relayToken',
      scheme: {
        type: 'http',
        scheme: 'bearer',
        description: 'The token the relay and the cloud share (RELAY_TOKEN)',
      },
    },
    tag: 'relay',
  },
};

function authenticateRelay(ctx: AppContext, request: FastifyRequest): void {
  if (!carriesRelayToken(ctx, request))
    throw new ProblemError(
      'invalid_relay_token',
      'Send the relay token as `Authorization: Bearer <RELAY_TOKEN>`.',
    );
}
