import { z } from 'zod';
import { DOCUMENT_LIMIT } from '../money/limits.js';
import { ACPS_CASH, ACPS_CODES } from '../payments/acps.js';
import { expecting, issue } from '../validation/validation-issue.js';
import type { ParseResult, ValidationIssue } from '../validation/validation-issue.js';
import {
  amountField,
  coded,
  documentLimit,
  parseWithSchema,
  percentField,
  quantityField,
  withDefault,
  flagField,
  keyText,
  textField,
} from '../validation/zod-validation.js';
import { DEFAULT_VAT_TABLE, VAT_CODES } from '../vat/vat.js';
import type { VatTable } from '../vat/vat.js';
import { calculateSale } from './sale-calculation.js';
import type { SaleCalculation } from './sale-calculation.js';

/*
 * POST /api/sales. Fields the spec gives no code of their own are reported under the code
 * of what they belong to: items[i] that is not an object -> ITEMS_REQUIRED,
 * payments[i] -> PAYMENTS_REQUIRED, items[i].id -> ITEM_NAME_INVALID (the item's
 * identification), items[i].allowDecimals -> ITEM_QUANTITY_INVALID (it governs the
 * quantity rule), cartDiscount / cartMarkup not an object -> their percent code, delivery
 * not an object -> LANGUAGE_INVALID.
 */

const LANGUAGES = ['ro', 'en', 'ru'] as const;

const octets = (text: string): number => new TextEncoder().encode(text).length;
/** RFC 5322 atext, with any letter, digit or mark for the internationalised form (RFC 6531). */
const LOCAL_PART = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A domain label, its letters in any script (an IDN as its user writes it, RFC 5890). */
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;

/**
 * An e-mail address a mail server takes: a dot-atom local part of at most 64 octets, a domain
 * of two labels or more, each at most 63 octets, at most 255 in all, and at most 254 octets
 * for the whole address (RFC 5321 §4.5.3.1, its path of 256 less the angle brackets). Letters
 * of any script are allowed on both sides (`ion@exemplu.md`, `иван@пример.рф`, RFC 6531).
 */
export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at < 0 || octets(text) > 254) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  return (
    octets(local) <= 64 &&
    LOCAL_PART.test(local) &&
    octets(text.slice(at + 1)) <= 255 &&
    labels.length >= 2 &&
    labels.every((label) => octets(label) <= 63 && DOMAIN_LABEL.test(label)) &&
    !/^\d+$/.test(labels.at(-1)!)
  );
}

function vatCodeField(vatTable: VatTable) {
  return z
    .enum(VAT_CODES, coded('ITEM_VAT_CODE_INVALID'))
    .refine((code) => vatTable[code] !== undefined, { error: 'UNKNOWN_VAT_CODE' })
    .meta({ description: 'VAT code; must also be configured on the terminal' });
}

/** A receipt line's name, in characters: also the bound of the cloud's product names, which terminals sell. */
export const ITEM_NAME_BOUNDS = { min: 1, max: 100 } as const;

/**
 * What a priced line is made of, shared by a sale item and a delivery-lot line (which names its
 * product `productId` and adds its own key): same fields, same codes.
 */
export function pricedLineFields(vatTable: VatTable) {
  return {
    name: textField('ITEM_NAME_INVALID', ITEM_NAME_BOUNDS),
    unitPrice: amountField('ITEM_PRICE_INVALID', { positive: true }, 'price of one unit, VAT included'),
    quantity: quantityField('ITEM_QUANTITY_INVALID', 'quantity; fractional only with allowDecimals'),
    vatCode: vatCodeField(vatTable),
    discountPercent: withDefault(percentField('ITEM_DISCOUNT_PERCENT_INVALID', { max: 100 }, '0-100'), 0),
    allowDecimals: withDefault(
      z.boolean(coded('ITEM_QUANTITY_INVALID', 'allowDecimals must be a boolean')),
      false,
    ),
    discountAbsolute: withDefault(amountField('ITEM_DISCOUNT_ABSOLUTE_INVALID', {}, '>= 0'), 0),
    markupPercent: withDefault(percentField('ITEM_MARKUP_PERCENT_INVALID', {}, '>= 0'), 0),
    markupAbsolute: withDefault(amountField('ITEM_MARKUP_ABSOLUTE_INVALID', {}, '>= 0'), 0),
  };
}

