// The relay's own answers to a client of {relay_url}: the terminal's envelope and vocabulary
// (@fiscal-pos/relay-protocol), with an X-Request-Id the relay's log line carries too.
import type { ServerResponse } from 'node:http';
import { relayErrorEnvelope, relayStatusOf, type RelayErrorCode } from '@fiscal-pos/relay-protocol';

export function answerRelayError(
  res: ServerResponse,
  requestId: string,
  code: RelayErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    // The terminal's answer had begun: cutting it off is the only honest signal left.
    res.destroy();
    return;
  }
  const body = JSON.stringify(relayErrorEnvelope(code, message, new Date()));
  res.writeHead(relayStatusOf(code), {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
    ...headers,
  });
  res.end(body);
}

const IN_DOUBT = 'It may have been done: retry with the same Idempotency-Key.';
export const LOST = `The terminal's connection to the relay dropped during the request. ${IN_DOUBT}`;
export const NOT_CONNECTED = 'The terminal is not connected to the relay now.';
export const timedOut = (ms: number): string => `The terminal did not answer within ${ms} ms. ${IN_DOUBT}`;
export const tooLarge = (limit: number): string =>
  `The request body is over the relay's limit of ${limit} bytes.`;
export const headTooLarge = (limit: number): string =>
  `The request's method, path and headers are over the relay's limit of ${limit} bytes (as JSON).`;
export const rateLimited = (seconds: number): string =>
  `Too many requests for this terminal; retry after ${seconds} s.`;
export const tooManyWrongKeys = (seconds: number): string =>
  `Too many requests from this address were refused for their X-API-Key; retry after ${seconds} s.`;
