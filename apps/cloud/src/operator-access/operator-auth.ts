// The administration API's audience: `Authorization: Bearer <operator token>` on every request
// (absent -> 401 missing_operator_token, wrong -> 401 invalid_operator_token); what changes
// something goes through runAuditedChange (idempotency and the audit log).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { runAuditedChange } from '../audit/run-audited-change.js';
import { ProblemError } from '../http/problem.js';
import type { Access } from '../http/route.js';
import { tokenMatches } from '../secrets/access-tokens.js';

function authenticateOperator(ctx: AppContext, request: FastifyRequest): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match)
    throw new ProblemError(
      'missing_operator_token',
      'Send the operator token as `Authorization: Bearer <token>` (DATA_DIR/operator-token).',
    );
  if (!tokenMatches(ctx.operatorTokenDigest, match[1]!))
    throw new ProblemError('invalid_operator_token', 'The operator token is not valid.');
}

/** The merchant an administration path names (/merchants/{merchantId}/...), for its Activity page. */
function merchantIdOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  return typeof params?.merchantId === 'string' ? params.merchantId : null;
}

/**
 * Administration routes. `shownOnce`: fields of the answer shown once (new keys), left out of
 * the copy kept for idempotent replays.
 */
export function operator(options: { shownOnce?: readonly string[] } = {}): Access<AppContext, object> {
  return {
    name: 'operator',
    basePath: '/api/admin/v1',
    audited: true,
    admit: (ctx, request) => {
      authenticateOperator(ctx, request);
      return {};
    },
    around: (ctx, { operation, request, body }, run) =>
      runAuditedChange(ctx, {
        operation,
        actor: { kind: 'operator', merchantId: merchantIdOf(request) },
        shownOnce: options.shownOnce ?? [],
        // Administration handlers run as they were written, outside a transaction of the audit's.
        transactional: false,
        request,
        body,
        run,
      }),
    doc: {
      who: 'Needs the operator token. Changes are audited and accept an Idempotency-Key.',
      idempotentChanges: true,
      unauthorized: 'Missing or invalid operator token',
      securityScheme: {
        name: 'operatorToken',
        scheme: {
          type: 'http',
          scheme: 'bearer',
          description: 'The operator token (DATA_DIR/operator-token or CLOUD_OPERATOR_TOKEN)',
        },
      },
      tag: 'administration',
    },
  };
}
