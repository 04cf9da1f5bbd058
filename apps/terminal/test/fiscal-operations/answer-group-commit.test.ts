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
import { describe, expect, it } from 'vitest';
import {
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