/**
 * An RRN names a card payment charged elsewhere (spec, payments[].rrn); cash has none. Taken,
 * it printed `RRN <value>` under the cash line of the fiscal receipt, a bank reference for
 * money that never went through a bank.
 */
function cashHasNoRrn(payment: { type: string; rrn: string | null }, ctx: z.RefinementCtx): void {
  if (payment.type === ACPS_CASH && payment.rrn !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['rrn'],
      message: 'PAYMENT_RRN_INVALID|a cash payment has no RRN: rrn names a card payment charged elsewhere',
    });
  }
}

/** quantity is in thousandths here; a whole quantity is a multiple of 1000. */
export function wholeQuantityRule(
  line: { allowDecimals: boolean; quantity: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!line.allowDecimals && typeof line.quantity === 'number' && line.quantity % 1000 !== 0) {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'ITEM_QUANTITY_INVALID' });
  }
}

/** The caller's stable key of a delivery-lot line (in a lot, and on the sale item sold from it). */
export const lotLineIdField = withDefault(
  keyText('LOT_LINE_ID_INVALID')
    .min(1)
    .max(64)
    .meta({ description: 'stable key of a delivery-lot line, 1-64 characters' }),
  null,
);

function itemSchema(vatTable: VatTable) {
  return z
    .strictObject(
      {
        id: withDefault(
          z
            .string(coded('ITEM_NAME_INVALID', 'id must be a string'))
            .meta({ description: 'external product id' }),
          null,
        ),
        lotLineId: lotLineIdField.meta({
          description: 'the line of the delivery lot this item sells; absent for an extra line',
        }),
        ...pricedLineFields(vatTable),
      },
      coded('ITEMS_REQUIRED', 'an item must be an object'),
    )
    .superRefine(wholeQuantityRule)
    .transform((item) => ({
      id: item.id,
      lotLineId: item.lotLineId,
      name: item.name,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      vatCode: item.vatCode,
      allowDecimals: item.allowDecimals,
      discountBp: item.discountPercent,
      discountAbsolute: item.discountAbsolute,
      markupBp: item.markupPercent,
      markupAbsolute: item.markupAbsolute,
    }));
}

const cartDiscountSchema = withDefault(
  z
    .strictObject(
      {
        percent: percentField('CART_DISCOUNT_PERCENT_INVALID', { max: 100 }, '0-100'),
        absolute: withDefault(amountField('CART_DISCOUNT_ABSOLUTE_INVALID', {}, '>= 0'), 0),
      },
      coded('CART_DISCOUNT_PERCENT_INVALID', 'cartDiscount must be an object with percent'),
    )
    .transform(({ percent, absolute }) => ({ bp: percent, absolute })),
  null,
);

const cartMarkupSchema = withDefault(
  z
    .strictObject(
      {
        percent: withDefault(percentField('CART_MARKUP_PERCENT_INVALID', {}, '>= 0'), 0),
        absolute: withDefault(amountField('CART_MARKUP_ABSOLUTE_INVALID', {}, '>= 0'), 0),
      },
      coded('CART_MARKUP_PERCENT_INVALID', 'cartMarkup must be an object'),
    )
    .transform(({ percent, absolute }) => ({ bp: percent, absolute })),
  null,
);

/**
 * Strict: a field a payment does not have is a VALIDATION_ERROR (UNKNOWN_FIELD) naming it. A
 * payment moves money, and one read in part does the wrong thing: `RRN` or `reference` for
 * `rrn`, dropped, made a card payment charged elsewhere one the terminal charged again.
 */
