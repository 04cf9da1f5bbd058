import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VAT_TABLE,
  EXTENSION_VALIDATION_CODES,
  VALIDATION_CODES,
  parseCashRequest,
  parseDeliveryLotRequest,
  parsePeriodicReportRequest,
  parsePrintRequest,
  parseRefundRequest,
  parseSaleRequest,
  parseShiftCloseRequest,
  parseShiftOpenRequest,
} from '../src/index.js';
import type { ParseResult, ValidationCode } from '../src/index.js';

/** A valid sale: 2 × 10.00 at B, paid 50.00 cash, change 30.00. */
function saleBody(patch: Record<string, unknown> = {}, itemPatch: Record<string, unknown> = {}) {
  return {
    items: [{ name: 'Bread', unitPrice: 10, quantity: 2, vatCode: 'B', ...itemPatch }],
    payments: [{ type: '1', amount: 50 }],
    amountReceived: 50,
    change: 30,
    ...patch,
  };
}

const sale = (body: unknown) => parseSaleRequest(body, DEFAULT_VAT_TABLE);
const TODAY = '2025-06-15';
const periodic = (body: unknown) => parsePeriodicReportRequest(body, TODAY);
const lot = (body: Record<string, unknown>) =>
  parseDeliveryLotRequest(
    { lines: [{ name: 'Tea', quantity: 1, unitPrice: 5, vatCode: 'B' }], ...body },
    DEFAULT_VAT_TABLE,
    new Date(`${TODAY}T12:00:00Z`),
  );

interface Case {
  name: string;
  parse: () => ParseResult<unknown>;
  expected: [field: string, code: ValidationCode][];
}

