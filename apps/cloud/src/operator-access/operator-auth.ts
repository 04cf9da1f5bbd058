// `Authorization: Bearer <operator token>` on every administration request: absent -> 401
// missing_operator_token, wrong -> 401 invalid_operator_token.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';
import { tokenMatches } from '../secrets/access-tokens.js';

export function authenticateOperator(ctx: AppContext, request: FastifyRequest): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match)
    throw new ProblemError(
      'missing_operator_token',
      'Send the operator token as `Authorization: Bearer <token>` (DATA_DIR/operator-token).',
    );
  if (!tokenMatches(ctx.operatorTokenDigest, match[1]!))
    throw new ProblemError('invalid_operator_token', 'The operator token is not valid.');
}
