import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

describe('receipt printing', () => {
  it('prints the fiscal receipt when asked, and nothing when printReceipt is false', async () => {
    const printer = ctx.terminal.printer as VirtualPrinter;
    const printed = (await ctx.terminal.call('POST', '/api/sales', { ...cashSale(42), printReceipt: true }))
      .body.data!;
    await ctx.terminal.paperOut();
    const journal = readFileSync(printer.journalFile, 'utf8');
    expect(journal).toContain('BON FISCAL');
    expect(journal).toContain(printed.fiscalCode);
    expect(journal).toContain(printed.qrCodeData);
    expect(journal).toMatch(/TOTAL\s+42\.00/);

    await ctx.terminal.call('POST', '/api/sales', cashSale(43));
    await ctx.terminal.paperOut();
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
