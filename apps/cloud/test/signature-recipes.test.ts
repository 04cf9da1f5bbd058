// The worked signature example of docs/cloud-api.md, checked three ways: the spec's recipe
// (node:crypto, written in the test), the `standardwebhooks` library, and the headers the
// delivery worker sends for those inputs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders } from '../src/webhooks/signing.js';
import { verifySpecSignature } from './spec-signature.js';

const DOC = fileURLToPath(new URL('../../../docs/cloud-api.md', import.meta.url));

/** The `label: value` lines of the worked example's text block. */
function workedExample(): Record<string, string> {
  const doc = readFileSync(DOC, 'utf8');
  const block = /\*\*Worked example\*\*[^\n]*\n\n```text\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/cloud-api.md has no worked signature example');
  return Object.fromEntries(
    block[1]!
      .trim()
      .split('\n')
      .map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at), line.slice(at + 1).trim()];
      }),
  );
}

describe('the documented signature recipes', () => {
  const ex = workedExample();
  const secret = ex['secret']!;
  const timestamp = Number(ex['timestamp']);
  const body = ex['body']!;
  const headers = {
    'x-service-webhook-id': ex['webhook id']!,
    'x-service-timestamp': ex['timestamp']!,
    'x-service-signature': ex['X-Service-Signature']!,
    'webhook-id': ex['webhook id']!,
    'webhook-timestamp': ex['timestamp']!,
    'webhook-signature': ex['webhook-signature']!,
  };

  it('X-Service-Signature of the example follows the spec: the secret string itself is the key', () => {
    expect(verifySpecSignature(secret, headers, body)).toBe(true);
    expect(verifySpecSignature(`${secret}x`, headers, body)).toBe(false);
  });

  it('webhook-signature of the example verifies with the standardwebhooks library', () => {
    const verifier = new Webhook(secret);
    // The library refuses timestamps far from now; the example's is fixed.
    const now = Date.now;
    Date.now = () => timestamp * 1000;
    try {
      expect(() => verifier.verify(body, headers)).not.toThrow();
    } finally {
      Date.now = now;
    }
  });

  it('the delivery headers for the example inputs are the documented ones', () => {
    const sent = deliveryHeaders({
      secrets: [secret],
      webhookId: ex['webhook id']!,
      timestamp,
      eventType: 'ping',
      body,
    });
    expect(sent['x-service-signature']).toBe(headers['x-service-signature']);
    expect(sent['webhook-signature']).toBe(headers['webhook-signature']);
  });
});
