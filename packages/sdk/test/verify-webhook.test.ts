// verifyWebhook against the spec's rule, signed here with the spec's recipe (independent of the
// cloud's signer, which integration-client.test.ts checks end to end).
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../src/index.js';

const sign = (secret: string, id: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64');

const NOW = new Date('2026-11-26T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

function delivery(secret: string, body: string, timestamp = String(nowSeconds), id = 'wh_1') {
  return {
    'X-Service-Webhook-Id': id,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': sign(secret, id, timestamp, body),
    'X-Service-Event': 'order.created',
  };
}

describe('verifyWebhook', () => {
  it('accepts what the spec recipe signs, from a string or the raw bytes, in any header case', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ unit: 'binary' }), (secret, body) => {
        const headers = delivery(secret, body);
        expect(verifyWebhook(secret, headers, body, NOW)).toMatchObject({
          ok: true,
          webhookId: 'wh_1',
          event: 'order.created',
        });
        expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body, 'utf8'), NOW).ok).toBe(true);
      }),
    );
  });

  it('refuses a changed body, another secret, another id and a changed timestamp', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string({ minLength: 1 }),
        (secret, body, extra) => {
          const headers = delivery(secret, body);
          expect(verifyWebhook(secret, headers, body + extra, NOW)).toEqual({
            ok: false,
            reason: 'bad_signature',
          });
          expect(verifyWebhook(secret + extra, headers, body, NOW).ok).toBe(false);
          expect(verifyWebhook(secret, { ...headers, 'X-Service-Webhook-Id': 'wh_2' }, body, NOW).ok).toBe(
            false,
          );
          const later = String(nowSeconds + 1);
          expect(verifyWebhook(secret, { ...headers, 'X-Service-Timestamp': later }, body, NOW).ok).toBe(
            false,
          );
        },
      ),
    );
  });

  it('takes any one of several signatures (a secret rotation’s grace window)', () => {
    const body = '{"id":"evt_1"}';
    const headers = delivery('new-secret', body);
    const both = {
      ...headers,
      'X-Service-Signature': `${sign('old-secret', 'wh_1', String(nowSeconds), body)} ${headers['X-Service-Signature']}`,
    };
    expect(verifyWebhook('old-secret', both, body, NOW).ok).toBe(true);
    expect(verifyWebhook('new-secret', both, body, NOW).ok).toBe(true);
    expect(verifyWebhook('third-secret', both, body, NOW).ok).toBe(false);
  });

  it('refuses a timestamp more than 5 minutes from the clock, either way, and missing headers', () => {
    const body = '{}';
    for (const [offset, ok] of [
      [300, true],
      [-300, true],
      [301, false],
      [-301, false],
    ] as const) {
      const timestamp = String(nowSeconds + offset);
      expect(verifyWebhook('s', delivery('s', body, timestamp), body, NOW).ok, `offset ${offset}`).toBe(ok);
    }
    expect(verifyWebhook('s', delivery('s', body, 'soon'), body, NOW)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    const { 'X-Service-Signature': _, ...unsigned } = delivery('s', body);
    expect(verifyWebhook('s', unsigned, body, NOW)).toEqual({ ok: false, reason: 'missing_header' });
  });
});
