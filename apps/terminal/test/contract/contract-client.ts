import { expect } from 'vitest';
import type { z } from 'zod';
import {
  errorEnvelopeSchema,
  rawErrorSchema,
  successEnvelopeSchema,
} from '../../src/http/envelope-contract.js';
import { httpStatusOf } from '../../src/http/error-codes.js';
import type { EndpointContract } from '../../src/http/define-route.js';
import { errorCodesOf } from '../../src/openapi/openapi-document.js';
import { TERMINAL_ENDPOINTS } from '../../src/terminal-routes.js';
import { API_KEY } from '../support/terminal-harness.js';

export interface CallOptions {
  /** The URL when it differs from the route (path parameters, query string). */
  url?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no X-API-Key. */
  anonymous?: boolean;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The declared contract of `METHOD /route`; a route the contracts do not declare fails the test. */
function contractOf(route: string): EndpointContract {
  const [method, path] = route.split(' ');
  const contract = TERMINAL_ENDPOINTS.find((e) => e.method === method && e.path === path);
  if (!contract) throw new Error(`No contract declares ${route}`);
  return contract;
}

/**
 * Calls a real terminal and checks each answer against the declared contract: success bodies
 * through the endpoint's response schema (`.parse`, so an extra, missing or mistyped field
 * throws), errors through the error envelope and the endpoint's declared codes and statuses.
 */
export class ContractClient {
  /** operationIds answered successfully and parsed, to prove every endpoint was checked. */
  readonly covered = new Set<string>();

  constructor(private readonly baseUrl: string) {}

  private async send(contract: EndpointContract, o: CallOptions): Promise<RawAnswer> {
    const headers: Record<string, string> = { ...(o.anonymous ? {} : { 'X-API-Key': API_KEY }) };
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(this.baseUrl + (o.url ?? contract.path), {
      method: contract.method,
      headers: { ...headers, ...o.headers },
      ...(o.body !== undefined ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}),
    });
    const text = await response.text();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    return { status: response.status, headers: response.headers, text };
  }

  /** A 200 answer, parsed by the schema the endpoint declares (which must be `schema`). */
  async ok<S extends z.ZodType>(route: string, schema: S, o: CallOptions = {}): Promise<z.output<S>> {
    const contract = contractOf(route);
    expect(contract.response).toBe(schema);
    const answer = await this.send(contract, o);
    expect(answer.status, answer.text).toBe(200);
    let payload: z.output<S>;
    if (contract.body === 'envelope') {
      // The envelope is generic over the payload schema, which TypeScript cannot see through.
      const envelope = successEnvelopeSchema(schema).parse(JSON.parse(answer.text)) as { data: z.output<S> };
      payload = envelope.data;
    } else if (contract.contentType) {
      expect(answer.headers.get('content-type')).toContain(contract.contentType);
      payload = schema.parse(answer.text);
    } else {
      payload = schema.parse(JSON.parse(answer.text));
    }
    this.covered.add(contract.operationId);
    return payload;
  }

  /**
   * An error answer: the envelope (the raw error of a raw endpoint), a code the endpoint
   * declares, the status of that code.
   */
  async fails(route: string, code: string, o: CallOptions = {}) {
    const contract = contractOf(route);
    const answer = await this.send(contract, o);
    const body: unknown = JSON.parse(answer.text);
    const envelope = contract.body === 'raw' ? rawErrorSchema.parse(body) : errorEnvelopeSchema.parse(body);
    expect(envelope.error.code, answer.text).toBe(code);
    expect(errorCodesOf(contract)).toContain(envelope.error.code);
    if (envelope.error.code !== 'PLATFORM_ERROR') {
      expect(answer.status).toBe(httpStatusOf(envelope.error.code));
    }
    return envelope.error;
  }
}
