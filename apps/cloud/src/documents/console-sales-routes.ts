// The console's sales: every fiscal document of the merchant's terminals (list, detail with the
// receipt's fields and refunds, CSV export) and the accountant's daily VAT totals. Read-only,
// so any console role; the session's merchant scopes every query.
import { ACPS_CODES } from '@fiscal-pos/fiscal';
import { DOCUMENT_TYPES } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import { CalendarDay } from '../http/calendar-day.js';
import { decodeCursor, PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute, StreamedBody } from '../http/route.js';
import { DocumentDetail, getDocumentDetail } from './document-detail.js';
import { FiscalDocument, presentDocument } from './document-schemas.js';
import { documentPage, type DocumentFilters } from './document-list.js';
import { salesCsv } from './sales-csv.js';
import { VatDailyReport, vatDailyReport } from './vat-daily-report.js';

const viewer = consoleUser({ role: 'viewer' });

const Day = CalendarDay.describe(
  "A calendar day (YYYY-MM-DD). Each document counts on its own terminal's day, in the time zone the " +
    'terminal issued it in (Europe/Chisinau for terminals that do not report theirs), so one day across ' +
    'terminals in different zones covers different instants for each',
);
/** The longest range the daily VAT report takes: a year and a day (a leap year's). */
const MAX_REPORT_DAYS = 366;

const Filters = z.object({
  terminalId: z.string().max(100).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  payment: z.enum(ACPS_CODES).optional().describe('ACPS payment code: documents paid (in part) with it'),
  from: Day.optional().describe('From this day on, included'),
  to: Day.optional().describe('Up to this day, included'),
});

function filtersOf(merchantId: string, query: z.infer<typeof Filters>): DocumentFilters {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    throw new ProblemError('invalid_request', 'from is after to.', [
      { path: 'query.from', message: 'must not be after to' },
    ]);
  return {
    merchantId,
    terminalId: query.terminalId,
    type: query.type,
    paymentCode: query.payment,
    fromDay: query.from,
    toDay: query.to,
  };
}

const ListedDocument = FiscalDocument.omit({ lines: true })
  .extend({ terminalName: z.string() })
  .meta({ id: 'ListedFiscalDocument' });

const listConsoleSalesRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/sales',
  operationId: 'listConsoleSales',
  summary: "Every fiscal document of the merchant's terminals, newest first, cursor-paginated",
  description:
    'Sales, refunds, cash in and out, X and Z reports, filtered by terminal, type, payment code and calendar ' +
    'days. Lines are left out (GET /sales/{id} has them).',
  query: PageQuery.extend(Filters.shape),
  responses: {
    200: { description: 'A page of documents', schema: pageOf(ListedDocument, 'ListedFiscalDocumentPage') },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, query }) => {
    const page = await documentPage(ctx.db, {
      ...filtersOf(user.merchantId, query),
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit,
    });
    return {
      status: 200,
      body: {
        data: page.rows.map((row) => {
          const { lines: _lines, ...document } = presentDocument({ ...row, lines: [] });
          return { ...document, terminalName: row.terminalName };
        }),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      },
    };
  },
});

const exportConsoleSalesRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/sales/export.csv',
  operationId: 'exportConsoleSales',
  summary: 'The documents the same filters list, as CSV (UTF-8, RFC 4180), newest first, streamed',
  description:
    'Columns: id, date, time (the receipt’s, in its terminal’s time zone), time_zone (that zone, IANA), ' +
    'issued_at (UTC), terminal, type, status, ' +
    'receipt_number, report_number, mev_code, offline_code, total, vat, payments (code=amount ...), sale_id. ' +
    'Amounts are signed: refunds and cash out are negative.',
  query: Filters,
  responses: {
    200: {
      description: 'The CSV file',
      mediaType: 'text/csv',
      headers: { 'content-disposition': 'attachment, with a file name saying the days' },
    },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: ({ ctx, user, query }) => {
    const filters = filtersOf(user.merchantId, query);
    return Promise.resolve({
      status: 200 as const,
      headers: { 'content-disposition': `attachment; filename="sales${fileSuffix(query)}.csv"` },
      body: new StreamedBody('text/csv; charset=utf-8', salesCsv(ctx.db, filters)),
    });
  },
});

const fileSuffix = (query: { from?: string | undefined; to?: string | undefined }) =>
  (query.from ? `-from-${query.from}` : '') + (query.to ? `-to-${query.to}` : '');

const getConsoleSaleRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/sales/{id}',
  operationId: 'getConsoleSale',
  summary: 'One fiscal document with what its receipt printed, and its refunds (or its sale)',
  params: z.object({ id: z.string().max(100) }),
  responses: {
    200: { description: 'The document', schema: DocumentDetail },
    404: { description: 'No such document of this merchant', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params }) => ({
    status: 200,
    body: await getDocumentDetail(ctx.db, { merchantId: user.merchantId, documentId: params.id }),
  }),
});

const vatDailyReportRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/reports/vat-daily',
  operationId: 'getVatDailyReport',
  summary:
    'Daily totals by VAT code for a range of days: taxable base, VAT and gross of sales, refunds and net',
  description:
    'Receipts refused by the tax server are left out. Days without receipts are absent. At most 366 days.',
  query: z.object({ from: Day, to: Day, terminalId: z.string().max(100).optional() }),
  responses: {
    200: { description: 'The totals', schema: VatDailyReport },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, query }) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1 || days > MAX_REPORT_DAYS)
      throw new ProblemError(
        'invalid_request',
        `from must not be after to, and the range at most ${MAX_REPORT_DAYS} days.`,
        [{ path: 'query.to', message: `from..to must be 1 to ${MAX_REPORT_DAYS} days` }],
      );
    return {
      status: 200,
      body: await vatDailyReport(ctx.db, {
        merchantId: user.merchantId,
        from: query.from,
        to: query.to,
        terminalId: query.terminalId,
      }),
    };
  },
});

export const CONSOLE_SALES_ROUTES = [
  listConsoleSalesRoute,
  exportConsoleSalesRoute,
  getConsoleSaleRoute,
  vatDailyReportRoute,
];
