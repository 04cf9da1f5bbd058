import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

// A small paper budget, to reach it: 60 lines per minute of free text (with the feed).
const ctx = useFiscalTerminal({ config: { printLinesPerMinute: 60 } });

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
    expect(lines.at(-3)).toBe(`Left${' '.repeat(48 - 9)}Right`);
    expect(lines.at(-2)).toHaveLength(48);
    expect(lines.at(-2)!.indexOf('Centre')).toBe(21);
    // Marked as not a fiscal document, after the text as before it.
    expect(lines.at(-1)!.trim()).toBe('NU ESTE DOCUMENT FISCAL');
    expect(lines.at(-4)!.trim()).toBe('NU ESTE DOCUMENT FISCAL');
  });
});

describe('limits of free text', () => {
  it('refuses more than 500 lines in one request, and more paper per minute than PRINT_LINES_PER_MINUTE, but never a receipt', async () => {
    const many = Array.from({ length: 501 }, (_, i) => [`line ${i}`]);
    const tooMany = await ctx.terminal.call('POST', '/api/print', { lines: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error!.details).toEqual([
      expect.objectContaining({ field: 'lines', code: 'LINES_TOO_MANY' }),
    ]);

    // A misspelt field is refused by name, not paper printed otherwise than asked.
    const misspelt = await ctx.terminal.call('POST', '/api/print', {
      lines: [['a']],
      feedLine: 0,
      cutPaper: false,
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.error!.details!.map((d) => `${d.field}:${d.code}`).sort()).toEqual([
      'cutPaper:UNKNOWN_FIELD',
      'feedLine:UNKNOWN_FIELD',
    ]);

    const twenty = { lines: Array.from({ length: 17 }, (_, i) => [`text ${i}`]), feedLines: 3 };
    expect((await ctx.terminal.call('POST', '/api/print', twenty)).status).toBe(200);
    expect((await ctx.terminal.call('POST', '/api/print', twenty)).status).toBe(200);
    expect((await ctx.terminal.call('POST', '/api/print', twenty)).status).toBe(429);
    const over = await ctx.terminal.call('POST', '/api/print', twenty);
    expect(over.status).toBe(429);
    expect(over.body.error!.code).toBe('PRINT_RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The paper of fiscal documents is not counted.
    expect(
      (await ctx.terminal.call('POST', '/api/sales', { ...cashSale(5), printReceipt: true })).status,
    ).toBe(200);
  });
});

describe('card payments on the receipt', () => {
  const lastDocument = async () => {
    await ctx.terminal.paperOut();
    const journal = readFileSync((ctx.terminal.printer as VirtualPrinter).journalFile, 'utf8');
    return journal.split(/-+ 8<\n/).at(-2)!;
  };

  it('print the RRN and the authorisation code of a card charged on the card terminal', async () => {
    const sale = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(15),
      payments: [{ type: '2', amount: 15 }],
      printReceipt: true,
    });
    expect(sale.status).toBe(200);
    const payment = sale.body.data!.payments[0] as { rrn: string };
    const receipt = await lastDocument();
    expect(receipt).toContain(`RRN ${payment.rrn}`);
    expect(receipt).toMatch(/AUTORIZARE [0-9A-Z]+/);
  });

  it('print the RRN of a card the caller charged on its own terminal', async () => {
    const sale = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(16),
      payments: [{ type: '2', amount: 16, rrn: '612345678901' }],
      printReceipt: true,
    });
    expect(sale.status).toBe(200);
    expect(await lastDocument()).toContain('RRN 612345678901');
  });
});
