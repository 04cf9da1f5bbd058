import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { errorEnvelope } from './envelope.js';
import { httpStatusOf } from './error-codes.js';

/** What node:http reports with its `clientError` event. */
type ClientError = Error & { code?: string };

/**
 * Fastify's `clientErrorHandler`: node:http refuses a request it cannot parse before any
 * route or hook sees it, so the answer is written on the socket here. URL and headers past
 * Node's limit get the envelope and a request id like every other refusal; any other
 * unparsable request gets Node's bare 400, as there is no request to answer to.
 */
export function answerClientError(error: ClientError, socket: Socket, now: () => Date): void {
  // The peer is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code !== 'HPE_HEADER_OVERFLOW') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return;
  }
  const status = httpStatusOf('HEADERS_TOO_LARGE');
  const body = JSON.stringify(
    errorEnvelope(
      'HEADERS_TOO_LARGE',
      'The request line and headers are larger than the terminal accepts; send a shorter URL or fewer headers',
      null,
      now(),
    ),
  );
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      // No audit row exists for a request that was never parsed; the id still names the answer in the log.
      `X-Request-Id: ${randomUUID()}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
