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
