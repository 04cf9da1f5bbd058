/**
 * Group commit of the fiscal server's answers (docs/reliability.md): the registration of an
 * operation sent inline is held in memory and written by the next operation's durable commit,
 * or by a lazy commit of its own (the timer, a report, the terminal stopping). Meanwhile the
 * file holds the operation `sent`, which is all a crash can lose: the operation is re-sent after
 * the restart and the fiscal server answers it again from its deduplication by UUID. The hold is
 * made longer than the test so that what is on disk at each step does not depend on timing.
 */
import Database from 'better-sqlite3';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  API_KEY,
  cashSale,
  removeDir,
  tempDir,
  useSimulator,
  type TerminalHandle,
} from '../support/terminal-harness.js';
import { registrationsOf, waitUntil } from './sync-helpers.js';

const ctx = useSimulator();
const HELD = { answerHoldMs: 600_000 };

interface SaleAnswer {
  saleId: string;
  fiscalOperationId: string;
  status: string;
  fiscalCode: string | null;
  mevId: string | null;
}

async function sell(terminal: TerminalHandle): Promise<SaleAnswer> {
  const result = await terminal.call<{ data: SaleAnswer }>('POST', '/api/sales', cashSale(100));
  expect(result.status).toBe(200);
  return result.body.data;
}

/** The operation as another connection reads it from the file: what a crash would leave. */
function onDisk(dataDir: string, operationId: string): { status: string; fiscal_code: string | null } {
  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
  try {
    return db
      .prepare<[string], { status: string; fiscal_code: string | null }>(
        'SELECT status, fiscal_code FROM fiscal_operations WHERE id = ?',
      )
      .get(operationId)!;
  } finally {
    db.close();
  }
}

