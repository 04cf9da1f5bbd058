/**
 * The terminal API client, for an ERP on the LAN (`http://<terminal>:4567`) or anywhere through
 * the relay (`https://<relay>/api/relay/<publicId>`): every path of the terminal's OpenAPI
 * document, typed (openapi-fetch over the generated `paths`), with the rules a fiscal client
 * must follow built in:
 *
 * - every POST carries an Idempotency-Key (one of the caller's, or a new UUID), so a POST whose
 *   answer was lost (connection dropped, the relay's 502/504) is sent again with the same key and
 *   the terminal carries it out at most once, answering the first result again;
 * - `429 BUSY` (the fiscal lock was held for 30 s) and `429 RELAY_RATE_LIMITED` wait and retry;
 * - a refusal throws `TerminalApiError` with the closed `code` union; no answer at all throws
 *   `TerminalUnreachableError`, carrying the key to try again with later.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/terminal-api.js';
import { backoffMs, DEFAULT_RETRY_POLICY, retryAfterMs, sleep, type RetryPolicy } from './retry-policy.js';
import { TerminalUnreachableError, terminalErrorOf, type TerminalErrorCode } from './terminal-errors.js';

export interface TerminalClientOptions {
  /** `http://192.168.1.20:4567` on the LAN, or `{relay_url}`. */
  baseUrl: string;
  /** The terminal's X-API-Key. */
  apiKey: string;
  retry?: Partial<RetryPolicy>;
  /** For tests and custom transports; the platform's fetch by default. */
  fetch?: typeof globalThis.fetch;
}

export type TerminalClient = Client<paths>;

/**
 * Answers that say the request may have reached the terminal without its answer coming back:
 * the relay lost the link mid-request (502) or gave up waiting (504), or any other gateway
 * answered in the terminal's stead. Answers the terminal itself gives (MEV_ERROR is a 502 too)
 * are final and never retried.
 */
const IN_DOUBT_CODES: ReadonlySet<TerminalErrorCode> = new Set([
  'TERMINAL_CONNECTION_LOST',
  'TERMINAL_TIMEOUT',
]);
/** Answers that say the request did not reach the terminal: safe to send again. */
const NOT_DELIVERED_CODES: ReadonlySet<TerminalErrorCode> = new Set(['TERMINAL_NOT_CONNECTED']);
const WAIT_CODES: ReadonlySet<TerminalErrorCode> = new Set(['BUSY', 'RELAY_RATE_LIMITED']);

export function createTerminalClient(options: TerminalClientOptions): TerminalClient {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const send = options.fetch ?? globalThis.fetch;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'x-api-key': options.apiKey },
    fetch: (request) => sendWithRetries(request, policy, send),
  });
}

async function sendWithRetries(request: Request, policy: RetryPolicy, send: typeof fetch): Promise<Response> {
  const idempotencyKey = request.method === 'POST' ? ensureIdempotencyKey(request) : null;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await send(request.clone());
    } catch (error) {
      // No answer: for a POST the key makes a second try safe; a GET is safe anyway.
      if (attempt >= policy.retries) {
        throw new TerminalUnreachableError(`${request.method} ${request.url}: no answer`, idempotencyKey, {
          cause: error,
        });
      }
      await sleep(backoffMs(policy, attempt + 1, null));
      continue;
    }
    if (response.ok) return response;
    const error = await terminalErrorOf(response);
    const retryable =
      WAIT_CODES.has(error.code) ||
      NOT_DELIVERED_CODES.has(error.code) ||
      IN_DOUBT_CODES.has(error.code) ||
      (error.code === 'PLATFORM_ERROR' && (response.status === 502 || response.status === 504));
    if (!retryable || attempt >= policy.retries) throw error;
    await sleep(backoffMs(policy, attempt + 1, retryAfterMs(response.headers.get('retry-after'))));
  }
}

function ensureIdempotencyKey(request: Request): string {
  const given = request.headers.get('idempotency-key');
  if (given !== null) return given;
  const key = crypto.randomUUID();
  request.headers.set('idempotency-key', key);
  return key;
}

/**
 * The `data` of a terminal answer: `await unwrap(terminal.POST('/api/sales', { body }))` is the
 * sale result. Refusals have already thrown (see createTerminalClient).
 */
export async function unwrap<E extends { data: unknown }>(
  pending: Promise<{ data?: E; response: Response }>,
): Promise<E['data']> {
  const { data, response } = await pending;
  if (data === undefined) throw new Error(`${response.url}: ${response.status} without a body`);
  return data.data;
}