const paymentSchema = z
  .strictObject(
    {
      type: z.enum(ACPS_CODES, coded('PAYMENT_TYPE_INVALID')).meta({ description: 'ACPS payment code' }),
      amount: amountField('PAYMENT_AMOUNT_INVALID', { positive: true }, 'amount paid with this type'),
      // An empty RRN names no payment: it is read as null, so the terminal charges the card.
      rrn: withDefault(
        keyText('PAYMENT_RRN_INVALID')
          .max(12)
          .meta({
            description: 'reference number of a card payment already charged elsewhere; never with cash (1)',
          })
          .transform((rrn) => (rrn === '' ? null : rrn)),
        null,
      ),
    },
    coded('PAYMENTS_REQUIRED', 'a payment must be an object'),
  )
  .superRefine(cashHasNoRrn);

const deliverySchema = withDefault(
  z.strictObject(
    {
      customerPhone: withDefault(
        z
          .string(coded('PHONE_FORMAT_INVALID'))
          .regex(/^\+[1-9]\d{6,14}$/)
          .meta({ description: 'international format +<digits>' }),
        null,
      ),
      customerEmail: withDefault(
        z.string(coded('EMAIL_FORMAT_INVALID')).refine(isEmailAddress, coded('EMAIL_FORMAT_INVALID')).meta({
          description:
            'an e-mail address, internationalised ones included; local part at most 64 octets, domain at most 255, all at most 254 (RFC 5321)',
        }),
        null,
      ),
      customerName: withDefault(textField('CUSTOMER_NAME_INVALID', { max: 60 }), null),
      language: withDefault(z.enum(LANGUAGES, coded('LANGUAGE_INVALID')), 'ro'),
    },
    coded('LANGUAGE_INVALID', 'delivery must be an object'),
  ),
  null,
);

/**
 * The sale request schema, checking VAT codes against the given terminal table. Strict at every
 * level, as payments are: a misspelt field (`amountRecieved`, `printReciept`, an item's
 * `productId` or `lotLineID`, `delivery.customerEmial`) is a VALIDATION_ERROR (UNKNOWN_FIELD)
 * naming it, never silently dropped, for a dropped field sells something other than what the
 * ERP meant (a receipt printed it asked not to print, a lot's line sold as an extra line, a
 * product id missing from the document stock is booked from, an e-receipt never sent).
 */
function createSaleRequestSchema(vatTable: VatTable) {
  return z.strictObject({
    items: z.array(itemSchema(vatTable), coded('ITEMS_REQUIRED')).min(1),
    cartDiscount: cartDiscountSchema,
    cartMarkup: cartMarkupSchema,
    payments: z.array(paymentSchema, coded('PAYMENTS_REQUIRED')).min(1),
    amountReceived: amountField(
      'AMOUNT_RECEIVED_INVALID',
      {},
      'sum of the payments, >= total',
      documentLimit(DOCUMENT_LIMIT),
    ),
    change: amountField(
      'CHANGE_INVALID',
      {},
      'amountReceived − total; non-zero only with a cash payment',
      documentLimit(DOCUMENT_LIMIT),
    ),
    delivery: deliverySchema,
    printReceipt: flagField(true, 'print the receipt'),
    deliveryLotId: withDefault(
      z
        .uuid(coded('DELIVERY_LOT_ID_INVALID'))
        .meta({ description: 'the delivery lot this sale sells (lotId of POST /api/delivery-lots)' }),
      null,
    ),
    qrPayload: withDefault(
      z
        .string(coded('QR_PAYLOAD_INVALID'))
        .max(200)
        .meta({ description: 'the scanned QR payload of a delivery lot, instead of deliveryLotId' }),
      null,
    ),
  });
}

/** POST /api/sales request, checked against the default VAT table (for OpenAPI and types). */
export const saleRequestSchema = createSaleRequestSchema(DEFAULT_VAT_TABLE);

/** The normalized request: defaults applied, amounts in bani, quantities in thousandths, percents in bp. */
type SaleRequest = z.output<typeof saleRequestSchema>;
/** A sale ready to be recorded: the normalized request and its calculation (with no issues). */
export type SaleDraft = SaleRequest & { calculation: SaleCalculation };

const schemaByTable = new WeakMap<VatTable, ReturnType<typeof createSaleRequestSchema>>();

