/** What the simulator registered, in order; the first answer for each operation UUID. */
import type { MevOperation, MevPaymentLine, MevVatLine } from '@fiscal-pos/mev-protocol';
import type { Db } from '../store/database.js';

export interface RegistrationRecord {
  seq: number;
  operationId: string;
  registrationNumber: string;
  type: MevOperation['type'];
  receiptNumber: number | null;
  reportNumber: number;
  totalAmount: number;
  vat: MevVatLine[];
  payments: MevPaymentLine[];
  occurredAt: string;
  contentHash: string;
  mevId: string;
  fiscalCode: string;
  serverTime: string;
  responseXml: string;
  registeredAt: string;
}

interface RegistrationRow {
  seq: number;
  operation_id: string;
  registration_number: string;
  type: MevOperation['type'];
  receipt_number: number | null;
  report_number: number;
  total: number;
  vat_json: string;
  payments_json: string;
  occurred_at: string;
  content_hash: string;
  mev_id: string;
  fiscal_code: string;
  server_time: string;
  response_xml: string;
  registered_at: string;
}

export class RegistrationStore {
  constructor(private readonly db: Db) {}

  byOperationId(operationId: string): RegistrationRecord | null {
    const row = this.db
      .prepare<[string], RegistrationRow>('SELECT * FROM registrations WHERE operation_id = ?')
      .get(operationId);
    return row ? toRecord(row) : null;
  }

  /** The highest receipt number a terminal registered within one Z report, or null. */
  lastReceiptNumber(registrationNumber: string, reportNumber: number): number | null {
    const row = this.db
      .prepare<[string, number], { last: number | null }>(
        'SELECT MAX(receipt_number) AS last FROM registrations WHERE registration_number = ? AND report_number = ?',
      )
      .get(registrationNumber, reportNumber);
    return row?.last ?? null;
  }

  /**
   * The report a terminal's operations must carry now: the one after its last registered Z
   * report, or before its first the report it was fiscalized at (1, or the report of a terminal
   * adopted with its history: terminals.first_report_number).
   */
  currentReportNumber(registrationNumber: string): number {
    const row = this.db
      .prepare<[string, string], { current: number }>(
        `SELECT MAX(
           COALESCE((SELECT MAX(report_number) FROM registrations
                     WHERE registration_number = ? AND type = 'z_report'), 0) + 1,
           COALESCE((SELECT first_report_number FROM terminals WHERE registration_number = ?), 1)
         ) AS current`,
      )
      .get(registrationNumber, registrationNumber);
    return row?.current ?? 1;
  }

  insert(record: Omit<RegistrationRecord, 'seq'>): number {
    const result = this.db
      .prepare(
        `INSERT INTO registrations (operation_id, registration_number, type, receipt_number, report_number, total,
           vat_json, payments_json, occurred_at, content_hash, mev_id, fiscal_code, server_time, response_xml, registered_at)
         VALUES (@operationId, @registrationNumber, @type, @receiptNumber, @reportNumber, @totalAmount,
           @vatJson, @paymentsJson, @occurredAt, @contentHash, @mevId, @fiscalCode, @serverTime, @responseXml, @registeredAt)`,
      )
      .run({ ...record, vatJson: JSON.stringify(record.vat), paymentsJson: JSON.stringify(record.payments) });
    return Number(result.lastInsertRowid);
  }

  list(filter: { registrationNumber?: string; after?: number; limit: number }): RegistrationRecord[] {
    return this.db
      .prepare<[string | null, string | null, number, number], RegistrationRow>(
        `SELECT * FROM registrations WHERE (? IS NULL OR registration_number = ?) AND seq > ?
         ORDER BY seq LIMIT ?`,
      )
      .all(
        filter.registrationNumber ?? null,
        filter.registrationNumber ?? null,
        filter.after ?? 0,
        filter.limit,
      )
      .map(toRecord);
  }
}

function toRecord(row: RegistrationRow): RegistrationRecord {
  return {
    seq: row.seq,
    operationId: row.operation_id,
    registrationNumber: row.registration_number,
    type: row.type,
    receiptNumber: row.receipt_number,
    reportNumber: row.report_number,
    totalAmount: row.total,
    vat: JSON.parse(row.vat_json) as MevVatLine[],
    payments: JSON.parse(row.payments_json) as MevPaymentLine[],
    occurredAt: row.occurred_at,
    contentHash: row.content_hash,
    mevId: row.mev_id,
    fiscalCode: row.fiscal_code,
    serverTime: row.server_time,
    responseXml: row.response_xml,
    registeredAt: row.registered_at,
  };
}
