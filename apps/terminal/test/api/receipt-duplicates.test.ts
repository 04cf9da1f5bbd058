import { setFaultMode } from '@fiscal-pos/mev-sim';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutLine, PAPER_WIDTH } from '../../src/printing/print-layout.js';
import type { PrintDocument, PrinterState } from '../../src/printing/receipt-printer.js';
import { dateTimeLine } from '../../src/receipts/receipt-parts.js';
import { NoPrinter, VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, tempDir, useSimulator, type TerminalHandle } from '../support/terminal-harness.js';

/** A virtual printer the test can run out of paper. */
class PaperOutPrinter extends VirtualPrinter {
  paperOut = false;
  override print(document: PrintDocument): Promise<PrinterState> {
    return this.paperOut ? Promise.reject(new Error('paper out')) : super.print(document);
  }
}

/** A virtual printer whose next document waits until the test lets it print, or fail. */
class GatedPrinter extends VirtualPrinter {
  private gate: { release: () => void; fail: (error: Error) => void } | null = null;
  private gated: (() => void) | null = null;
  /** Resolves once a document is held at the gate. */
  holdNext(): Promise<void> {
    return new Promise((resolve) => (this.gated = resolve));
  }
  failHeld(error: Error): void {
    this.gate?.fail(error);
  }
  override print(document: PrintDocument): Promise<PrinterState> {
    const arrived = this.gated;
    if (!arrived) return super.print(document);
    this.gated = null;
    return new Promise<void>((resolve, reject) => {
      this.gate = { release: resolve, fail: reject };
      arrived();
    }).then(() => super.print(document));
  }
}

const CUT = `${'-'.repeat(PAPER_WIDTH - 4)} 8<\n`;

/** The documents in a terminal's printer journal, oldest first, each without its cut line. */
async function printed(terminal: TerminalHandle): Promise<string[]> {
  const printer = terminal.printer as VirtualPrinter;
  await terminal.paperOut();
  let text = '';
  try {
    text = readFileSync(printer.journalFile, 'utf8');
  } catch {
    return [];
  }
  return text.split(CUT).filter((document) => document !== '');
}

/** What a duplicate must be: the original with the marking before its lines and before its QR code. */
function expectedDuplicate(original: string, copyNumber: number, printedAt: string): string {
  const lines = original.split('\n');
  const qrAt = lines.findIndex((line) => line.startsWith('[QR '));
  return [
    ...layoutLine(['', 'DUPLICAT', '']),
    ...layoutLine([`COPIA NR. ${copyNumber}`]),
    ...layoutLine(dateTimeLine(printedAt)),
    '',
    ...lines.slice(0, qrAt),
    '',
    ...layoutLine(['', 'DUPLICAT - NU ESTE DOCUMENT FISCAL', '']),
    ...lines.slice(qrAt),
  ].join('\n');
}