describe('the fiscal server’s answer to a sale', () => {
  it('is answered at once, written by the next operation’s commit or by the flush', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const first = await sell(terminal);
    expect(first).toMatchObject({ status: 'success', fiscalCode: expect.any(String) });
    expect(onDisk(terminal.dataDir, first.fiscalOperationId)).toEqual({ status: 'sent', fiscal_code: null });
    // Read back in this process, the sale shows its answer while it waits to be written.
    const read = await terminal.call<{
      data: { fiscalOperation: Pick<SaleAnswer, 'status' | 'fiscalCode'> };
    }>('GET', `/api/sales/${first.saleId}`);
    expect(read.body.data.fiscalOperation).toMatchObject({ status: 'success', fiscalCode: first.fiscalCode });

    const second = await sell(terminal);
    expect(onDisk(terminal.dataDir, first.fiscalOperationId)).toEqual({
      status: 'success',
      fiscal_code: first.fiscalCode,
    });
    expect(onDisk(terminal.dataDir, second.fiscalOperationId).status).toBe('sent');

    terminal.runtime.registrar!.flushAnswers();
    expect(onDisk(terminal.dataDir, second.fiscalOperationId)).toEqual({
      status: 'success',
      fiscal_code: second.fiscalCode,
    });
  });

  it('is written before an X report sums the day, which counts the sale as registered', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const sale = await sell(terminal);
    const report = await terminal.call<{ data: { reportData: { receiptsSentToMev: number } } }>(
      'POST',
      '/api/reports/x',
    );
    expect(report.status).toBe(200);
    expect(onDisk(terminal.dataDir, sale.fiscalOperationId).status).toBe('success');
    expect(report.body.data.reportData.receiptsSentToMev).toBe(1);
  });

  it('is written before the daily summary counts what the fiscal server received (a refund right after a Z)', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const sold = await sell(terminal);
    expect((await terminal.call('POST', '/api/reports/z', { printReport: false })).status).toBe(200);
    const refund = await terminal.call<{ data: { fiscalOperationId: string } }>(
      'POST',
      `/api/sales/${sold.saleId}/refund`,
      { items: [{ index: 0, quantity: 1 }], printReceipt: false },
    );
    expect(refund.status).toBe(200);
    const summary = await terminal.call('GET', '/api/fiscal/daily-summary');
    expect(summary.body.data).toMatchObject({ returnsCount: 1, receiptsSentToMev: 1 });
    expect(onDisk(terminal.dataDir, refund.body.data.fiscalOperationId).status).toBe('success');
  });

  it('is written before the cloud’s outbox is read: the document goes up once, registered', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const sale = await sell(terminal);
    const { documentOutbox, operations } = terminal.runtime;
    // What the push does: read what is due, send it, confirm the revision sent.
    const due = documentOutbox.due(100);
    expect(due.map((d) => d.operationId)).toEqual([sale.fiscalOperationId]);
    expect(operations.get(sale.fiscalOperationId)!.status).toBe('success');
    documentOutbox.confirm(due);
    // The answer, had it still been held, would make the document due again (pushed twice).
    terminal.runtime.registrar!.flushAnswers();
    expect(documentOutbox.due(100)).toEqual([]);
  });

  it('is written before the history’s read workers, health or /metrics read the operations', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const first = await sell(terminal);
    const list = await terminal.call<{ data: { operations: { id: string; status: string }[] } }>(
      'GET',
      '/api/fiscal/operations',
    );
    expect(list.body.data.operations.find((op) => op.id === first.fiscalOperationId)?.status).toBe('success');

    const second = await sell(terminal);
    expect((await terminal.call('GET', '/api/health')).status).toBe(200);
    expect(onDisk(terminal.dataDir, second.fiscalOperationId).status).toBe('success');

    const third = await sell(terminal);
    const metrics = await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } });
    expect(metrics.status).toBe(200);
    await metrics.text();
    expect(onDisk(terminal.dataDir, third.fiscalOperationId).status).toBe('success');
  });

  it('rides the next sale’s durable commit, with no commit of its own', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const first = await sell(terminal);
    const flush = vi.spyOn(terminal.runtime.registrar!, 'flushAnswers');
    const second = await sell(terminal);
    // Nothing on the sale's path wrote it on its own: the second sale's transaction carried it.
    expect(flush).not.toHaveBeenCalled();
    expect(onDisk(terminal.dataDir, first.fiscalOperationId).status).toBe('success');
    expect(terminal.runtime.operations.held().map((held) => held.op.id)).toEqual([second.fiscalOperationId]);
  });

  it('with ANSWER_HOLD_MS=0 is written before the cashier is answered, never held', async () => {
    const terminal = await ctx.start({ card: 'none', config: { answerHoldMs: 0 } });
    const hold = vi.spyOn(terminal.runtime.operations, 'hold');
    const sale = await sell(terminal);
    expect(onDisk(terminal.dataDir, sale.fiscalOperationId)).toEqual({
      status: 'success',
      fiscal_code: sale.fiscalCode,
    });
    expect(hold).not.toHaveBeenCalled();
  });

  it('lost in a crash, is asked again once: the server registers the sale once, with the answer the cashier got', async () => {
    const terminal = await ctx.start({ card: 'none', config: HELD });
    const sale = await sell(terminal);
    // What kill -9 leaves now: the files as they are (the shared-memory index is rebuilt on open).
    const crashed = tempDir('crashed');
    cpSync(terminal.dataDir, crashed, { recursive: true, filter: (file) => !file.endsWith('-shm') });
    await terminal.stop();
    expect(onDisk(crashed, sale.fiscalOperationId).status).toBe('sent');

    const restarted = await ctx.start({ card: 'none', dataDir: crashed, material: terminal.material });
    try {
      await waitUntil(
        'the interrupted sale registered again',
        () => restarted.runtime.operations.get(sale.fiscalOperationId)?.status === 'success',
      );
      expect(restarted.runtime.operations.get(sale.fiscalOperationId)).toMatchObject({
        fiscalCode: sale.fiscalCode,
        mevId: sale.mevId,
      });
      const registered = await registrationsOf(ctx.sim, terminal.registrationNumber);
      expect(registered.filter((r) => r.operationId === sale.fiscalOperationId)).toHaveLength(1);
    } finally {
      await restarted.stop();
      removeDir(crashed);
    }
  });
});
