import { describe, expect, it } from 'vitest';
import { API_KEY, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(ctx.terminal.url + path, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe('rules every request follows', () => {
  it('serves health without a key, with every field of the spec', async () => {
    const res = await raw('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null });
    expect(res.body.data).toMatchObject({
      status: 'ready',
      fiscalStatus: 'online',
      serverPort: Number(new URL(ctx.terminal.url).port),
      terminalId: expect.any(String),
      deviceIp: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
      serverStartedAt: expect.any(String),
      uptime: expect.any(Number),
    });
    expect(res.body.data.version).toMatch(/^\d+\.\d+\.\d+\+[0-9A-Za-z-]+$/);
    expect(new Date(res.body.timestamp).toISOString()).toBe(res.body.timestamp);
  });

  it('serves the catalog health as raw JSON without a key', async () => {
    const res = await raw('/api/catalog/health');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('success');
    expect(res.body.status).toBe('ok');
  });

  it('requires X-API-Key everywhere else', async () => {
    const missing = await raw('/api/sales');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, data: null, error: { code: 'MISSING_API_KEY' } });
    const wrong = await raw('/api/sales', { headers: { 'X-API-Key': `${API_KEY}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_API_KEY');
    const post = await raw('/api/cash/in', {
      method: 'POST',
      body: '{"amount":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.body.error.code).toBe('MISSING_API_KEY');
    expect(missing.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers NOT_FOUND for unknown routes, in the envelope', async () => {
    const res = await raw('/api/nope', { headers: { 'X-API-Key': API_KEY } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
  });

  it('answers long and undecodable path parameters in the envelope, with an audit row', async () => {
    const headers = { 'X-API-Key': API_KEY };
    const long = await raw(`/api/sales/${'x'.repeat(5_000)}`, { headers });
    expect(long.status).toBe(404);
    expect(long.body).toMatchObject({ success: false, data: null, error: { code: 'SALE_NOT_FOUND' } });
    const undecodable = await raw('/api/sales/%E0%A4%A', { headers });
    expect(undecodable.status).toBe(404);
    expect(undecodable.body).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
    const id = undecodable.headers.get('x-request-id')!;
    expect(ctx.terminal.runtime.auditLog.find(id)).toMatchObject({ id, status: 404, errorCode: 'NOT_FOUND' });
  });

  it('answers INVALID_JSON for malformed bodies and bodies that are not objects', async () => {
    for (const body of [
      '{"items": [',
      '[1,2]',
      '"text"',
      '42',
      'null',
      '{"__proto__": {"x": 1}}',
      '\u00a0',
    ]) {
      const res = await raw('/api/sales', {
        method: 'POST',
        body,
        headers: { 'X-API-Key': API_KEY, 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect(res.body.error.code, body).toBe('INVALID_JSON');
      expect(res.body.error).not.toHaveProperty('details');
    }
  });

  it('records every request in the audit log under its X-Request-Id, without the key', async () => {
    const res = await raw('/api/cash/out', {
      method: 'POST',
      body: '{"amount": 999999}',
      headers: { 'X-API-Key': API_KEY, 'content-type': 'application/json', 'Idempotency-Key': 'audit-1' },
    });
    const id = res.headers.get('x-request-id')!;
    // Version 7: the audit log's index of ids takes each new one at its end (timeOrderedId).
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const entry = ctx.terminal.runtime.auditLog.find(id);
    expect(entry).toMatchObject({
      id,
      method: 'POST',
      path: '/api/cash/out',
      status: 409,
      idempotencyKey: 'audit-1',
      errorCode: 'INSUFFICIENT_CASH_BALANCE',
    });
    expect(JSON.stringify(entry)).not.toContain(API_KEY);
  });

  it('validates print requests and prints on the virtual printer', async () => {
    const bad = await ctx.terminal.call('POST', '/api/print', {
      lines: [[], ['a', 'b', 'c', 'd'], ['x'.repeat(101)]],
      feedLines: 11,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details!.map((d) => `${d.field}:${d.code}`).sort()).toEqual(
      [
        'lines[0]:LINE_FORMAT_INVALID',
        'lines[1]:LINE_FORMAT_INVALID',
        'lines[2][0]:LINE_TEXT_TOO_LONG',
        'feedLines:FEED_LINES_INVALID',
      ].sort(),
    );
    const empty = await ctx.terminal.call('POST', '/api/print', { lines: [] });
    expect(empty.body.error!.details).toEqual([
      expect.objectContaining({ field: 'lines', code: 'LINES_REQUIRED' }),
    ]);
    const ok = await ctx.terminal.call('POST', '/api/print', {
      lines: [['Hello'], ['Left', 'Right'], ['L', 'C', 'R'], ['']],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ linesCount: 4, printedAt: expect.any(String) });
  });
});