const copyRows = (terminal: TerminalHandle) =>
  (terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM receipt_copies').get() as { n: number }).n;

const env = useSimulator();
let terminal: TerminalHandle;

async function printedSale(
  total: number,
): Promise<{ saleId: string; receiptNumber: number; original: string }> {
  const sale = await terminal.call('POST', '/api/sales', { ...cashSale(total), printReceipt: true });
  expect(sale.status).toBe(200);
  const original = (await printed(terminal)).at(-1)!;
  expect(original).toContain('BON FISCAL');
  return { saleId: sale.body.data!.saleId, receiptNumber: sale.body.data!.receiptNumber, original };
}

beforeAll(async () => {
  terminal = await env.start();
});

describe('POST /api/sales/{saleId}/duplicate', () => {
  let first: Awaited<ReturnType<typeof printedSale>>;

  it('prints the original receipt line for line, marked DUPLICAT with its copy number, and waits for it', async () => {
    first = await printedSale(42.5);
    const res = await terminal.call('POST', `/api/sales/${first.saleId}/duplicate`);
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data).toEqual({
      saleId: first.saleId,
      fiscalOperationId: expect.any(String),
      receiptNumber: first.receiptNumber,
      reportNumber: 1,
      copyNumber: 1,
      copiesLeft: 0,
      status: 'printed',
      jobId: null,
      printedAt: expect.any(String),
    });
    // The answer came after the printer took the copy.
    const documents = await printed(terminal);
    expect(documents.at(-1)).toBe(expectedDuplicate(first.original, 1, data.printedAt));
    // Non-fiscal: no fiscal document, no receipt number taken.
    const health = (await terminal.call('GET', '/api/health')).body.data!;
    expect(health.lastReceiptNumber).toBe(first.receiptNumber);
    expect((await terminal.call('GET', '/api/fiscal/operations')).body.data!.total).toBe(1);
  });

  it('refuses a second copy with DUPLICATE_LIMIT_REACHED (one duplicate by default), printing nothing', async () => {
    const before = await printed(terminal);
    const res = await terminal.call('POST', `/api/sales/${first.saleId}/duplicate`, {});
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('DUPLICATE_LIMIT_REACHED');
    expect(await printed(terminal)).toEqual(before);
  });

  it('answers SALE_NOT_FOUND for an unknown sale', async () => {
    const res = await terminal.call('POST', '/api/sales/7d0c5f1e-3c4b-4a8e-9a55-1f2e3d4c5b6a/duplicate');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: 'SALE_NOT_FOUND' } });
  });

  it('copies a receipt issued offline with its offline fiscal code, even after synchronisation', async () => {
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'down' });
    let sale: Awaited<ReturnType<typeof printedSale>>;
    try {
      sale = await printedSale(9.99);
    } finally {
      await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    }
    expect(sale.original).toContain('REGIM OFFLINE');
    for (;;) {
      const detail = (await terminal.call('GET', `/api/sales/${sale.saleId}`)).body.data!;
      if (detail.fiscalOperation.status === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`);
    expect(res.status).toBe(200);
    expect((await printed(terminal)).at(-1)).toBe(
      expectedDuplicate(sale.original, 1, res.body.data!.printedAt),
    );
  });

  it('has no copy of a sale the fiscal server refused: 502 MEV_ERROR, nothing printed or counted', async () => {
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'fault' });
    let saleId: string;
    try {
      const refused = await terminal.call('POST', '/api/sales', { ...cashSale(3), printReceipt: true });
      expect(refused.status).toBe(502);
      saleId = (await terminal.call('GET', '/api/sales?limit=1')).body.data!.sales[0].id;
    } finally {
      await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    }
    const before = await printed(terminal);
    const copies = copyRows(terminal);
    const res = await terminal.call('POST', `/api/sales/${saleId}/duplicate`);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'MEV_ERROR', message: expect.stringContaining('refused') });
    expect(await printed(terminal)).toEqual(before);
    expect(copyRows(terminal)).toBe(copies);
  });

  it('replays under its Idempotency-Key without printing again; the key on another sale is a mismatch', async () => {
    const sale = await printedSale(11);
    const other = await printedSale(12);
    const key = { 'Idempotency-Key': 'duplicate-once' };
    const copy = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`, {}, key);
    expect(copy.status).toBe(200);
    const documents = await printed(terminal);
    const replay = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`, {}, key);
    expect(replay.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replay.body.data).toEqual(copy.body.data);
    expect(await printed(terminal)).toEqual(documents);
    const mismatch = await terminal.call('POST', `/api/sales/${other.saleId}/duplicate`, {}, key);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');
  });

  it('keeps the copies counted across a restart', async () => {
    const { dataDir, material } = terminal;
    await terminal.stop();
    terminal = await env.start({ dataDir, material });
    const res = await terminal.call('POST', `/api/sales/${first.saleId}/duplicate`);
    expect(res.body.error!.code).toBe('DUPLICATE_LIMIT_REACHED');
  });
});

describe('duplicates with more copies allowed and a printer that fails', () => {
  it('numbers each copy up to DUPLICATE_LIMIT; a copy the printer failed on the way is queued and counted, printed once by the queue', async () => {
    const dataDir = tempDir('terminal');
    const printer = new PaperOutPrinter(join(dataDir, 'printer'));
    terminal = await env.start({ dataDir, printer, config: { duplicateLimit: 3, printerRetryMaxMs: 100 } });
    const sale = await printedSale(20);

    printer.paperOut = true;
    const failed = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`);
    // Not a 500 the caller would answer with a retry (a second copy): the queue prints it.
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({
      copyNumber: 1,
      copiesLeft: 2,
      status: 'queued',
      jobId: expect.any(Number),
    });
    expect(copyRows(terminal)).toBe(1);
    printer.paperOut = false;
    await terminal.runtime.printQueue.drained();
    expect((await printed(terminal)).at(-1)).toBe(
      expectedDuplicate(sale.original, 1, failed.body.data!.printedAt),
    );

    for (const copyNumber of [2, 3]) {
      const res = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`);
      expect(res.body.data).toMatchObject({
        copyNumber,
        copiesLeft: 3 - copyNumber,
        status: 'printed',
        jobId: null,
      });
      expect((await printed(terminal)).at(-1)).toBe(
        expectedDuplicate(sale.original, copyNumber, res.body.data!.printedAt),
      );
    }
    const fourth = await terminal.call('POST', `/api/sales/${sale.saleId}/duplicate`);
    expect(fourth.body.error).toMatchObject({
      code: 'DUPLICATE_LIMIT_REACHED',
      message: expect.stringContaining('3 duplicate copies'),
    });
  });

  it('copies printed while an earlier one waits at the printer are numbered in order; the one that failed on the way keeps its number', async () => {
    const dataDir = tempDir('terminal');
    const printer = new GatedPrinter(join(dataDir, 'printer'));
    terminal = await env.start({ dataDir, printer, config: { duplicateLimit: 3, printerRetryMaxMs: 100 } });
    const sale = await printedSale(21);
    const url = `/api/sales/${sale.saleId}/duplicate`;

    const held = printer.holdNext();
    const first = terminal.call('POST', url);
    await held;
    const second = await terminal.call('POST', url);
    expect(second.body.data).toMatchObject({ copyNumber: 2, copiesLeft: 1 });
    printer.failHeld(new Error('paper jam'));
    expect((await first).body.data).toMatchObject({ copyNumber: 1, status: 'queued' });
    expect(copyRows(terminal)).toBe(2);

    const third = await terminal.call('POST', url);
    expect(third.body.data).toMatchObject({ copyNumber: 3, copiesLeft: 0 });
    const fourth = await terminal.call('POST', url);
    expect(fourth.body.error!.code).toBe('DUPLICATE_LIMIT_REACHED');
    await terminal.runtime.printQueue.drained();
    expect(copyRows(terminal)).toBe(3);
  });

  it('answers PRINTER_UNAVAILABLE without a printer, counting nothing', async () => {
    const noPrinter = await env.start({ printer: new NoPrinter() });
    const sale = await noPrinter.call('POST', '/api/sales', cashSale(8));
    const res = await noPrinter.call('POST', `/api/sales/${sale.body.data!.saleId}/duplicate`);
    expect(res.status).toBe(503);
    expect(res.body.error!.code).toBe('PRINTER_UNAVAILABLE');
    expect(copyRows(noPrinter)).toBe(0);
  });
});
