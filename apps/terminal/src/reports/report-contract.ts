import { z } from 'zod';
import {
  countSchema,
  documentNumberSchema,
  moneySchema,
  paymentAmountsSchema,
  timestampSchema,
  vatBreakdownSchema,
} from '../http/shared-contract.js';

/** The spec's report data object: X report, Z report and daily summary. */
export const reportDataSchema = z
  .strictObject({
    reportNumber: documentNumberSchema,
    dailyTotal: moneySchema.meta({ description: 'sales of the day net of returns' }),
    dailyTax: moneySchema,
    dailyUntaxed: moneySchema,
    vatBreakdown: vatBreakdownSchema,
    receiptsIssued: countSchema,
    lastReceiptNumber: countSchema.meta({ description: 'highest receipt number used; 0 when none' }),
    receiptsSentToMev: countSchema.meta({
      description: 'fiscal receipts, sales and refunds, the fiscal server registered',
    }),
    paymentTotals: paymentAmountsSchema,
    paymentCounts: z.record(z.string(), countSchema).meta({
      description: 'per ACPS code, the fiscal receipts (sales and refunds) that moved money with it',
    }),
    cashIn: moneySchema,
    cashOut: moneySchema,
    cashBalance: moneySchema.meta({
      description: 'cash in the drawer, carried over from the previous Z report',
    }),
    yearTotal: moneySchema.nullable().meta({ description: 'Z report only; null otherwise' }),
    yearTax: moneySchema.nullable().meta({ description: 'Z report only; null otherwise' }),
    totalSales: moneySchema.meta({ description: 'gross' }),
    totalReturns: moneySchema,
    returnsCount: countSchema,
    cashInCount: countSchema,
    cashOutCount: countSchema,
    generatedAt: timestampSchema,
  })
  .meta({ id: 'ReportData' });

export type ReportData = z.infer<typeof reportDataSchema>;

/** data of POST /api/reports/x and /api/reports/z. */
export const fiscalReportResultSchema = z
  .strictObject({
    reportNumber: documentNumberSchema,
    operationId: z.uuid().meta({ description: 'the fiscal operation' }),
    mevId: z.string().nullable().meta({ description: 'null while offline' }),
    fiscalCode: z.string().nullable(),
    isOffline: z.boolean(),
    reportData: reportDataSchema,
    mevResponseXml: z.string().meta({ description: 'SOAP reply of the fiscal server; empty while offline' }),
    generatedAt: timestampSchema,
  })
  .meta({ id: 'FiscalReportResult' });

export type FiscalReportResult = z.infer<typeof fiscalReportResultSchema>;

const individualZReportSchema = z
  .strictObject({
    reportNumber: documentNumberSchema,
    closedAt: timestampSchema,
    firstReceiptNumber: countSchema,
    lastReceiptNumber: countSchema,
    receiptsCount: countSchema,
    totalSales: moneySchema,
    totalTax: moneySchema,
    vatBreakdown: vatBreakdownSchema,
    paymentTotals: paymentAmountsSchema,
    cashIn: moneySchema,
    cashOut: moneySchema,
  })
  .meta({ id: 'IndividualZReport' });

const periodicTotalsFields = {
  totalSales: moneySchema,
  totalTax: moneySchema,
  totalUntaxed: moneySchema,
  vatBreakdown: vatBreakdownSchema,
  receiptsCount: countSchema,
  paymentTotals: paymentAmountsSchema,
  cashIn: moneySchema,
  cashOut: moneySchema,
  cashInCount: countSchema,
  cashOutCount: countSchema,
  zReportsCount: countSchema,
  xReportsCount: countSchema,
  firstZReportNumber: documentNumberSchema
    .nullable()
    .meta({ description: 'null when no Z report is in range' }),
  lastZReportNumber: documentNumberSchema.nullable(),
  firstZReportTimestamp: timestampSchema.nullable(),
  lastZReportTimestamp: timestampSchema.nullable(),
  totalReturns: moneySchema,
  returnsCount: countSchema,
  individualZReports: z
    .array(individualZReportSchema)
    .nullable()
    .meta({ description: 'filled when detailed is true' }),
  generatedAt: timestampSchema,
};

const dateRangeEcho = z.strictObject({
  filterMode: z.literal('dateRange'),
  dateFrom: z.iso.date(),
  dateTo: z.iso.date(),
});

const reportRangeEcho = z.strictObject({
  filterMode: z.literal('reportRange'),
  dateFrom: z.iso.date().nullable().meta({ description: 'day of the first Z report in range' }),
  dateTo: z.iso.date().nullable().meta({ description: 'day of the last Z report in range' }),
  reportFrom: documentNumberSchema,
  reportTo: documentNumberSchema.nullable().meta({ description: 'the latest Z report when omitted' }),
});

/** The filter echo of a periodic report: what the presenter spreads first. */
export type PeriodicReportRange = z.infer<typeof dateRangeEcho> | z.infer<typeof reportRangeEcho>;

/** data of POST /api/reports/periodic. */
export const periodicReportResultSchema = z
  .discriminatedUnion('filterMode', [
    dateRangeEcho.extend(periodicTotalsFields),
    reportRangeEcho.extend(periodicTotalsFields),
  ])
  .meta({ id: 'PeriodicReportResult' });

export type PeriodicReportResult = z.infer<typeof periodicReportResultSchema>;
