import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_ENDPOINTS } from '../../src/terminal-routes.js';
import { API_KEY, removeDir, startTerminal, type TerminalHandle } from '../support/terminal-harness.js';

/**
 * The one security suite every route runs: each endpoint the contracts declare is called
 * without a key and with a wrong key (401, MISSING_API_KEY / INVALID_API_KEY, nothing done),
 * and each public one answers without a key. A new route is covered by declaring its contract,
 * which the OpenAPI test requires of every route Fastify serves.
 */
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await startTerminal({ fiscalization: 'not_fiscal' });
});

afterAll(async () => {
  await terminal.stop();
  removeDir(terminal.dataDir);
});

/** `/api/sales/:saleId/duplicate` -> a URL with a well-formed id in every parameter. */
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, '7d0c5f1e-3c4b-4a8e-9a55-1f2e3d4c5b6a');

async function send(method: string, path: string, key: string | null) {
  const response = await fetch(terminal.url + urlOf(path), {
    method,
    headers: {
      ...(key === null ? {} : { 'X-API-Key': key }),
      ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const routes = (authenticated: boolean) =>
  TERMINAL_ENDPOINTS.filter((e) => e.authenticated === authenticated).map(
    (e) => [`${e.method} ${e.path}`, e] as const,
  );

describe.each(routes(true))('%s', (_route, endpoint) => {
  it('answers 401 MISSING_API_KEY without a key and INVALID_API_KEY with a wrong one, changing nothing', async () => {
    const rows = () =>
      terminal.runtime.db
        .prepare('SELECT (SELECT COUNT(*) FROM shifts) + (SELECT COUNT(*) FROM receipt_copies) AS n')
        .get();
    const before = rows();
    for (const [key, code] of [
      [null, 'MISSING_API_KEY'],
      ['', 'MISSING_API_KEY'],
      [`${API_KEY}x`, 'INVALID_API_KEY'],
    ] as const) {
      const res = await send(endpoint.method, endpoint.path, key);
      expect(res.status, res.text).toBe(401);
      // Catalog paths answer raw JSON, their errors too (spec); every other path the envelope.
      const body = JSON.parse(res.text) as Record<string, unknown>;
      if (endpoint.path.startsWith('/api/catalog/')) {
        expect(Object.keys(body)).toEqual(['error']);
        expect(body).toMatchObject({ error: { code } });
      } else expect(body).toMatchObject({ success: false, data: null, error: { code } });
    }
    expect(rows()).toEqual(before);
  });
});

describe.each(routes(false))('%s', (_route, endpoint) => {
  it('answers without a key', async () => {
    const res = await send(endpoint.method, endpoint.path, null);
    expect(res.status, res.text).toBe(200);
  });
});

it('covers the shift, duplicate and delivery-lot routes among the protected ones', () => {
  const protectedRoutes = routes(true).map(([route]) => route);
  expect(protectedRoutes).toEqual(
    expect.arrayContaining([
      'POST /api/shifts/open',
      'POST /api/shifts/close',
      'GET /api/shifts/current',
      'GET /api/shifts',
      'GET /api/shifts/:shiftId',
      'POST /api/sales/:saleId/duplicate',
      'POST /api/delivery-lots',
      'GET /api/delivery-lots',
      'GET /api/delivery-lots/:lotId',
      'POST /api/delivery-lots/:lotId/cancel',
    ]),
  );
});
