import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PrintDocument, ReceiptPrinter } from '../../src/printing/receipt-printer.js';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

/** A printer whose paper never comes out: the answer must not wait for it, nor fail with it. */
class JammedPrinter implements ReceiptPrinter {
  readonly available = true;
  readonly attempts: PrintDocument[] = [];
  print(document: PrintDocument): Promise<void> {
    this.attempts.push(document);
    return new Promise((_resolve, reject) => setTimeout(() => reject(new Error('paper jam')), 50));
  }
}

const ctx = useFiscalTerminal();

describe('receipt printing', () => {
  it('prints the fiscal receipt when asked, and nothing when printReceipt is false', async () => {
    const printer = ctx.terminal.printer as VirtualPrinter;
    const printed = (await ctx.terminal.call('POST', '/api/sales', { ...cashSale(42), printReceipt: true }))
      .body.data!;
    await printer.idle();
    const journal = readFileSync(printer.journalFile, 'utf8');
    expect(journal).toContain('BON FISCAL');
    expect(journal).toContain(printed.fiscalCode);
    expect(journal).toContain(printed.qrCodeData);
    expect(journal).toMatch(/TOTAL\s+42\.00/);

    await ctx.terminal.call('POST', '/api/sales', cashSale(43));
    await printer.idle();
    expect(readFileSync(printer.journalFile, 'utf8')).toBe(journal);
  });

  it('lays out one, two and three columns on 48 characters', async () => {
    const printer = ctx.terminal.printer as VirtualPrinter;
    await ctx.terminal.call('POST', '/api/print', {
      lines: [
        ['Left', 'Right'],
        ['L', 'Centre', 'R'],
      ],
      feedLines: 0,
      cut: false,
    });
    const lines = readFileSync(printer.journalFile, 'utf8').trimEnd().split('\n');
    expect(lines.at(-2)).toBe(`Left${' '.repeat(48 - 9)}Right`);
    expect(lines.at(-1)).toHaveLength(48);
    expect(lines.at(-1)!.indexOf('Centre')).toBe(21);
  });
});

describe('a failing printer', () => {
  const jammed = new JammedPrinter();
  const withJam = useFiscalTerminal({ printer: jammed });

  it('never delays or fails a sale; /api/print reports PRINT_ERROR with the printer message', async () => {
    const sale = await withJam.terminal.call('POST', '/api/sales', { ...cashSale(5), printReceipt: true });
    expect(sale.status).toBe(200);
    expect(jammed.attempts).toHaveLength(1);
    const print = await withJam.terminal.call('POST', '/api/print', { lines: [['x']] });
    expect(print.status).toBe(500);
    expect(print.body.error).toMatchObject({
      code: 'PRINT_ERROR',
      message: expect.stringContaining('paper jam'),
    });
  });
});
