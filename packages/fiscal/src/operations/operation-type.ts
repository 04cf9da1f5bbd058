/**
 * The kinds of fiscal operation the terminal registers with the tax authority, in the
 * spec's order (which the API's enums and the metrics follow).
 */
export const FISCAL_OPERATION_TYPES = [
  'receipt',
  'cash_in',
  'cash_out',
  'refund',
  'x_report',
  'z_report',
] as const;
export type FiscalOperationType = (typeof FISCAL_OPERATION_TYPES)[number];
