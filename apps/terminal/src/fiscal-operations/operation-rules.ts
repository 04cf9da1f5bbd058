import type { FiscalOperationType } from '@fiscal-pos/fiscal';

/** What a fiscal document's type decides about how it is performed. */
export interface OperationRules {
  /** Refused once the fiscal day is over: only a Z report closes an expired day. */
  refusedWhenDayExpired: boolean;
  /** Joins the open shift; with none open, opens one. Reports belong to the day, not a shift. */
  opensShift: boolean;
  /** Takes the next receipt number of the day; reports take none. */
  takesReceiptNumber: boolean;
}

const DOCUMENT: OperationRules = {
  refusedWhenDayExpired: true,
  opensShift: true,
  takesReceiptNumber: true,
};
const REPORT: OperationRules = {
  refusedWhenDayExpired: false,
  opensShift: false,
  takesReceiptNumber: false,
};

/** The rules of every operation type, in one table so that no use case restates them. */
export const OPERATION_RULES: Readonly<Record<FiscalOperationType, OperationRules>> = {
  receipt: DOCUMENT,
  refund: DOCUMENT,
  cash_in: DOCUMENT,
  cash_out: DOCUMENT,
  x_report: REPORT,
  z_report: REPORT,
};
