// The answer object of a relayed request: Node's HTTP/2 compatibility response, except that it
// sends its headers without asking to wait for trailers. The compatibility layer always asks
// (for addTrailers), which keeps the stream open after the last DATA frame until a separate
// empty frame ends it: one more WebSocket message, system call and wake-up on both ends of the
// link for every request. Without it, an answer written in one go (Fastify's `end(payload)`)
// leaves as HEADERS and DATA with END_STREAM in one message. The terminal's API sends no
// trailers; `addTrailers` on a relayed answer would be dropped.
import { validateHeaderValue } from 'node:http';
import { Http2ServerResponse, type OutgoingHttpHeaders } from 'node:http2';

export class RelayedResponse extends Http2ServerResponse {
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders): this;
  override writeHead(statusCode: number, statusMessage: string, headers?: OutgoingHttpHeaders): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | OutgoingHttpHeaders,
    maybeHeaders?: OutgoingHttpHeaders,
  ): this {
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    // Headers already sent, or a stream gone: the compatibility layer's own errors and no-ops.
    if (this.stream.headersSent || this.stream.destroyed) return super.writeHead(statusCode, headers);
    this.statusCode = statusCode;
    // As Node's HTTP/1 answer does: headers given here go out without being stored one by one
    // (Fastify gives all of them here: a relayed request paid for copying and checking each
    // twice); those set before with setHeader go along, overridden by these.
    // Their values are checked as setHeader and HTTP/1 check them (a line break in one is refused
    // there); HTTP/2 checks the names.
    for (const name in headers) {
      const value = headers[name];
      // A number or a list is checked as its text, as Node checks it.
      if (value !== undefined) validateHeaderValue(name, String(value));
    }
    const stored = this.getHeaderNames().length === 0 ? null : this.getHeaders();
    // `end()` without a body asks for the headers after marking itself ending: END_STREAM on them.
    this.stream.respond({ ...stored, ...headers, ':status': statusCode }, { endStream: this.writableEnded });
    return this;
  }
}
