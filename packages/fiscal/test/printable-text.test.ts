import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VAT_TABLE,
  parseCashRequest,
  parsePrintRequest,
  parseSaleRequest,
  parseShiftOpenRequest,
} from '../src/index.js';
import type { ParseResult } from '../src/index.js';

/** Text that reaches paper: no C0/C1 control character, lengths in code points. */

const sale = (name: string) =>
  parseSaleRequest(
    {
      items: [{ name, unitPrice: 10, quantity: 1, vatCode: 'B' }],
      payments: [{ type: '1', amount: 10 }],
      amountReceived: 10,
      change: 0,
    },
    DEFAULT_VAT_TABLE,
  );

function failures(result: ParseResult<unknown>): string[][] {
  return result.ok ? [] : result.issues.map((found) => [found.field, found.code]);
}

/** One C0 or C1 control character, DEL included. */
const control = fc
  .oneof(fc.integer({ min: 0x00, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCodePoint(code));

describe('printable text', () => {
  it('refuses an item name carrying a line feed and a forged total, or an ESC @', () => {
    expect(failures(sale('Bread\nTOTAL 0.01'))).toEqual([['items[0].name', 'ITEM_NAME_INVALID']]);
    expect(failures(sale('\u001b@Bread'))).toEqual([['items[0].name', 'ITEM_NAME_INVALID']]);
    expect(failures(sale('Bread\u0085'))).toEqual([['items[0].name', 'ITEM_NAME_INVALID']]);
  });

  it('refuses a control character anywhere in a printed field, with the field code (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), control, fc.string({ maxLength: 20 }), (before, c, after) => {
        const text = `x${before}${c}${after}`;
        expect(failures(sale(text))).toEqual([['items[0].name', 'ITEM_NAME_INVALID']]);
        expect(failures(parseCashRequest({ amount: 1, reason: text }))).toEqual([
          ['reason', 'REASON_TOO_LONG'],
        ]);
        expect(failures(parseShiftOpenRequest({ cashierName: text }))).toEqual([
          ['cashierName', 'CASHIER_NAME_INVALID'],
        ]);
        expect(failures(parsePrintRequest({ lines: [['ok'], ['left', text]] }))).toEqual([
          ['lines[1]', 'LINE_FORMAT_INVALID'],
        ]);
      }),
    );
  });

  it('counts characters as code points, not UTF-16 units', () => {
    const clef = '𝄞'; // two UTF-16 units, one character
    expect(failures(sale(clef.repeat(100)))).toEqual([]);
    expect(failures(sale(clef.repeat(101)))).toEqual([['items[0].name', 'ITEM_NAME_INVALID']]);
    expect(failures(parseCashRequest({ amount: 1, reason: 'ă'.repeat(100) }))).toEqual([]);
    expect(failures(parseShiftOpenRequest({ cashierName: clef.repeat(60) }))).toEqual([]);
    expect(failures(parseShiftOpenRequest({ cashierName: clef.repeat(61) }))).toEqual([
      ['cashierName', 'CASHIER_NAME_INVALID'],
    ]);
    expect(failures(parsePrintRequest({ lines: [[clef.repeat(100)]] }))).toEqual([]);
    expect(failures(parsePrintRequest({ lines: [[clef.repeat(101)]] }))).toEqual([
      ['lines[0][0]', 'LINE_TEXT_TOO_LONG'],
    ]);
  });

  it('still accepts ordinary text, Romanian and Cyrillic included', () => {
    expect(failures(sale('Pâine de casă – Хлеб 500 g'))).toEqual([]);
    expect(failures(parsePrintRequest({ lines: [['Mulțumim!', '', 'Спасибо']] }))).toEqual([]);
  });
});