const cases: Case[] = [
  // Sales: structure
  { name: 'no items', parse: () => sale(saleBody({ items: [] })), expected: [['items', 'ITEMS_REQUIRED']] },
  {
    name: 'items missing',
    parse: () => sale({ ...saleBody(), items: undefined }),
    expected: [['items', 'ITEMS_REQUIRED']],
  },
  {
    name: 'item not an object',
    parse: () => sale(saleBody({ items: [5] })),
    expected: [['items[0]', 'ITEMS_REQUIRED']],
  },
  {
    name: 'name too long',
    parse: () => sale(saleBody({}, { name: 'x'.repeat(101) })),
    expected: [['items[0].name', 'ITEM_NAME_INVALID']],
  },
  {
    name: 'name empty',
    parse: () => sale(saleBody({}, { name: '' })),
    expected: [['items[0].name', 'ITEM_NAME_INVALID']],
  },
  {
    name: 'price 0',
    parse: () => sale(saleBody({}, { unitPrice: 0 })),
    expected: [['items[0].unitPrice', 'ITEM_PRICE_INVALID']],
  },
  {
    name: 'price 3 decimals',
    parse: () => sale(saleBody({}, { unitPrice: 10.001 })),
    expected: [['items[0].unitPrice', 'ITEM_PRICE_INVALID']],
  },
  {
    name: 'price a string',
    parse: () => sale(saleBody({}, { unitPrice: '10' })),
    expected: [['items[0].unitPrice', 'ITEM_PRICE_INVALID']],
  },
  {
    name: 'fractional quantity without allowDecimals',
    parse: () => sale(saleBody({}, { quantity: 1.5 })),
    expected: [['items[0].quantity', 'ITEM_QUANTITY_INVALID']],
  },
  {
    name: 'quantity 4 decimals',
    parse: () => sale(saleBody({}, { quantity: 1.0005, allowDecimals: true })),
    expected: [['items[0].quantity', 'ITEM_QUANTITY_INVALID']],
  },
  {
    name: 'quantity missing',
    parse: () => sale(saleBody({}, { quantity: undefined })),
    expected: [['items[0].quantity', 'ITEM_QUANTITY_INVALID']],
  },
  {
    name: 'VAT code not one of the six',
    parse: () => sale(saleBody({}, { vatCode: 'F' })),
    expected: [['items[0].vatCode', 'ITEM_VAT_CODE_INVALID']],
  },
  {
    name: 'VAT code unknown on the terminal',
    parse: () => parseSaleRequest(saleBody({}, { vatCode: 'D' }), { B: DEFAULT_VAT_TABLE.B }),
    expected: [['items[0].vatCode', 'UNKNOWN_VAT_CODE']],
  },
  {
    name: 'discount percent over 100',
    parse: () => sale(saleBody({}, { discountPercent: 100.5 })),
    expected: [['items[0].discountPercent', 'ITEM_DISCOUNT_PERCENT_INVALID']],
  },
  {
    name: 'discount absolute negative',
    parse: () => sale(saleBody({}, { discountAbsolute: -1 })),
    expected: [['items[0].discountAbsolute', 'ITEM_DISCOUNT_ABSOLUTE_INVALID']],
  },
  {
    name: 'markup percent negative',
    parse: () => sale(saleBody({}, { markupPercent: -5 })),
    expected: [['items[0].markupPercent', 'ITEM_MARKUP_PERCENT_INVALID']],
  },
  {
    name: 'markup absolute not a number',
    parse: () => sale(saleBody({}, { markupAbsolute: 'x' })),
    expected: [['items[0].markupAbsolute', 'ITEM_MARKUP_ABSOLUTE_INVALID']],
  },
  {
    name: 'cart discount without percent',
    parse: () => sale(saleBody({ cartDiscount: { absolute: 1 } })),
    expected: [['cartDiscount.percent', 'CART_DISCOUNT_PERCENT_INVALID']],
  },
  {
    name: 'cart discount absolute negative',
    parse: () => sale(saleBody({ cartDiscount: { percent: 0, absolute: -1 } })),
    expected: [['cartDiscount.absolute', 'CART_DISCOUNT_ABSOLUTE_INVALID']],
  },
  {
    name: 'cart markup percent negative',
    parse: () => sale(saleBody({ cartMarkup: { percent: -1 } })),
    expected: [['cartMarkup.percent', 'CART_MARKUP_PERCENT_INVALID']],
  },
  {
    name: 'cart markup absolute 3 decimals',
    parse: () => sale(saleBody({ cartMarkup: { absolute: 0.001 } })),
    expected: [['cartMarkup.absolute', 'CART_MARKUP_ABSOLUTE_INVALID']],
  },
  {
    name: 'no payments',
    parse: () => sale(saleBody({ payments: [] })),
    expected: [['payments', 'PAYMENTS_REQUIRED']],
  },
  {
    name: 'payment type not ACPS',
    parse: () => sale(saleBody({ payments: [{ type: '4', amount: 50 }] })),
    expected: [['payments[0].type', 'PAYMENT_TYPE_INVALID']],
  },
  {
    name: 'payment type a number',
    parse: () => sale(saleBody({ payments: [{ type: 1, amount: 50 }] })),
    expected: [['payments[0].type', 'PAYMENT_TYPE_INVALID']],
  },
  {
    name: 'payment amount 0',
    parse: () =>
      sale(
        saleBody({
          payments: [
            { type: '1', amount: 50 },
            { type: '2', amount: 0 },
          ],
        }),
      ),
    expected: [['payments[1].amount', 'PAYMENT_AMOUNT_INVALID']],
  },
  {
    name: 'rrn of 13 characters',
    parse: () => sale(saleBody({ payments: [{ type: '1', amount: 50, rrn: '1234567890123' }] })),
    expected: [['payments[0].rrn', 'PAYMENT_RRN_INVALID']],
  },
  {
    name: 'amountReceived negative',
    parse: () => sale(saleBody({ amountReceived: -1 })),
    expected: [['amountReceived', 'AMOUNT_RECEIVED_INVALID']],
  },
  {
    name: 'amountReceived missing',
    parse: () => sale(saleBody({ amountReceived: undefined })),
    expected: [['amountReceived', 'AMOUNT_RECEIVED_INVALID']],
  },
  {
    name: 'change negative',
    parse: () => sale(saleBody({ change: -1 })),
    expected: [['change', 'CHANGE_INVALID']],
  },
  {
    name: 'customer name too long',
    parse: () => sale(saleBody({ delivery: { customerName: 'x'.repeat(61) } })),
    expected: [['delivery.customerName', 'CUSTOMER_NAME_INVALID']],
  },
  {
    name: 'phone not international',
    parse: () => sale(saleBody({ delivery: { customerPhone: '069123456' } })),
    expected: [['delivery.customerPhone', 'PHONE_FORMAT_INVALID']],
  },
  {
    name: 'e-mail invalid',
    parse: () => sale(saleBody({ delivery: { customerEmail: 'a@' } })),
    expected: [['delivery.customerEmail', 'EMAIL_FORMAT_INVALID']],
  },
  {
    name: 'language unknown',
    parse: () => sale(saleBody({ delivery: { language: 'de' } })),
    expected: [['delivery.language', 'LANGUAGE_INVALID']],
  },
  // Sales: calculation and cross-field rules
  {
    name: 'item discount above its amount',
    parse: () =>
      sale(
        saleBody({
          items: [
            saleBody().items[0],
            { name: 'Bag', unitPrice: 1, quantity: 1, vatCode: 'B', discountAbsolute: 2 },
          ],
          change: 31,
        }),
      ),
    expected: [
      ['items[1].netAmount', 'ITEM_NET_AMOUNT_NEGATIVE'],
      ['items[1].vatAmount', 'ITEM_VAT_AMOUNT_NEGATIVE'],
    ],
  },
  {
    name: 'total zero',
    parse: () =>
      sale(
        saleBody({
          cartDiscount: { percent: 100 },
          payments: [{ type: '1', amount: 0.01 }],
          amountReceived: 0.01,
          change: 0.01,
        }),
      ),
    expected: [['total', 'CALCULATION_TOTAL_ZERO']],
  },
  {
    name: 'payments differ from amountReceived',
    parse: () => sale(saleBody({ payments: [{ type: '1', amount: 40 }] })),
    expected: [['payments', 'PAYMENT_SUM_MISMATCH']],
  },
  {
    name: 'amountReceived below the total',
    parse: () => sale(saleBody({ payments: [{ type: '1', amount: 10 }], amountReceived: 10, change: 0 })),
    expected: [['amountReceived', 'INSUFFICIENT_PAYMENT']],
  },
  {
    name: 'change differs from the computed change',
    parse: () => sale(saleBody({ change: 29.99 })),
    expected: [['change', 'CHANGE_MISMATCH']],
  },
  {
    name: 'change without a cash payment',
    parse: () => sale(saleBody({ payments: [{ type: '2', amount: 50 }] })),
    expected: [['payments', 'NON_CASH_CHANGE_NOT_ALLOWED']],
  },
  {
    // Card 100 + cash 0.01 for a 10.00 sale would hand back 90.01 with 0.01 of cash.
    name: 'change above the cash paid',
    parse: () =>
      sale(
        saleBody(
          {
            payments: [
              { type: '2', amount: 100 },
              { type: '1', amount: 0.01 },
            ],
            amountReceived: 100.01,
            change: 90.01,
          },
          { unitPrice: 10, quantity: 1 },
        ),
      ),
    expected: [['payments', 'NON_CASH_CHANGE_NOT_ALLOWED']],
  },
  // Cash
  {
    name: 'cash amount missing',
    parse: () => parseCashRequest({}),
    expected: [['amount', 'AMOUNT_INVALID']],
  },
  {
    name: 'cash amount 3 decimals',
    parse: () => parseCashRequest({ amount: 1.001 }),
    expected: [['amount', 'AMOUNT_INVALID']],
  },
  {
    name: 'cash reason too long',
    parse: () => parseCashRequest({ amount: 5, reason: 'x'.repeat(101) }),
    expected: [['reason', 'REASON_TOO_LONG']],
  },
  // Print
  {
    name: 'no lines',
    parse: () => parsePrintRequest({ lines: [] }),
    expected: [['lines', 'LINES_REQUIRED']],
  },
  {
    name: 'more than 500 lines',
    parse: () => parsePrintRequest({ lines: Array.from({ length: 501 }, () => ['x']) }),
    expected: [['lines', 'LINES_TOO_MANY']],
  },
  {
    name: 'line with 4 columns',
    parse: () => parsePrintRequest({ lines: [['a'], ['a', 'b', 'c', 'd']] }),
    expected: [['lines[1]', 'LINE_FORMAT_INVALID']],
  },
  {
    name: 'empty line array',
    parse: () => parsePrintRequest({ lines: [[]] }),
    expected: [['lines[0]', 'LINE_FORMAT_INVALID']],
  },
  {
    name: 'line text too long',
    parse: () => parsePrintRequest({ lines: [['a'], ['b'], ['c', 'x'.repeat(101)]] }),
    expected: [['lines[2][1]', 'LINE_TEXT_TOO_LONG']],
  },
  {
    name: 'cut a string',
    parse: () => parsePrintRequest({ lines: [['a']], cut: 'no' }),
    expected: [['cut', 'FLAG_INVALID']],
  },
  {
    name: 'feedLines 11',
    parse: () => parsePrintRequest({ lines: [['a']], feedLines: 11 }),
    expected: [['feedLines', 'FEED_LINES_INVALID']],
  },
  {
    name: 'feedLines fractional',
    parse: () => parsePrintRequest({ lines: [['a']], feedLines: 1.5 }),
    expected: [['feedLines', 'FEED_LINES_INVALID']],
  },
  // Periodic reports
  { name: 'no filter', parse: () => periodic({ detailed: true }), expected: [['filter', 'FILTER_REQUIRED']] },
  {
    name: 'both filter modes',
    parse: () => periodic({ dateFrom: '2025-06-01', dateTo: '2025-06-02', reportFrom: 1 }),
    expected: [['filter', 'FILTER_REQUIRED']],
  },
  {
    name: 'dateFrom after dateTo',
    parse: () => periodic({ dateFrom: '2025-06-03', dateTo: '2025-06-02' }),
    expected: [['dateFrom', 'DATE_RANGE_INVALID']],
  },
  {
    name: 'not a calendar date',
    parse: () => periodic({ dateFrom: '2023-02-29', dateTo: '2023-03-01' }),
    expected: [['dateFrom', 'DATE_RANGE_INVALID']],
  },
  {
    name: 'dateTo missing in date mode',
    parse: () => periodic({ dateFrom: '2025-06-01' }),
    expected: [['dateTo', 'DATE_RANGE_INVALID']],
  },
  {
    name: 'dateTo after today',
    parse: () => periodic({ dateFrom: '2025-06-01', dateTo: '2025-06-16' }),
    expected: [['dateTo', 'DATE_TO_FUTURE']],
  },
  {
    name: 'reportFrom 0',
    parse: () => periodic({ reportFrom: 0 }),
    expected: [['reportFrom', 'REPORT_NUMBER_INVALID']],
  },
  {
    name: 'reportTo negative',
    parse: () => periodic({ reportTo: -1 }),
    expected: [['reportTo', 'REPORT_NUMBER_INVALID']],
  },
  {
    name: 'reportFrom after reportTo',
    parse: () => periodic({ reportFrom: 5, reportTo: 3 }),
    expected: [['reportFrom', 'REPORT_RANGE_INVALID']],
  },
  // Shifts (codes the terminal adds)
  {
    name: 'cashier fields empty, too long or not strings',
    parse: () => parseShiftOpenRequest({ cashierId: '', cashierName: 'n'.repeat(61) }),
    expected: [
      ['cashierId', 'CASHIER_ID_INVALID'],
      ['cashierName', 'CASHIER_NAME_INVALID'],
    ],
  },
  {
    name: 'cashierId a number',
    parse: () => parseShiftOpenRequest({ cashierId: 7 }),
    expected: [['cashierId', 'CASHIER_ID_INVALID']],
  },
  {
    name: 'pin of 3 digits',
    parse: () => parseShiftOpenRequest({ cashierId: 'c-7', pin: '123' }),
    expected: [['pin', 'PIN_INVALID']],
  },
  {
    name: 'pin without the cashierId it proves',
    parse: () => parseShiftOpenRequest({ pin: '1234' }),
    expected: [['pin', 'PIN_INVALID']],
  },
  {
    name: 'openingCash negative',
    parse: () => parseShiftOpenRequest({ openingCash: -0.01 }),
    expected: [['openingCash', 'OPENING_CASH_INVALID']],
  },
  {
    name: 'countedCash 3 decimals',
    parse: () => parseShiftCloseRequest({ countedCash: 10.005 }),
    expected: [['countedCash', 'COUNTED_CASH_INVALID']],
  },
  // Delivery lots (codes the terminal adds); their lines answer the sale's item codes
  {
    name: 'lot: lotLineId twice',
    parse: () =>
      lot({
        lines: [
          { lotLineId: 'a', name: 'Tea', quantity: 1, unitPrice: 5, vatCode: 'B' },
          { lotLineId: 'a', name: 'Tea', quantity: 1, unitPrice: 5, vatCode: 'B' },
        ],
      }),
    expected: [['lines[1].lotLineId', 'LOT_LINE_ID_INVALID']],
  },
  {
    name: 'lot: webhookUrl not http, reference too long, expiresAt not a date',
    parse: () => lot({ webhookUrl: 'ftp://erp/hook', reference: 'r'.repeat(101), expiresAt: 'soon' }),
    expected: [
      ['webhookUrl', 'WEBHOOK_URL_INVALID'],
      ['reference', 'REFERENCE_INVALID'],
      ['expiresAt', 'EXPIRES_AT_INVALID'],
    ],
  },
  {
    name: 'lot: expiresAt in the past',
    parse: () => lot({ expiresAt: `${TODAY}T11:00:00Z` }),
    expected: [['expiresAt', 'EXPIRES_AT_INVALID']],
  },
  {
    name: 'sale: deliveryLotId not a UUID, qrPayload not a string',
    parse: () => sale(saleBody({ deliveryLotId: 'lot-1', qrPayload: 7 })),
    expected: [
      ['deliveryLotId', 'DELIVERY_LOT_ID_INVALID'],
      ['qrPayload', 'QR_PAYLOAD_INVALID'],
    ],
  },
  {
    name: 'sale: lotLineId without a lot',
    parse: () => sale(saleBody({}, { lotLineId: 'tea' })),
    expected: [['items[0].lotLineId', 'LOT_LINE_ID_INVALID']],
  },
  // Limits (money/limits.ts)
  {
    name: 'cash amount past the amount limit',
    parse: () => parseCashRequest({ amount: 9_999_999_999_999.99 }),
    expected: [['amount', 'AMOUNT_LIMIT_EXCEEDED']],
  },
  {
    name: 'sale total past the document limit, paid within it',
    parse: () =>
      sale(
        saleBody({
          items: Array.from({ length: 11 }, () => ({
            name: 'Gold',
            unitPrice: 999_999_999.99,
            quantity: 1,
            vatCode: 'B',
          })),
          payments: [{ type: '1', amount: 999_999_999.99 }],
          amountReceived: 999_999_999.99,
          change: 0,
        }),
      ),
    expected: [
      ['total', 'DOCUMENT_TOTAL_LIMIT_EXCEEDED'],
      ['amountReceived', 'INSUFFICIENT_PAYMENT'],
    ],
  },
  {
    name: 'drawer counts past the most a drawer can hold',
    parse: () => parseShiftCloseRequest({ countedCash: 100_000_000_000 }),
    expected: [['countedCash', 'CASH_COUNT_LIMIT_EXCEEDED']],
  },
  {
    name: 'opening count past the most a drawer can hold',
    parse: () => parseShiftOpenRequest({ openingCash: 100_000_000_000 }),
    expected: [['openingCash', 'CASH_COUNT_LIMIT_EXCEEDED']],
  },
  {
    name: 'amountReceived past the document limit',
    parse: () => sale(saleBody({ amountReceived: 10_000_000_000 })),
    expected: [['amountReceived', 'DOCUMENT_TOTAL_LIMIT_EXCEEDED']],
  },
  // Returns (codes the terminal adds); what exceeds the sale is decided by calculateRefund
  {
    name: 'refund: fields it does not know',
    parse: () => parseRefundRequest({ dryRun: true, items: [{ index: 0, quantity: 1, note: 'x' }] }),
    expected: [
      ['items[0].note', 'UNKNOWN_FIELD'],
      ['dryRun', 'UNKNOWN_FIELD'],
    ],
  },
  {
    name: 'refund: index not a position, quantity with 4 decimals',
    parse: () => parseRefundRequest({ items: [{ index: 1.5, quantity: 1.0001 }] }),
    expected: [
      ['items[0].index', 'REFUND_ITEM_INVALID'],
      ['items[0].quantity', 'REFUND_QUANTITY_INVALID'],
    ],
  },
];

