/**
 * The X/Z report's account of its fiscal day, rendered and laid out as on paper: when the day
 * opened and which document numbers it holds, from the day's records (fiscalDaySpan), and what
 * a report of a day with no document yet prints in their place.
 */
import { aggregateReportData, type ReportedOperation } from '@fiscal-pos/fiscal';
import { describe, expect, it } from 'vitest';
import type { FiscalOperationRecord } from '../../src/fiscal-operations/operation-store.js';
import { layoutDocument } from '../../src/printing/print-layout.js';
import { fiscalDaySpan } from '../../src/reports/fiscal-day-span.js';
import { reportDocument } from '../../src/reports/report-document.js';

const record = (
  type: ReportedOperation['type'],
  receiptNumber: number | null,
  createdAt: string,
): ReportedOperation => ({
  type,
  status: 'success',
  receiptNumber,
  reportNumber: 7,
  totalAmount: type === 'cash_in' ? 1000 : 0,
  vat: [],
  payments: [],
  changeAmount: 0,
  createdAt,
});

const xReport: FiscalOperationRecord = {
  seq: 9,
  id: '00000000-0000-4000-8000-000000000009',
  operationType: 'x_report',
  receiptNumber: null,
  reportNumber: 7,
  status: 'success',
  isOffline: false,
  totalAmount: 0,
  cashDelta: 0,
  vat: [],
  payments: [],
  mevId: 'MEV-9',
  fiscalCode: 'FC-9',
  offlineFiscalCode: null,
  mevResponseXml: null,
  errorMessage: null,
  attempts: 1,
  shiftId: null,
  createdAt: '2026-11-24T18:00:00.000Z',
  completedAt: '2026-11-24T18:00:00.000Z',
};

const header = {
  merchant: { name: 'SRL Test', idno: '1003600012345', address: 'str. Test 1' },
  terminalId: 'TRM-00000001',
  registrationNumber: 'AB01000001',
  identity: null,
};

function printed(records: ReportedOperation[]): string[] {
  const totals = aggregateReportData(records, { openingCashBalance: 0 });
  return layoutDocument(reportDocument('x', header, 7, totals, fiscalDaySpan(records), xReport).lines, 0);
}

describe('the fiscal day on an X/Z report', () => {
  it('opened with its first numbered document; its numbers run from the lowest to the highest', () => {
    const lines = printed([
      record('x_report', null, '2026-11-24T06:00:00.000Z'),
      record('cash_in', 1, '2026-11-24T07:05:09.000Z'),
      record('cash_in', 2, '2026-11-24T08:00:00.000Z'),
    ]);
    expect(lines).toContain('ZI FISCALA DESCHISA DATA 24.11.2026 ORA 07:05:09');
    expect(lines).toContainEqual(expect.stringMatching(/^BONURI NR\. +1 - 2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^BONURI DE SERVICIU +2$/));
  });

  it('a day with no numbered document yet says so rather than inventing a time', () => {
    const lines = printed([record('x_report', null, '2026-11-24T06:00:00.000Z')]);
    expect(lines).toContainEqual(expect.stringMatching(/^ZI FISCALA DESCHISA +-$/));
    expect(lines).toContainEqual(expect.stringMatching(/^BONURI NR\. +-$/));
  });
});
