import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DAY_LIMIT,
  DEFAULT_VAT_TABLE,
  calculateSale,
  cashRequestSchema,
  fromBp,
  fromMilli,
  fromMinor,
  isValidationCode,
  parseCashRequest,
  parsePeriodicReportRequest,
  parsePrintRequest,
  parseReportRequest,
  parseSaleRequest,
  parseShiftCloseRequest,
  parseShiftOpenRequest,
  periodicReportRequestSchema,
  printRequestSchema,
  reportRequestSchema,
  saleRequestSchema,
} from '../src/index.js';
import type { ParseResult, SaleInput } from '../src/index.js';
import { saleInputArbitrary } from './sale-fixtures.js';

function issuesOf(result: ParseResult<unknown>): [string, string][] {
  return result.ok ? [] : result.issues.map((found) => [found.field, found.code]);
}

describe('parseSaleRequest', () => {
  it('normalizes a valid request into integer units with defaults', () => {
    const result = parseSaleRequest(
      {
        items: [
          {
            name: 'Cheese',
            unitPrice: 12.99,
            quantity: 0.333,
            allowDecimals: true,
            vatCode: 'A',
            discountPercent: 10,
          },
          { id: 'sku-7', name: 'Bag', unitPrice: 0.5, quantity: 2, vatCode: '_', markupAbsolute: null },
        ],
        cartMarkup: { absolute: 0.02 },
        payments: [
          { type: '1', amount: 9 },
          { type: '2', amount: 1, rrn: '' },
        ],
        amountReceived: 10,
        change: 5.08,
        delivery: { customerPhone: '+37369123456' },
      },
      DEFAULT_VAT_TABLE,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { calculation, ...request } = result.value;
    expect(request).toEqual({
      items: [
        {
          id: null,
          lotLineId: null,
          name: 'Cheese',
          unitPrice: 1299,
          quantity: 333,
          vatCode: 'A',
          allowDecimals: true,
          discountBp: 1000,
          discountAbsolute: 0,
          markupBp: 0,
          markupAbsolute: 0,
        },
        {
          id: 'sku-7',
          lotLineId: null,
          name: 'Bag',
          unitPrice: 50,
          quantity: 2000,
          vatCode: '_',
          allowDecimals: false,
          discountBp: 0,
          discountAbsolute: 0,
          markupBp: 0,
          markupAbsolute: 0,
        },
      ],
      cartDiscount: null,
      cartMarkup: { bp: 0, absolute: 2 },
      payments: [
        { type: '1', amount: 900, rrn: null },
        { type: '2', amount: 100, rrn: null },
      ],
      amountReceived: 1000,
      change: 508,
      delivery: { customerPhone: '+37369123456', customerEmail: null, customerName: null, language: 'ro' },
      printReceipt: true,
      deliveryLotId: null,
      qrPayload: null,
    });
    // 12.99 × 0.333 = 4.33, − 10 % (0.433 -> 0.43) = 3.90; 0.50 × 2 = 1.00; + cart markup 0.02 = 4.92
    expect(calculation).toMatchObject({ subtotal: 490, cartMarkupAmount: 2, total: 492, change: 508 });
  });

  it('reports every failing field together, in request order', () => {
    const result = parseSaleRequest(
      {
        items: [
          { name: '', unitPrice: -1, quantity: 1, vatCode: 'Z' },
          { name: 'ok', unitPrice: 1, quantity: 1, vatCode: 'B', discountPercent: 101 },
        ],
        cartDiscount: { percent: 200 },
        payments: [{ type: 'cash', amount: 1 }],
        amountReceived: 'ten',
        delivery: { customerEmail: 'nope', language: 'fr' },
      },
      DEFAULT_VAT_TABLE,
    );
    expect(issuesOf(result)).toEqual([
      ['items[0].name', 'ITEM_NAME_INVALID'],
      ['items[0].unitPrice', 'ITEM_PRICE_INVALID'],
      ['items[0].vatCode', 'ITEM_VAT_CODE_INVALID'],
      ['items[1].discountPercent', 'ITEM_DISCOUNT_PERCENT_INVALID'],
      ['cartDiscount.percent', 'CART_DISCOUNT_PERCENT_INVALID'],
      ['payments[0].type', 'PAYMENT_TYPE_INVALID'],
      ['amountReceived', 'AMOUNT_RECEIVED_INVALID'],
      ['change', 'CHANGE_INVALID'],
      ['delivery.customerEmail', 'EMAIL_FORMAT_INVALID'],
      ['delivery.language', 'LANGUAGE_INVALID'],
    ]);
  });

  it('reports the cross-field rules together', () => {
    const result = parseSaleRequest(
      {
        items: [{ name: 'Tea', unitPrice: 20, quantity: 1, vatCode: 'B' }],
        payments: [{ type: '2', amount: 25 }],
        amountReceived: 30,
        change: 10,
      },
      DEFAULT_VAT_TABLE,
    );
    expect(issuesOf(result)).toEqual([
      ['payments', 'PAYMENT_SUM_MISMATCH'],
      ['payments', 'NON_CASH_CHANGE_NOT_ALLOWED'],
    ]);
  });

  it('reads a body that is not an object as an empty one', () => {
    expect(issuesOf(parseSaleRequest([1, 2], DEFAULT_VAT_TABLE)).map(([, code]) => code)).toEqual([
      'ITEMS_REQUIRED',
      'PAYMENTS_REQUIRED',
      'AMOUNT_RECEIVED_INVALID',
      'CHANGE_INVALID',
    ]);
  });

  it('never throws and only reports spec codes, whatever the body (property)', () => {
    const valid = {
      items: [{ name: 'Bread', unitPrice: 10, quantity: 2, vatCode: 'B' }],
      payments: [{ type: '1', amount: 20 }],
      amountReceived: 20,
      change: 0,
    };
    const mutated = fc
      .record({
        key: fc.constantFrom('items', 'payments', 'cartDiscount', 'cartMarkup', 'delivery', 'change'),
        value: fc.jsonValue(),
      })
      .map(({ key, value }) => ({ ...valid, [key]: value }));
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue(), mutated), (body) => {
        const result = parseSaleRequest(body, DEFAULT_VAT_TABLE);
        return (
          result.ok || result.issues.every((found) => isValidationCode(found.code) && found.message !== '')
        );
      }),
    );
  });

  it('accepts any valid cart sent as JSON and calculates it the same (property)', () => {
    const toBody = (input: SaleInput, total: number) => ({
      items: input.items.map((line, index) => ({
        name: `item ${index}`,
        unitPrice: fromMinor(line.unitPrice),
        quantity: fromMilli(line.quantity),
        allowDecimals: true,
        vatCode: line.vatCode,
        discountPercent: fromBp(line.discountBp),
        discountAbsolute: fromMinor(line.discountAbsolute),
        markupPercent: fromBp(line.markupBp),
        markupAbsolute: fromMinor(line.markupAbsolute),
      })),
      cartDiscount: input.cartDiscount && {
        percent: fromBp(input.cartDiscount.bp),
        absolute: fromMinor(input.cartDiscount.absolute),
      },
      cartMarkup: input.cartMarkup && {
        percent: fromBp(input.cartMarkup.bp),
        absolute: fromMinor(input.cartMarkup.absolute),
      },
      payments: [{ type: '1', amount: fromMinor(total + 100) }],
      amountReceived: fromMinor(total + 100),
      change: 1,
    });
    fc.assert(
      fc.property(saleInputArbitrary, (input) => {
        const expected = calculateSale(input, DEFAULT_VAT_TABLE);
        fc.pre(expected.issues.length === 0);
        const result = parseSaleRequest(
          JSON.parse(JSON.stringify(toBody(input, expected.total))),
          DEFAULT_VAT_TABLE,
        );
        return (
          result.ok &&
          result.value.calculation.total === expected.total &&
          result.value.calculation.change === 100
        );
      }),
    );
  });
});

