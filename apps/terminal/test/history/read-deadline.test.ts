import { afterAll, describe, expect, it } from 'vitest';
import { PooledHistory, READ_WORKER } from '../../src/history/history-reads.js';
import { ReadPool } from '../../src/storage/read-pool.js';
import { cashSale, useSimulator } from '../support/terminal-harness.js';
import { openTestDatabase, writeOperation } from './history-fixture.js';

const STALLING = new URL('./stalling-read-worker.ts', import.meta.url);

describe('the read pool', () => {
  const pools: ReadPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it('answers a history read from its worker', async () => {
    const { db, file } = openTestDatabase();
    writeOperation(
      db,
      {
        reportNumber: 1,
        type: 'cash_in',
        status: 'success',
        shift: null,
        createdAt: '2025-03-01T10:00:00.000Z',
      },
      1,
    );
    const pool = new ReadPool({ file, size: 1, deadlineMs: 10_000, entry: READ_WORKER });
    pools.push(pool);
    const page = await new PooledHistory(pool, () => {}).listOperations({
      dateFrom: null,
      dateTo: null,
      type: null,
      status: null,
      shiftId: null,
      limit: 50,
      offset: 0,
      cursor: null,
    });
    expect(page).toMatchObject({
      total: 1,
      nextCursor: null,
      operations: [{ operationType: 'cash_in', reportNumber: 1 }],
    });
    db.close();
  });

  it('refuses a read past its deadline with QUERY_TIMEOUT, queued reads included, and keeps serving', async () => {
    const pool = new ReadPool({ file: 'unused', size: 1, deadlineMs: 150, entry: STALLING });
    pools.push(pool);
    const stalling = new PooledHistory(pool, () => {});
    const query = { dateFrom: null, dateTo: null, shiftId: null, limit: 1, offset: 0, cursor: null };
    const started = performance.now();
    const [running, queued] = await Promise.allSettled([
      stalling.listSales(query),
      stalling.listSales(query),
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const outcome of [running, queued])
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { code: 'QUERY_TIMEOUT' },
      });
    // The stuck worker was replaced: a later read gets a worker of its own (which stalls too).
    await expect(stalling.listSales(query)).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
  });
});

const env = useSimulator();

describe('GET /api/sales past the read deadline', () => {
  it('answers 503 QUERY_TIMEOUT while sales go on', async () => {
    const terminal = await env.start({ readWorker: STALLING, config: { historyQueryTimeoutMs: 200 } });
    const list = terminal.call('GET', '/api/sales?limit=50');
    const sale = await terminal.call('POST', '/api/sales', cashSale(12.5));
    expect(sale.status).toBe(200);
    const answer = await list;
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'QUERY_TIMEOUT' });
    expect((await terminal.call('GET', '/api/fiscal/operations?status=failed')).body.error?.code).toBe(
      'QUERY_TIMEOUT',
    );
  });
});