function schemaFor(vatTable: VatTable) {
  let schema = schemaByTable.get(vatTable);
  if (schema === undefined) {
    schema = createSaleRequestSchema(vatTable);
    schemaByTable.set(vatTable, schema);
  }
  return schema;
}

/**
 * Payment rules of spec rule 4 and the change rule (change only from cash); reported together,
 * each with the figure it expected (`expected`, MDL), so a client corrects it in one round trip.
 */
function paymentIssues(request: SaleRequest, calculation: SaleCalculation): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { paymentsTotal, total, change } = calculation;
  if (paymentsTotal !== request.amountReceived) {
    issues.push(expecting(issue('payments', 'PAYMENT_SUM_MISMATCH'), request.amountReceived));
  }
  // Change is handed back from the drawer: it may not exceed the cash paid.
  const cashPaid = request.payments
    .filter((payment) => payment.type === ACPS_CASH)
    .reduce((sum, payment) => sum + payment.amount, 0);
  if (request.change > cashPaid || change > cashPaid) {
    issues.push(issue('payments', 'NON_CASH_CHANGE_NOT_ALLOWED'));
  }
  if (request.amountReceived < total) {
    issues.push(expecting(issue('amountReceived', 'INSUFFICIENT_PAYMENT'), total));
  }
  // With an insufficient payment there is no change to compare against.
  else if (request.change !== change) issues.push(expecting(issue('change', 'CHANGE_MISMATCH'), change));
  return issues;
}

/** A sale's total within DOCUMENT_LIMIT (its amountReceived is bounded by its field). */
function documentLimitIssues(calculation: SaleCalculation): ValidationIssue[] {
  return calculation.total > DOCUMENT_LIMIT ? [issue('total', 'DOCUMENT_TOTAL_LIMIT_EXCEEDED')] : [];
}

/** Items name lot lines only in a sale from a lot, and each line once. */
function lotLineIssues(request: SaleRequest): ValidationIssue[] {
  const fromLot = request.deliveryLotId !== null || request.qrPayload !== null;
  const seen = new Set<string>();
  return request.items.flatMap((item, index) => {
    if (item.lotLineId === null) return [];
    const field = `items[${index}].lotLineId`;
    if (!fromLot) return [issue(field, 'LOT_LINE_ID_INVALID', 'lotLineId needs deliveryLotId or qrPayload')];
    if (seen.has(item.lotLineId)) return [issue(field, 'LOT_LINE_ID_INVALID', 'the lot line is sold twice')];
    seen.add(item.lotLineId);
    return [];
  });
}

/**
 * Validates a POST /api/sales body against the schema and, when its structure is valid,
 * calculates the sale and checks the cross-field rules. All failing fields are reported.
 */
export function parseSaleRequest(body: unknown, vatTable: VatTable): ParseResult<SaleDraft> {
  const parsed = parseWithSchema(schemaFor(vatTable), body);
  if (!parsed.ok) return parsed;
  return draftOf(parsed.value, vatTable);
}

/** A structurally valid request calculated with `vatTable`, and its cross-field rules checked. */
function draftOf(request: SaleRequest, vatTable: VatTable): ParseResult<SaleDraft> {
  const calculation = calculateSale(request, vatTable);
  const issues = [
    ...calculation.issues,
    ...documentLimitIssues(calculation),
    ...paymentIssues(request, calculation),
    ...lotLineIssues(request),
  ];
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { ...request, calculation } };
}

/**
 * The sale priced with `vatTable`: the draft itself when every line already has that table's
 * rate, else calculated again with it (the fiscal day's table can differ from the one the
 * request was parsed with when a Z report or a day's first document came in between). Prices
 * include VAT, so the total and the payment checks stay as they were; a code the table does
 * not know is UNKNOWN_VAT_CODE.
 */
export function priceSaleDraft(draft: SaleDraft, vatTable: VatTable): ParseResult<SaleDraft> {
  const priced = draft.calculation.items.every((item) => {
    const rate = vatTable[item.vatCode];
    return rate !== undefined && rate.rateBp === item.vatRateBp;
  });
  return priced ? { ok: true, value: draft } : draftOf(draft, vatTable);
}
