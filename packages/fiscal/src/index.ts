/** @fiscal-pos/fiscal: the pure fiscal domain (no I/O). See README.md for units and rounding. */
export {
  MAX_SCALED,
  formatMinor,
  fromBp,
  fromMilli,
  fromMinor,
  parseMinor,
  toBp,
  toMilli,
  toMinor,
} from './money/money.js';
export type { Minor } from './money/money.js';
export {
  AMOUNT_LIMIT,
  DAY_LIMIT,
  DOCUMENT_LIMIT,
  YEAR_LIMIT,
  formatLimit,
  turnoverBreach,
  turnoverOf,
} from './money/limits.js';
export type { Turnover, TurnoverBreach } from './money/limits.js';
export { divRound, mulMilli, percentOf, vatFromGross } from './money/rounding.js';

export { DEFAULT_VAT_TABLE, VAT_CODES, isVatCode } from './vat/vat.js';
export { parseVatRatesSetting } from './vat/vat-rates-setting.js';
export { dayVatTables, vatTableFromJson, vatTableToJson } from './vat/day-vat-table.js';
export type { DayVatTables } from './vat/day-vat-table.js';
export type { VatCode, VatTable } from './vat/vat.js';
export type { VatLine } from './vat/vat-line.js';
export { amountMapToJson, keyedVatEntries, vatBreakdownToJson } from './vat/vat-breakdown-json.js';

export { ACPS_CARD, ACPS_CASH, ACPS_CODES, acpsLabel, isAcpsCode } from './payments/acps.js';
export type { PaymentLine } from './payments/payment-line.js';
export { keptPayments } from './payments/kept-payments.js';

export { FISCAL_OPERATION_TYPES } from './operations/operation-type.js';
export type { FiscalOperationType } from './operations/operation-type.js';
export {
  FISCAL_OPERATION_STATUSES,
  IllegalOperationTransitionError,
  canTransitionOperation,
} from './operations/operation-status.js';
export type { FiscalOperationStatus } from './operations/operation-status.js';

export { canonicalJson } from './json/canonical-json.js';

export {
  EXTENSION_VALIDATION_CODES,
  VALIDATION_CODES,
  isValidationCode,
  issue as validationIssue,
} from './validation/validation-issue.js';
export type { ParseResult, ValidationCode } from './validation/validation-issue.js';

export { calculateSale } from './sale/sale-calculation.js';
export type { SaleCalculation, SaleInput, SaleItemInput } from './sale/sale-calculation.js';
export {
  isEmailAddress,
  ITEM_NAME_BOUNDS,
  parseSaleRequest,
  priceSaleDraft,
  saleRequestSchema,
} from './sale/sale-request.js';
export { printableText } from './validation/zod-validation.js';
export type { SaleDraft } from './sale/sale-request.js';

export { cashRequestSchema, parseCashRequest } from './cash/cash-request.js';
export type { CashRequest } from './cash/cash-request.js';

export { parsePrintRequest, printRequestSchema } from './printing/print-request.js';

export {
  parseShiftCloseRequest,
  parseShiftOpenRequest,
  shiftCloseRequestSchema,
  shiftOpenRequestSchema,
} from './shifts/shift-request.js';
export type { ShiftCloseRequest, ShiftOpenRequest } from './shifts/shift-request.js';

export { parseReportRequest, reportRequestSchema } from './reports/report-request.js';
export {
  parsePeriodicReportRequest,
  periodicReportRequestSchema,
} from './reports/periodic-report-request.js';
export type { PeriodicReportRequest } from './reports/periodic-report-request.js';
export { aggregateReportData } from './reports/report-aggregation.js';
export type { ReportTotals, ReportedOperation } from './reports/report-aggregation.js';
export { aggregatePeriodicReport, summarizeClosedDay } from './reports/periodic-report.js';
export { AmountOverflowError } from './reports/exact-sums.js';
export type { ClosedZReport, IndividualZReport, PeriodicReportTotals } from './reports/periodic-report.js';

export { receiptQrUrl } from './receipt/qr-code.js';
export { calculateRefund } from './refund/refund-calculation.js';
export type { RefundCalculation, RefundableLine, RefundablePayment } from './refund/refund-calculation.js';
export { parseRefundRequest, refundRequestSchema } from './refund/refund-request.js';
export type { RefundRequest } from './refund/refund-request.js';
export { deliveryLotRequestSchema, parseDeliveryLotRequest } from './sale/delivery-lot-request.js';
export type { DeliveryLotRequest } from './sale/delivery-lot-request.js';
export { plusDays } from './dates/calendar-date.js';
