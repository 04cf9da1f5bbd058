import { describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

async function saleCount(): Promise<number> {
  return (await ctx.terminal.call('GET', '/api/sales')).body.data!.total as number;
}

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and payload', async () => {
    const first = await ctx.terminal.call('POST', '/api/sales', cashSale(12), {
      'Idempotency-Key': 'sale-1',
    });
    const count = await saleCount();
    // Same JSON value, other key order and spacing: the same payload.
    const body = JSON.stringify(cashSale(12)).replace('{"items"', '{ "printReceipt": false, "items"');
    const second = await ctx.terminal.call('POST', '/api/sales', body, { 'Idempotency-Key': 'sale-1' });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-idempotency-replayed')).toBe('true');
    expect(first.headers.get('x-idempotency-replayed')).toBeNull();
    expect(second.body.data).toEqual(first.body.data);
    expect(await saleCount()).toBe(count);
  });

  it('refuses the same key with another payload', async () => {
    await ctx.terminal.call('POST', '/api/sales', cashSale(13), { 'Idempotency-Key': 'sale-2' });
    const res = await ctx.terminal.call('POST', '/api/sales', cashSale(14), { 'Idempotency-Key': 'sale-2' });
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');
    const otherRoute = await ctx.terminal.call(
      'POST',
      '/api/cash/in',
      { amount: 13 },
      { 'Idempotency-Key': 'sale-2' },
    );
    expect(otherRoute.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');
  });

  it('executes concurrent requests with one key once; the others get the first answer', async () => {
    const count = await saleCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.terminal.call('POST', '/api/sales', cashSale(15), { 'Idempotency-Key': 'sale-3' }),
      ),
    );
    expect(new Set(results.map((r) => r.body.data!.saleId)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('x-idempotency-replayed') === 'true')).toHaveLength(7);
    expect(await saleCount()).toBe(count + 1);
  });

  it('does not keep a refusal that wrote nothing, so the key can be retried', async () => {
    const refused = await ctx.terminal.call(
      'POST',
      '/api/cash/out',
      { amount: 1_000_000 },
      { 'Idempotency-Key': 'cash-1' },
    );
    expect(refused.body.error!.code).toBe('INSUFFICIENT_CASH_BALANCE');
    await ctx.terminal.call('POST', '/api/cash/in', { amount: 1_000_000, printReceipt: false });
    const retried = await ctx.terminal.call(
      'POST',
      '/api/cash/out',
      { amount: 1_000_000 },
      { 'Idempotency-Key': 'cash-1' },
    );
    expect(retried.status).toBe(200);
    expect(retried.headers.get('x-idempotency-replayed')).toBeNull();
  });

  it('replays a retry that names the sale in another case: the same sale, the same request', async () => {
    // An ERP on SQL Server reads a uniqueidentifier in upper case; its retry may format the id
    // another way. The path ids are UUIDs, the same in any case (GET and the refund take both).
    const sale = (await ctx.terminal.call('POST', '/api/sales', cashSale(18))).body.data!;
    const saleId = sale.saleId as string;
    const refund = { items: [{ index: 0, quantity: 1 }], printReceipt: false };
    const key = { 'Idempotency-Key': 'refund-case' };
    const first = await ctx.terminal.call('POST', `/api/sales/${saleId.toUpperCase()}/refund`, refund, key);
    expect(first.status).toBe(200);
    const retry = await ctx.terminal.call('POST', `/api/sales/${saleId}/refund`, refund, key);
    expect(retry.status, JSON.stringify(retry.body.error)).toBe(200);
    expect(retry.headers.get('x-idempotency-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    const detail = await ctx.terminal.call('GET', `/api/sales/${saleId}`);
    expect(detail.body.data!.refunds).toHaveLength(1);
    // Another sale under the same key is still another request.
    const other = (await ctx.terminal.call('POST', '/api/sales', cashSale(18))).body.data!;
    const reused = await ctx.terminal.call('POST', `/api/sales/${other.saleId}/refund`, refund, key);
    expect(reused.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');
  });

  it('rejects unusable keys', async () => {
    const res = await ctx.terminal.call(
      'POST',
      '/api/cash/in',
      { amount: 1 },
      { 'Idempotency-Key': 'x'.repeat(256) },
    );
    expect(res.status).toBe(400);
    expect(res.body.error!.details![0]).toMatchObject({
      field: 'Idempotency-Key',
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
  });

  it('still replays after a restart on the same data directory', async () => {
    const dataDir = ctx.terminal.dataDir;
    const first = await ctx.terminal.call('POST', '/api/sales', cashSale(16), {
      'Idempotency-Key': 'sale-restart',
    });
    await ctx.restart();
    expect(ctx.terminal.dataDir).toBe(dataDir);
    const replay = await ctx.terminal.call('POST', '/api/sales', cashSale(16), {
      'Idempotency-Key': 'sale-restart',
    });
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
  });

  it('answers a retry after a crash with the operation the first attempt wrote', async () => {
    // Simulate a crash after the durable write: a `processing` key linked to a written sale
    // with no stored answer, and no request in flight.
    const first = await ctx.terminal.call('POST', '/api/sales', cashSale(17), {
      'Idempotency-Key': 'sale-crash',
    });
    // The answer leaves the memory it waits in (IdempotencyStore.keepAnswer) for the file, where the crash loses it.
    ctx.terminal.runtime.idempotencyStore.flushAnswers();
    ctx.terminal.runtime.db
      .prepare(
        `UPDATE idempotency_keys SET state = 'processing', status_code = NULL, response_body = NULL WHERE key = ?`,
      )
      .run('sale-crash');
    const count = await saleCount();
    const retry = await ctx.terminal.call('POST', '/api/sales', cashSale(17), {
      'Idempotency-Key': 'sale-crash',
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('x-idempotency-replayed')).toBe('true');
    expect(retry.body.data!.saleId).toBe(first.body.data!.saleId);
    expect(retry.body.data!.receiptNumber).toBe(first.body.data!.receiptNumber);
    expect(await saleCount()).toBe(count);
  });

  it('never closes a second day when a Z report is retried after a crash', async () => {
    const first = await ctx.terminal.call(
      'POST',
      '/api/reports/z',
      { printReport: false },
      { 'Idempotency-Key': 'z-crash' },
    );
    expect(first.status).toBe(200);
    // The answer leaves the memory it waits in (IdempotencyStore.keepAnswer) for the file, where the crash loses it.
    ctx.terminal.runtime.idempotencyStore.flushAnswers();
    ctx.terminal.runtime.db
      .prepare(
        `UPDATE idempotency_keys SET state = 'processing', status_code = NULL, response_body = NULL WHERE key = ?`,
      )
      .run('z-crash');
    const stateBefore = ctx.terminal.runtime.terminalState.get();
    const retry = await ctx.terminal.call(
      'POST',
      '/api/reports/z',
      { printReport: false },
      { 'Idempotency-Key': 'z-crash' },
    );
    expect(retry.status).toBe(200);
    expect(retry.headers.get('x-idempotency-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    expect(ctx.terminal.runtime.terminalState.get()).toEqual(stateBefore);
  });
});
