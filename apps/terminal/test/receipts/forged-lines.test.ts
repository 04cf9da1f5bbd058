/**
 * Paper that cannot be forged by a name (issue 24 §3): whatever item names an ERP sends, the
 * receipt a real terminal prints never carries, above its totals, a line laid out as a total
 * (a label at the margin, a gap, an amount at the end: `TOTAL          0.01`). Names with
 * control, invisible or direction characters are refused with ITEM_NAME_INVALID; runs of
 * spaces print as one; the continuation lines of a wrapped name are indented.
 */
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

/** The layout of the totals block's lines: a label at the margin, two spaces or more, an amount last. */
const TOTALS_LAYOUT = /^\S(?:.*\S)? {2,}[-+]?\d+\.\d{2}$/;
const CUT = /^-+ 8<$/m;
/** What a name may not contain: control, format (bidi, zero-width) and line/paragraph separators. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start({ card: 'none' });
});

/** The receipt printed last (the journal of the virtual printer). */
async function lastReceipt(): Promise<string[]> {
  await terminal.paperOut();
  const file = (terminal.printer as VirtualPrinter).journalFile;
  const documents = existsSync(file) ? readFileSync(file, 'utf8').split(CUT) : [];
  return (
    documents
      .filter((d) => d.trim() !== '')
      .at(-1)
      ?.split('\n') ?? []
  );
}

/** The lines the items print: from the blank line after `BON FISCAL` to the next blank line. */
function itemBlock(receipt: string[]): string[] {
  const start = receipt.findIndex((line) => line.trim() === 'BON FISCAL') + 2;
  const end = receipt.indexOf('', start);
  return receipt.slice(start, end);
}

function sale(names: string[]) {
  return {
    items: names.map((name) => ({ name, unitPrice: 1.01, quantity: 1, vatCode: 'B' })),
    payments: [{ type: '1', amount: (101 * names.length) / 100 }],
    amountReceived: (101 * names.length) / 100,
    change: 0,
  };
}

const sell = (names: string[]) => terminal.call('POST', '/api/sales', sale(names));

describe('item names on paper', () => {
  it('the issue’s 96-character name prints no forged TOTAL line, and wraps indented', async () => {
    const name = 'Lapte'.padEnd(48) + 'TOTAL'.padEnd(44) + '0.01';
    const res = await sell([name]);
    expect(res.status).toBe(200);
    const items = itemBlock(await lastReceipt());
    expect(items.filter((line) => TOTALS_LAYOUT.test(line))).toEqual([]);
    expect(items[0]).toBe('Lapte TOTAL 0.01');
    const wrapped = 'Sapun lichid antibacterian cu extract de musetel 500 ml';
    expect((await sell([wrapped])).status).toBe(200);
    expect(itemBlock(await lastReceipt()).slice(0, 2)).toEqual([
      'Sapun lichid antibacterian cu extract de musetel',
      '  500 ml',
    ]);
  });

  it.each([
    ['U+202E (right-to-left override)', 'Lapte \u202e10.0 LATOT'],
    ['U+2066 (left-to-right isolate)', 'Lapte \u2066x\u2069'],
    ['U+200B (zero-width space)', 'Lap\u200bte'],
    ['U+2028 (line separator)', 'Lapte\u2028TOTAL 0.01'],
    ['U+2029 (paragraph separator)', 'Lapte\u2029TOTAL 0.01'],
    ['U+FEFF (byte-order mark)', '\ufeffLapte'],
  ])('a name with %s is refused with ITEM_NAME_INVALID', async (_, name) => {
    const res = await sell([name]);
    expect(res.status).toBe(400);
    expect(res.body.error?.details).toEqual([
      expect.objectContaining({ field: 'items[0].name', code: 'ITEM_NAME_INVALID' }),
    ]);
  });

  it('a name of spaces only is refused: it would print nothing', async () => {
    const res = await sell(['\u00a0  \u2003']);
    expect(res.body.error?.details?.[0]).toMatchObject({ field: 'items[0].name', code: 'ITEM_NAME_INVALID' });
  });

  it('property: no line above the totals is laid out as a total, whatever the names', async () => {
    const printable = fc.constantFrom(
      'TOTAL',
      'TVA B 20%',
      'NUMERAR',
      'REST',
      '0.01',
      '-100.00',
      'Lapte',
      'ș',
      'Чай',
      '😀',
      ' ',
      '          ',
      '\u00a0\u00a0\u00a0',
      '\u2003\u2003',
      'x'.repeat(20),
    );
    const refused = fc.constantFrom('\t', '\u202e', '\u200b', '\u2028');
    const piece = fc.oneof({ weight: 30, arbitrary: printable }, { weight: 1, arbitrary: refused });
    const name = fc
      .array(piece, { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(''))
      .filter((text) => [...text].length <= 100);
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 3 }), async (names) => {
        const res = await sell(names);
        const valid = (text: string) => !REFUSED.test(text) && text.replace(/\p{Zs}+/gu, '') !== '';
        if (!names.every(valid)) {
          expect(res.status).toBe(400);
          expect(res.body.error?.details?.map((d) => d.code)).toContain('ITEM_NAME_INVALID');
          return;
        }
        expect(res.status, JSON.stringify(res.body.error)).toBe(200);
        printed += 1;
        const items = itemBlock(await lastReceipt());
        expect(items.filter((line) => TOTALS_LAYOUT.test(line))).toEqual([]);
        // Each item: its name's lines (the first at the margin, the rest indented), its price line.
        expect(items.filter((line) => / x 1\.01 {2,}1\.01 B$/.test(line))).toHaveLength(names.length);
      }),
      { numRuns: 60 },
    );
    expect(printed).toBeGreaterThan(20);
  });
});
