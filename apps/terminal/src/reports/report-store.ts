import type {
  ClosedZReport,
  FiscalOperationStatus as OperationStatus,
  FiscalOperationType,
  PaymentLine,
  ReportedOperation as ReportRecord,
  ReportTotals,
  VatLine,
} from '@fiscal-pos/fiscal';
import type { Db } from '../storage/database.js';

interface DayRow {
  operation_type: FiscalOperationType;
  status: OperationStatus;
  receipt_number: number | null;
  report_number: number;
  total_amount: number;
  vat_json: string;
  payments_json: string;
  change_amount: number | null;
  created_at: string;
}

/** The closed Z reports in a range, read off the fiscal path (history/history-reads.ts). */
export interface ZReportHistory {
  zReportsByDate(dateFrom: string, dateTo: string): Promise<StoredZReport[]>;
  zReportsByNumber(from: number, to: number | null): Promise<StoredZReport[]>;
}

export interface StoredZReport {
  reportNumber: number;
  fiscalOperationId: string;
  closedAt: string;
  /** The calendar day (`YYYY-MM-DD`, the terminal's) it closed on, by which date ranges find it. */
  closedOn: string;
  openingCashBalance: number;
  closingCashBalance: number;
  summary: ClosedZReport;
}

interface ZRow {
  report_number: number;
  fiscal_operation_id: string;
  closed_at: string;
  closed_on: string;
  opening_cash_balance: number;
  closing_cash_balance: number;
  summary_json: string;
}

function fromZRow(row: ZRow): StoredZReport {
  return {
    reportNumber: row.report_number,
    fiscalOperationId: row.fiscal_operation_id,
    closedAt: row.closed_at,
    closedOn: row.closed_on,
    openingCashBalance: row.opening_cash_balance,
    closingCashBalance: row.closing_cash_balance,
    summary: JSON.parse(row.summary_json) as ClosedZReport,
  };
}

/** What an X or Z report showed when it was generated. */
export interface ReportResultSnapshot {
  fiscalOperationId: string;
  reportNumber: number;
  totals: ReportTotals;
  year: { total: number; tax: number } | null;
}

export class ReportStore {
  constructor(private readonly db: Db) {}

  /** Every operation of one Z report, in order, shaped for the report aggregation. */
  dayRecords(reportNumber: number): ReportRecord[] {
    return this.records('o.report_number = @value', reportNumber);
  }

  /**
   * Every operation of one shift, in order, shaped for the report aggregation: those of the
   * reports the shift has operations in (its rows in list_positions, migration 0023), through
   * the reports' index. No index by shift: it was a page every sale's commit wrote (migration
   * 0024), and a shift's reports are a few days at most.
   */
  shiftRecords(shiftId: string): ReportRecord[] {
    return this.records(
      `o.report_number IN (SELECT report_number FROM list_positions WHERE shift_id = @value AND operation_type = '')
       AND o.shift_id = @value`,
      shiftId,
    );
  }

  private records(where: string, value: number | string): ReportRecord[] {
    return this.db
      .prepare<{ value: number | string }, DayRow>(
        `SELECT o.operation_type, o.status, o.receipt_number, o.report_number, o.total_amount, o.vat_json,
                o.payments_json, s.change_amount, o.created_at
         FROM fiscal_operations o INDEXED BY fiscal_operations_report_seq
         LEFT JOIN sales s ON s.seq = o.seq
         WHERE ${where} ORDER BY o.report_number, o.seq`,
      )
      .all({ value })
      .map((row) => ({
        type: row.operation_type,
        status: row.status,
        receiptNumber: row.receipt_number,
        reportNumber: row.report_number,
        totalAmount:
          row.operation_type === 'x_report' || row.operation_type === 'z_report' ? 0 : row.total_amount,
        vat: JSON.parse(row.vat_json) as VatLine[],
        payments:
          row.operation_type === 'receipt' || row.operation_type === 'refund'
            ? (JSON.parse(row.payments_json) as PaymentLine[])
            : [],
        changeAmount: row.change_amount ?? 0,
        createdAt: row.created_at,
      }));
  }

  /** The drawer at the start of a Z report: the previous day's closing balance. */
  openingCashBalance(reportNumber: number): number {
    return (
      this.db
        .prepare<[number], { closing_cash_balance: number }>(
          'SELECT closing_cash_balance FROM z_reports WHERE report_number = ?',
        )
        .get(reportNumber - 1)?.closing_cash_balance ?? 0
    );
  }

  insertZReport(z: StoredZReport): void {
    this.db
      .prepare(
        `INSERT INTO z_reports (report_number, fiscal_operation_id, closed_at, closed_on, opening_cash_balance,
           closing_cash_balance, summary_json) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        z.reportNumber,
        z.fiscalOperationId,
        z.closedAt,
        z.closedOn,
        z.openingCashBalance,
        z.closingCashBalance,
        JSON.stringify(z.summary),
      );
  }

  getZReport(reportNumber: number): StoredZReport | undefined {
    const row = this.db
      .prepare<[number], ZRow>('SELECT * FROM z_reports WHERE report_number = ?')
      .get(reportNumber);
    return row ? fromZRow(row) : undefined;
  }

  zReportsByDate(dateFrom: string, dateTo: string): StoredZReport[] {
    return this.db
      .prepare<[string, string], ZRow>(
        'SELECT * FROM z_reports WHERE closed_on >= ? AND closed_on <= ? ORDER BY report_number',
      )
      .all(dateFrom, dateTo)
      .map(fromZRow);
  }

  zReportsByNumber(from: number, to: number | null): StoredZReport[] {
    return this.db
      .prepare<[number, number], ZRow>(
        'SELECT * FROM z_reports WHERE report_number >= ? AND report_number <= ? ORDER BY report_number',
      )
      .all(from, to ?? Number.MAX_SAFE_INTEGER)
      .map(fromZRow);
  }

  /** Sales and VAT of the Z reports closed in one calendar year (`YYYY`), for yearTotal/yearTax. */
  yearTotals(year: string): { total: number; tax: number } {
    let total = 0;
    let tax = 0;
    for (const z of this.zReportsByDate(`${year}-01-01`, `${year}-12-31`)) {
      total += z.summary.totals.dailyTotal;
      tax += z.summary.totals.dailyTax;
    }
    return { total, tax };
  }

  saveResult(snapshot: ReportResultSnapshot): void {
    this.db
      .prepare(
        `INSERT INTO report_results (fiscal_operation_id, report_number, totals_json, year_total, year_tax)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(
        snapshot.fiscalOperationId,
        snapshot.reportNumber,
        JSON.stringify(snapshot.totals),
        snapshot.year?.total ?? null,
        snapshot.year?.tax ?? null,
      );
  }

  result(fiscalOperationId: string): ReportResultSnapshot | undefined {
    const row = this.db
      .prepare<
        [string],
        { report_number: number; totals_json: string; year_total: number | null; year_tax: number | null }
      >(
        'SELECT report_number, totals_json, year_total, year_tax FROM report_results WHERE fiscal_operation_id = ?',
      )
      .get(fiscalOperationId);
    if (!row) return undefined;
    return {
      fiscalOperationId,
      reportNumber: row.report_number,
      totals: JSON.parse(row.totals_json) as ReportTotals,
      year:
        row.year_total === null || row.year_tax === null
          ? null
          : { total: row.year_total, tax: row.year_tax },
    };
  }
}
