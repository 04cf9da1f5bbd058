/**
 * The ECR endpoint: the card terminal as the point-of-sale software talks to it. Fault modes
 * decide first whether there is an answer at all (error, hang, slow); the simulated bank
 * decides about the transaction. Fastify routes the requests of a plain HTTP server that the
 * caller listens with (a ReopenableListener, so that `down` can refuse connections for real).
 */
import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { FaultSwitch } from '../faults/fault-switch.js';
import {
  ECR_BASE_PATH,
  ECR_CURRENCY,
  ecrErrorStatus,
  purchaseRequestSchema,
  refundRequestSchema,
  reversalRequestSchema,
  voidRequestSchema,
  type EcrErrorCode,
  type EcrOperation,
  type ErrorReply,
  type StatusReply,
} from '@fiscal-pos/ecr-protocol';
import type { BankOutcome, SimulatedBank } from '../transactions/simulated-bank.js';

export interface EcrServerDeps {
  bank: SimulatedBank;
  faults: FaultSwitch;
  terminalId: string;
  now: () => Date;
  logger: Logger;
}

function sendError(reply: FastifyReply, code: EcrErrorCode, message: string): FastifyReply {
  const body: ErrorReply = { error: { code, message } };
  return reply.code(ecrErrorStatus(code)).send(body);
}

export async function buildEcrServer(deps: EcrServerDeps) {
  const app = Fastify({
    loggerInstance: deps.logger.child({ component: 'ecr' }, { level: 'warn' }),
    bodyLimit: 64 * 1024,
    serverFactory: (routing) => createServer(routing),
  });

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) deps.logger.error({ err: error }, 'ECR request failed');
    return sendError(reply, status < 500 ? 'MALFORMED_REQUEST' : 'TERMINAL_ERROR', String(error));
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'NOT_FOUND', `no ECR operation ${request.method} ${request.url}`),
  );

  /** Fault modes that decide whether and when the answer goes out; the work is done already. */
  async function answer<R>(
    reply: FastifyReply,
    operation: EcrOperation,
    amount: number | undefined,
    outcome: () => BankOutcome<R>,
  ) {
    const mode = deps.faults.modeFor(operation, amount);
    if (mode === 'error') return sendError(reply, 'TERMINAL_ERROR', deps.faults.settings.errorMessage);
    const result = outcome();
    if (mode === 'hang') {
      deps.logger.info({ operation }, 'processed; the answer is never sent (hang)');
      return new Promise<never>(() => {});
    }
    if (mode === 'slow') await delay(deps.faults.settings.delayMs);
    if (result.kind === 'error') return sendError(reply, result.code, result.message);
    return reply.code(200).send(result.reply);
  }

  function transaction<S extends z.ZodType>(
    operation: Exclude<EcrOperation, 'status'>,
    schema: S,
    process: (request: z.output<S>) => BankOutcome<unknown>,
  ): void {
    app.post(`${ECR_BASE_PATH}/${operation}`, async (request, reply) => {
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
        return sendError(reply, 'MALFORMED_REQUEST', issues.join('; '));
      }
      const { reference, amount } = parsed.data as { reference: string; amount?: number };
      const result = await answer(reply, operation, amount, () => process(parsed.data));
      deps.logger.info({ operation, reference }, 'answered');
      return result;
    });
  }

  transaction('purchase', purchaseRequestSchema, (r) => deps.bank.purchase(r));
  transaction('void', voidRequestSchema, (r) => deps.bank.void(r));
  transaction('refund', refundRequestSchema, (r) => deps.bank.refund(r));
  transaction('reversal', reversalRequestSchema, (r) => deps.bank.reverse(r));

  app.get(`${ECR_BASE_PATH}/status`, (_request, reply) =>
    answer<StatusReply>(reply, 'status', undefined, () => ({
      kind: 'reply',
      reply: {
        state: 'ready',
        terminalId: deps.terminalId,
        currency: ECR_CURRENCY,
        protocol: 'ecr/v1',
        serverTime: deps.now().toISOString(),
      },
    })),
  );

  await app.ready();
  return app;
}
