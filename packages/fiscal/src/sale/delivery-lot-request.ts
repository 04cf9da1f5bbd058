import { z } from 'zod';
import { issue } from '../validation/validation-issue.js';
import type { ParseResult, ValidationIssue } from '../validation/validation-issue.js';
import { coded, flagField, parseWithSchema, textField, withDefault } from '../validation/zod-validation.js';
import { DEFAULT_VAT_TABLE } from '../vat/vat.js';
import type { VatTable } from '../vat/vat.js';
import { calculateSale } from './sale-calculation.js';
import { lotLineIdField, pricedLineFields, wholeQuantityRule } from './sale-request.js';

/*
 * POST /api/delivery-lots: a cart an ERP prepares for a courier's terminal. Its lines are sale
 * items (same fields, same codes at `lines[i].…`); the list itself answers ITEMS_REQUIRED.
 */

function lotLineSchema(vatTable: VatTable) {
  return z
    .strictObject(
      {
        lotLineId: lotLineIdField.meta({ description: 'the caller’s stable key; generated when absent' }),
        productId: withDefault(
          z.string(coded('ITEM_NAME_INVALID', 'productId must be a string')).max(100),
          null,
        ).meta({ description: 'external product id' }),
        ...pricedLineFields(vatTable),
      },
      coded('ITEMS_REQUIRED', 'a line must be an object'),
    )
    .superRefine(wholeQuantityRule)
    .transform((line) => ({
      lotLineId: line.lotLineId,
      productId: line.productId,
      name: line.name,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      vatCode: line.vatCode,
      allowDecimals: line.allowDecimals,
      discountBp: line.discountPercent,
      discountAbsolute: line.discountAbsolute,
      markupBp: line.markupPercent,
      markupAbsolute: line.markupAbsolute,
    }));
}

/**
 * A LAN ERP is a legitimate receiver, so plain http is accepted as well as https. A URL with a
 * user or password is refused: the lot, its URL included, is answered to whoever reads the lot,
 * and logged; a receiver authenticates by what it checks in the body (lotId), not by a secret in the URL.
 */
const webhookUrlField = z
  .url({ protocol: /^https?$/, ...coded('WEBHOOK_URL_INVALID') })
  .max(2000)
  .refine(
    (url) => {
      // Zod runs this even when the URL check failed: that one reports a text that is no URL.
      if (!URL.canParse(url)) return true;
      const { username, password } = new URL(url);
      return username === '' && password === '';
    },
    coded('WEBHOOK_URL_INVALID', 'webhookUrl may not carry a user or password'),
  )
  .meta({ description: 'receiver of the sale webhook, http or https' });

/**
 * Strict at every level, as the sale is: a field the lot or a line does not have (`webhookURL`,
 * a line's `id` where a lot line names its product `productId`) is a VALIDATION_ERROR
 * (UNKNOWN_FIELD), not a lot that silently lacks its webhook or its product.
 */
function createDeliveryLotRequestSchema(vatTable: VatTable) {
  return z.strictObject({
    lines: z.array(lotLineSchema(vatTable), coded('ITEMS_REQUIRED')).min(1).max(500),
    webhookUrl: withDefault(webhookUrlField, null),
    reference: withDefault(
      // Printed on the delivery note, so held to the rules of printed text.
      textField('REFERENCE_INVALID', { max: 100 }, 'the ERP’s own id of the lot'),
      null,
    ),
    expiresAt: withDefault(
      z.iso
        .datetime({ offset: true, ...coded('EXPIRES_AT_INVALID') })
        .meta({ description: 'after it the lot can no longer be sold (ISO 8601)' }),
      null,
    ),
    printQr: flagField(false, 'print a delivery note with the QR code'),
  });
}

/** POST /api/delivery-lots request against the default VAT table (for OpenAPI and types). */
export const deliveryLotRequestSchema = createDeliveryLotRequestSchema(DEFAULT_VAT_TABLE);

export type DeliveryLotRequest = z.output<typeof deliveryLotRequestSchema>;

const schemaByTable = new WeakMap<VatTable, ReturnType<typeof createDeliveryLotRequestSchema>>();

/**
 * The lines priced as the sale of the lot will price them, with the sale's rules and codes at
 * `lines[i]`: a line a sale would refuse (a 100.00 discount on a 45.00 line, an amount beyond
 * the largest) is refused now, not found unsellable at the customer's door.
 */
function pricingIssues(request: DeliveryLotRequest, vatTable: VatTable): ValidationIssue[] {
  const { issues } = calculateSale(
    { items: request.lines, cartDiscount: null, cartMarkup: null, payments: [], amountReceived: 0 },
    vatTable,
  );
  return issues.map((found) =>
    found.field.startsWith('items[')
      ? { ...found, field: `lines${found.field.slice('items'.length)}` }
      : found,
  );
}

/** Each lotLineId once: it is the key the webhook reconciles on. */
function duplicateLineIssues(request: DeliveryLotRequest): ValidationIssue[] {
  const seen = new Set<string>();
  return request.lines.flatMap((line, index) => {
    if (line.lotLineId === null) return [];
    if (seen.has(line.lotLineId)) {
      return [
        issue(`lines[${index}].lotLineId`, 'LOT_LINE_ID_INVALID', 'lotLineId appears twice in the lot'),
      ];
    }
    seen.add(line.lotLineId);
    return [];
  });
}

/**
 * Validates a POST /api/delivery-lots body; `now` decides whether expiresAt is in the future.
 * All failing fields are reported.
 */
export function parseDeliveryLotRequest(
  body: unknown,
  vatTable: VatTable,
  now: Date,
): ParseResult<DeliveryLotRequest> {
  let schema = schemaByTable.get(vatTable);
  if (schema === undefined) {
    schema = createDeliveryLotRequestSchema(vatTable);
    schemaByTable.set(vatTable, schema);
  }
  const parsed = parseWithSchema(schema, body);
  if (!parsed.ok) return parsed;
  const request = parsed.value;
  const issues = [...pricingIssues(request, vatTable), ...duplicateLineIssues(request)];
  if (request.expiresAt !== null && Date.parse(request.expiresAt) <= now.getTime()) {
    issues.push(issue('expiresAt', 'EXPIRES_AT_INVALID', 'expiresAt is not in the future'));
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: request };
}
