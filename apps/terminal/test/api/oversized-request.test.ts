/**
 * A request whose URL and headers exceed Node's header limit never reaches a route: it is
 * answered from the socket, still with the envelope, its code and an X-Request-Id.
 */
import { describe, expect, it } from 'vitest';
import { useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal({ card: 'none' });

describe('a too-long URL', () => {
  it('answers 431 HEADERS_TOO_LARGE in the envelope with X-Request-Id', async () => {
    const response = await fetch(`${ctx.terminal.url}/api/sales?q=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({
      success: false,
      data: null,
      error: { code: 'HEADERS_TOO_LARGE' },
      timestamp: expect.any(String),
    });
  });
});