describe('every validation code, with its exact field', () => {
  it.each(cases)('$name', ({ parse, expected }) => {
    const result = parse();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((found) => [found.field, found.code])).toEqual(expected);
    for (const found of result.issues) expect(found.message.length).toBeGreaterThan(0);
  });

  it('the cases above cover every code of the list and every code the terminal adds', () => {
    const covered = new Set(cases.flatMap((entry) => entry.expected.map(([, code]) => code)));
    const all = [...VALIDATION_CODES, ...EXTENSION_VALIDATION_CODES];
    expect(all.filter((code) => !covered.has(code))).toEqual([]);
  });

  const specPath = fileURLToPath(new URL('../../../../shared/spec/api-spec.md', import.meta.url));
  it.skipIf(!existsSync(specPath))('the list is exactly the validation table of the spec', () => {
    const spec = readFileSync(specPath, 'utf8');
    const start = spec.indexOf('Validation codes (HTTP 400');
    const table = spec.slice(start, spec.indexOf('\n## ', start));
    const rows = table.split('\n').filter((line) => /^\| [A-Z_]+ \|/.test(line));
    const fromSpec = rows.map((line) => line.split('|')[1]?.trim());
    expect([...VALIDATION_CODES].sort()).toEqual(fromSpec.sort());
  });
});
