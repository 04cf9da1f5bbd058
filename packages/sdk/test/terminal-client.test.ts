// The SDK's terminal client against a real fiscal terminal over HTTP (real SQLite, mev-sim as a
// process): typed values, typed refusals, and a POST whose answer is lost on the wire sent again
// with the same Idempotency-Key and carried out once.
import { API_KEY, useFiscalTerminal } from '../../../apps/terminal/test/support/terminal-harness.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTerminalClient,
  type TerminalPaths,
  TerminalApiError,
  TerminalUnreachableError,
  unwrap,
} from '../src/index.js';
import { AnswerDroppingProxy } from './answer-dropping-proxy.js';

const env = useFiscalTerminal();
const proxies: AnswerDroppingProxy[] = [];
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
});

const fast = { baseDelayMs: 10, maxDelayMs: 50 };

type SaleRequest = TerminalPaths['/api/sales']['post']['requestBody']['content']['application/json'];

/** A valid sale of `total` in cash, one B line, paid exactly, typed as the SDK's request. */
function cashSale(total: number): SaleRequest {
  return {
    items: [{ name: 'Item', unitPrice: total, quantity: 1, vatCode: 'B' }],
    payments: [{ type: '1', amount: total }],
    amountReceived: total,
    change: 0,
    printReceipt: false,
  };
}

async function salesOfTotal(total: number): Promise<number> {
  const client = createTerminalClient({ baseUrl: env.terminal.url, apiKey: API_KEY });
  const page = await unwrap(client.GET('/api/sales', { params: { query: { limit: 200 } } }));
  return page.sales.filter((sale) => sale.total === total).length;
}

describe('terminal client', () => {
  it('sells and reads back typed values', async () => {
    const terminal = createTerminalClient({ baseUrl: env.terminal.url, apiKey: API_KEY });
    const sale = await unwrap(terminal.POST('/api/sales', { body: cashSale(12.5) }));
    expect(sale.total).toBe(12.5);
    const detail = await unwrap(
      terminal.GET('/api/sales/{saleId}', { params: { path: { saleId: sale.saleId } } }),
    );
    expect(detail.id).toBe(sale.saleId);
  });

  it('turns a refusal into a TerminalApiError with the spec code and the field errors', async () => {
    const terminal = createTerminalClient({ baseUrl: env.terminal.url, apiKey: API_KEY });
    const refused = await terminal.POST('/api/sales', { body: { ...cashSale(10), items: [] } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TerminalApiError);
    const error = refused as TerminalApiError;
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(error.details?.map((d) => d.code)).toContain('ITEMS_REQUIRED');
    expect(error.requestId).toMatch(/.+/);

    const wrongKey = createTerminalClient({
      baseUrl: env.terminal.url,
      apiKey: 'not-the-key-0123456789-0123456789',
    });
    await expect(wrongKey.GET('/api/sales')).rejects.toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
  });

  it('sends a POST whose answer was lost again with the same key: one sale, the first answer', async () => {
    const proxy = new AnswerDroppingProxy(new URL(env.terminal.url), 2);
    proxies.push(proxy);
    const terminal = createTerminalClient({ baseUrl: await proxy.listen(), apiKey: API_KEY, retry: fast });
    const sale = await unwrap(terminal.POST('/api/sales', { body: cashSale(31.17) }));
    expect(proxy.dropped).toBe(2);
    expect(sale.total).toBe(31.17);
    expect(await salesOfTotal(31.17)).toBe(1);
  });

  it('keeps a caller’s own Idempotency-Key and hands it back when the terminal stays out of reach', async () => {
    const proxy = new AnswerDroppingProxy(new URL(env.terminal.url), 10);
    proxies.push(proxy);
    const terminal = createTerminalClient({
      baseUrl: await proxy.listen(),
      apiKey: API_KEY,
      retry: { ...fast, retries: 2 },
    });
    const key = crypto.randomUUID();
    const lost = await terminal
      .POST('/api/sales', { body: cashSale(44.44), headers: { 'Idempotency-Key': key } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(lost).toBeInstanceOf(TerminalUnreachableError);
    expect((lost as TerminalUnreachableError).idempotencyKey).toBe(key);
    expect(proxy.dropped).toBe(3);
    // Later, on a good line, the same key finishes the same sale: still one.
    const direct = createTerminalClient({ baseUrl: env.terminal.url, apiKey: API_KEY });
    const { response } = await direct.POST('/api/sales', {
      body: cashSale(44.44),
      headers: { 'Idempotency-Key': key },
    });
    expect(response.headers.get('x-idempotency-replayed')).toBe('true');
    expect(await salesOfTotal(44.44)).toBe(1);
  });

  it('waits out 429 BUSY and tries again; a final answer such as a 502 MEV_ERROR is not retried', async () => {
    // The terminal answers BUSY only after 30 s of a held lock, so the transport scripts the
    // first answer and passes the rest to the real terminal.
    const answers: number[] = [];
    let busyLeft = 2;
    const terminal = createTerminalClient({
      baseUrl: env.terminal.url,
      apiKey: API_KEY,
      retry: fast,
      fetch: async (input) => {
        const request = input as Request;
        if (busyLeft > 0) {
          busyLeft--;
          answers.push(429);
          const body = {
            success: false,
            data: null,
            error: { code: 'BUSY', message: 'held' },
            timestamp: new Date().toISOString(),
          };
          return new Response(JSON.stringify(body), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          });
        }
        const response = await fetch(request);
        answers.push(response.status);
        return response;
      },
    });
    const sale = await unwrap(terminal.POST('/api/sales', { body: cashSale(7.07) }));
    expect(sale.total).toBe(7.07);
    expect(answers).toEqual([429, 429, 200]);

    let calls = 0;
    const refused = createTerminalClient({
      baseUrl: env.terminal.url,
      apiKey: API_KEY,
      retry: fast,
      fetch: () => {
        calls++;
        const body = {
          success: false,
          data: null,
          error: { code: 'MEV_ERROR', message: 'refused' },
          timestamp: new Date().toISOString(),
        };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 502 }));
      },
    });
    await expect(refused.POST('/api/sales', { body: cashSale(1) })).rejects.toMatchObject({
      code: 'MEV_ERROR',
    });
    expect(calls).toBe(1);
  });
});
