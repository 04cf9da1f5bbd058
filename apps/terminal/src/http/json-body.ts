import { isUtf8 } from 'node:buffer';
import type { TerminalApp } from './terminal-app.js';
import secureJson from 'secure-json-parse';
import { DomainError } from '../domain-error.js';

/**
 * Request bodies: JSON objects only. A malformed body, or one that is JSON but not an object
 * (array, string, number, null), is 400 INVALID_JSON. An empty body (nothing but JSON whitespace) counts as `{}` so that
 * requests whose fields are all optional (reports) can be sent bare. The content type is not
 * enforced: ERPs send JSON as text/plain often enough. Its bytes must be UTF-8 (RFC 8259 §8.1),
 * whatever charset the header names: a name in Windows-1250 or Latin-1 was read with U+FFFD in
 * place of its letters and went so onto a fiscal receipt. Prototype-poisoning keys are refused.
 * So are bodies nested deeper than MAX_DEPTH (RFC 8259 lets a parser limit nesting): no request
 * nests beyond 4 levels, and a deeper value only exhausts the stack of whatever walks it
 * recursively (the Idempotency-Key fingerprint did: 500 on every POST nested ~10 000 deep).
 */
export const MAX_DEPTH = 64;

function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

export function registerJsonBodyParser(app: TerminalApp, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (request, body: Buffer, done) => {
    // The terminal reads bodies as they come: one that claims a content coding (gzip) would
    // be read as JSON in plain text if it were not compressed, and as garbage if it were.
    const coding = request.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
      done(
        new DomainError(
          'INVALID_JSON',
          `Content-Encoding ${coding} is not accepted: send the JSON body uncompressed, without Content-Encoding`,
        ),
        undefined,
      );
      return;
    }
    if (!isUtf8(body)) {
      done(
        new DomainError(
          'INVALID_JSON',
          'The request body is not UTF-8: send JSON encoded in UTF-8 (RFC 8259), whatever the charset of its Content-Type',
        ),
        undefined,
      );
      return;
    }
    const text = body.toString('utf8');
    if (/^[ \t\r\n]*$/.test(text)) {
      done(null, {});
      return;
    }
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      done(new DomainError('INVALID_JSON', `Malformed JSON body: ${(error as Error).message}`), undefined);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      done(new DomainError('INVALID_JSON', 'The request body must be a JSON object'), undefined);
      return;
    }
    if (nestedDeeperThan(parsed, MAX_DEPTH)) {
      done(
        new DomainError('INVALID_JSON', `The request body is nested deeper than ${MAX_DEPTH} levels`),
        undefined,
      );
      return;
    }
    done(null, parsed);
  });
}