describe('parseCashRequest', () => {
  it('reads the amount in bani with defaults', () => {
    expect(parseCashRequest({ amount: 150.5 })).toEqual({
      ok: true,
      value: { amount: 15050, reason: null, printReceipt: true },
    });
    expect(parseCashRequest({ amount: 1, reason: 'float', printReceipt: false })).toEqual({
      ok: true,
      value: { amount: 100, reason: 'float', printReceipt: false },
    });
  });
});

describe('shift requests', () => {
  it('open: every field optional, the counted cash read in bani', () => {
    expect(parseShiftOpenRequest({})).toEqual({
      ok: true,
      value: { cashierId: null, cashierName: null, pin: null, openingCash: null },
    });
    expect(parseShiftOpenRequest({ cashierId: 'c-7', cashierName: 'Ana', openingCash: 0 })).toEqual({
      ok: true,
      value: { cashierId: 'c-7', cashierName: 'Ana', pin: null, openingCash: 0 },
    });
    expect(parseShiftOpenRequest({ openingCash: 1234.56 })).toMatchObject({ value: { openingCash: 123456 } });
  });

  it('close: counted cash optional, the report printed unless told', () => {
    expect(parseShiftCloseRequest({})).toEqual({ ok: true, value: { countedCash: null, printReport: true } });
    expect(parseShiftCloseRequest({ countedCash: 0.1, printReport: false })).toEqual({
      ok: true,
      value: { countedCash: 10, printReport: false },
    });
  });

  it('a drawer count goes up to the most a drawer can hold: a fiscal day’s turnover limit', () => {
    // The drawer never exceeds its day's turnover (money/limits.ts), which passes the limit of
    // one amount: a count of it must be accepted, at open and at close.
    const most = fromMinor(DAY_LIMIT);
    expect(parseShiftCloseRequest({ countedCash: most })).toMatchObject({
      ok: true,
      value: { countedCash: DAY_LIMIT },
    });
    expect(parseShiftOpenRequest({ openingCash: most })).toMatchObject({
      ok: true,
      value: { openingCash: DAY_LIMIT },
    });
  });
});

