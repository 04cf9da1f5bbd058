import type { OperationHistory } from './fiscal-operations/operation-store.js';
import { refundCardPaymentRoute, voidCardPaymentRoute, type CardDeps } from './card/card-routes.js';
import type { CashDeps } from './cash/cash-deps.js';
import { cashInRoute, cashOutRoute } from './cash/cash-routes.js';
import {
  cancelDeliveryLotRoute,
  createDeliveryLotRoute,
  getDeliveryLotRoute,
  listDeliveryLotsRoute,
} from './delivery-lots/lot-routes.js';
import type { LotDeps } from './delivery-lots/lot-deps.js';
import { listOperationsRoute } from './fiscal-operations/list-operations-route.js';
import {
  catalogHealthRoute,
  getCatalogProductRoute,
  listCatalogCashiersRoute,
  listCatalogCategoriesRoute,
  listCatalogProductsRoute,
  listCatalogVatRatesRoute,
  syncCatalogRoute,
  type CatalogDeps,
} from './catalog/catalog-routes.js';
import { healthRoute, type HealthSources } from './health/health-routes.js';
import type { Route } from './http/define-route.js';
import type { TerminalMetrics } from './metrics/terminal-metrics.js';
import { metricsRoute } from './metrics/metrics-route.js';
import type { OpenApiDocument } from './http/openapi-contract.js';
import { openApiRoute } from './http/openapi-route.js';
import { printTextRoute } from './printing/print-routes.js';
import { dropPrintJobRoute, listPrintJobsRoute, type PrinterDeps } from './printing/printer-jobs-routes.js';
import type { ReceiptDuplicateDeps } from './receipt-copies/print-receipt-duplicate.js';
import { receiptDuplicateRoute } from './receipt-copies/receipt-copy-routes.js';
import { reprintPrintJobRoute } from './receipt-copies/reprint-route.js';
import { dailySummaryRoute } from './reports/daily-summary-route.js';
import { xReportRoute, zReportRoute } from './reports/fiscal-report-routes.js';
import { periodicReportRoute } from './reports/periodic-report-route.js';
import type { ReportDeps } from './reports/report-deps.js';
import { createSaleRoute } from './sales/create-sale-route.js';
import { getSaleRoute } from './sales/get-sale-route.js';
import { refundQuoteRoute } from './refunds/refund-quote-route.js';
import { refundSaleRoute } from './refunds/refund-sale-route.js';
import { listSalesRoute } from './sales/list-sales-route.js';
import type { SalesDeps } from './sales/sales-deps.js';
import { closeShiftRoute } from './shifts/close-shift-route.js';
import { openShiftRoute } from './shifts/open-shift-route.js';
import type { ShiftDeps } from './shifts/shift-deps.js';
import { currentShiftRoute, getShiftRoute, listShiftsRoute } from './shifts/shift-queries-routes.js';

/** Everything a route may use: the union of what each capability asks for, built by the app. */
export type TerminalServices = SalesDeps &
  CardDeps &
  CashDeps &
  ReportDeps &
  ShiftDeps &
  LotDeps &
  HealthSources &
  CatalogDeps &
  PrinterDeps &
  ReceiptDuplicateDeps & {
    metrics: TerminalMetrics;
    openApiDocument: OpenApiDocument;
    history: OperationHistory;
  };

/**
 * Every endpoint the terminal serves, in the order the document lists them. Registration, the
 * X-API-Key exemptions, the replays of Idempotency-Keys and the OpenAPI document all come from
 * this list: a new endpoint is one declaration and one line here.
 */
export const TERMINAL_ENDPOINTS: readonly Route<TerminalServices>[] = [
  healthRoute,
  catalogHealthRoute,
  createSaleRoute,
  listSalesRoute,
  getSaleRoute,
  refundSaleRoute,
  refundQuoteRoute,
  receiptDuplicateRoute,
  cashInRoute,
  cashOutRoute,
  voidCardPaymentRoute,
  refundCardPaymentRoute,
  xReportRoute,
  zReportRoute,
  periodicReportRoute,
  dailySummaryRoute,
  openShiftRoute,
  closeShiftRoute,
  currentShiftRoute,
  listShiftsRoute,
  getShiftRoute,
  createDeliveryLotRoute,
  listDeliveryLotsRoute,
  getDeliveryLotRoute,
  cancelDeliveryLotRoute,
  listOperationsRoute,
  listCatalogProductsRoute,
  getCatalogProductRoute,
  listCatalogCategoriesRoute,
  listCatalogVatRatesRoute,
  listCatalogCashiersRoute,
  syncCatalogRoute,
  printTextRoute,
  listPrintJobsRoute,
  dropPrintJobRoute,
  reprintPrintJobRoute,
  metricsRoute,
  openApiRoute,
];
