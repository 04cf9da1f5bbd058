import type { z } from 'zod';
import type { ErrorCode } from '../http/error-codes.js';

/**
 * One endpoint as the OpenAPI document describes it. The schemas are the ones the code runs:
 * request schemas validate bodies, response schemas type the presenters (`z.infer`) and are
 * checked against real answers by the contract tests.
 */
export interface EndpointContract {
  method: 'GET' | 'POST';
  /** In Fastify's form, `/api/sales/:saleId`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** false only for the health checks and the OpenAPI document. */
  authenticated: boolean;
  /**
   * `envelope`: the payload is the data of the success envelope. `raw`: the body is the
   * payload itself (catalog paths, the OpenAPI document, Prometheus text).
   */
  body: 'envelope' | 'raw';
  /** Media type of a raw body; JSON unless told. */
  contentType?: string;
  request?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  response: z.ZodType;
  /**
   * Error codes particular to this endpoint. The document adds the ones every endpoint of
   * its kind can answer (key checks, body and Idempotency-Key handling, INTERNAL_ERROR).
   */
  errors: readonly EndpointErrorCode[];
}

/** PLATFORM_ERROR carries a status of its own and no terminal endpoint answers it. */
export type EndpointErrorCode = Exclude<ErrorCode, 'PLATFORM_ERROR'>;

/** The errors of every operation that registers a fiscal document under the fiscal lock. */
export const FISCAL_OPERATION_ERRORS = [
  'TERMINAL_NOT_FISCAL',
  'MEV_CREDENTIALS_MISSING',
  'BUSY',
  'MEV_ERROR',
  'MEV_UNAVAILABLE',
] as const satisfies readonly EndpointErrorCode[];