describe('parsePrintRequest', () => {
  it('applies defaults and accepts a blank spacer line', () => {
    expect(parsePrintRequest({ lines: [['Title'], [''], ['Left', 'Right'], ['a', 'b', 'c']] })).toEqual({
      ok: true,
      value: { lines: [['Title'], [''], ['Left', 'Right'], ['a', 'b', 'c']], feedLines: 3, cut: true },
    });
    expect(parsePrintRequest({ lines: [['x']], feedLines: 0, cut: false })).toMatchObject({
      value: { feedLines: 0, cut: false },
    });
  });

  it('reports a missing lines field and every bad line', () => {
    expect(issuesOf(parsePrintRequest({}))).toEqual([['lines', 'LINES_REQUIRED']]);
    expect(
      issuesOf(parsePrintRequest({ lines: ['text', [1], ['a', 'b', 'c', 'd']], feedLines: -1 })),
    ).toEqual([
      ['lines[0]', 'LINE_FORMAT_INVALID'],
      // A number where a column's text goes is a malformed line, not a long text.
      ['lines[1][0]', 'LINE_FORMAT_INVALID'],
      ['lines[2]', 'LINE_FORMAT_INVALID'],
      ['feedLines', 'FEED_LINES_INVALID'],
    ]);
  });
});

describe('parseReportRequest', () => {
  it('defaults printReport to true', () => {
    expect(parseReportRequest({})).toEqual({ ok: true, value: { printReport: true } });
    expect(parseReportRequest({ printReport: false })).toEqual({ ok: true, value: { printReport: false } });
  });
});

describe('parsePeriodicReportRequest', () => {
  const today = '2025-06-15';

  it('date range mode, up to today included', () => {
    expect(
      parsePeriodicReportRequest({ dateFrom: '2025-06-01', dateTo: '2025-06-15', detailed: true }, today),
    ).toEqual({
      ok: true,
      value: {
        mode: 'dateRange',
        dateFrom: '2025-06-01',
        dateTo: '2025-06-15',
        detailed: true,
        printReport: true,
      },
    });
  });

  it('report range mode: reportFrom defaults to 1, reportTo to the latest', () => {
    expect(parsePeriodicReportRequest({ reportTo: 7, printReport: false }, today)).toEqual({
      ok: true,
      value: { mode: 'reportRange', reportFrom: 1, reportTo: 7, detailed: false, printReport: false },
    });
    expect(parsePeriodicReportRequest({ reportFrom: 3, dateFrom: null }, today)).toMatchObject({
      value: { mode: 'reportRange', reportFrom: 3, reportTo: null },
    });
  });

  it('reports the mode conflict beside invalid fields', () => {
    expect(issuesOf(parsePeriodicReportRequest({ dateFrom: 'June', reportFrom: 0 }, today))).toEqual([
      ['filter', 'FILTER_REQUIRED'],
      ['dateFrom', 'DATE_RANGE_INVALID'],
      ['reportFrom', 'REPORT_NUMBER_INVALID'],
    ]);
  });

  it('reports a reversed range in the future with both codes', () => {
    expect(
      issuesOf(parsePeriodicReportRequest({ dateFrom: '2025-07-02', dateTo: '2025-07-01' }, today)),
    ).toEqual([
      ['dateFrom', 'DATE_RANGE_INVALID'],
      ['dateTo', 'DATE_TO_FUTURE'],
    ]);
  });

  it('refuses a malformed today (a caller bug)', () => {
    expect(() => parsePeriodicReportRequest({}, '15.06.2025')).toThrow(RangeError);
  });
});

describe('schemas for OpenAPI', () => {
  it.each([
    ['sale', saleRequestSchema],
    ['cash', cashRequestSchema],
    ['print', printRequestSchema],
    ['report', reportRequestSchema],
    ['periodic', periodicReportRequestSchema],
  ])('%s request converts to JSON Schema (input side)', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input' });
    expect(json.type).toBe('object');
    expect(Object.keys(json.properties ?? {}).length).toBeGreaterThan(0);
  });
});
