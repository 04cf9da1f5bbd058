import { setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardOperationResultSchema } from '../../src/card/card-contract.js';
import { cashResultSchema } from '../../src/cash/cash-contract.js';
import { operationListPageSchema } from '../../src/fiscal-operations/operation-contract.js';
import { deliveryLotPageSchema, deliveryLotSchema } from '../../src/delivery-lots/lot-contract.js';
import {
  catalogCashierListSchema,
  catalogCategoryListSchema,
  catalogHealthSchema,
  catalogProductPageSchema,
  catalogProductSchema,
  catalogSyncStateSchema,
  catalogVatRateListSchema,
} from '../../src/catalog/catalog-contract.js';
import { readStoredApiKey } from '../../src/storage/api-key-file.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { healthRecordSchema } from '../../src/health/health-contract.js';
import { metricsRoute } from '../../src/metrics/metrics-route.js';
import { openApiDocumentSchema } from '../../src/http/openapi-contract.js';
import { printResultSchema } from '../../src/printing/print-contract.js';
import { printJobListSchema, printJobSchema } from '../../src/printing/print-job-contract.js';
import { TcpPrinter } from '../../src/printing/tcp-printer.js';
import { NoPrinter } from '../../src/printing/virtual-printer.js';
import {
  fiscalReportResultSchema,
  periodicReportResultSchema,
  reportDataSchema,
} from '../../src/reports/report-contract.js';
import { receiptDuplicateSchema } from '../../src/receipt-copies/receipt-copy-contract.js';
import { refundQuoteSchema, refundResultSchema } from '../../src/fiscal-documents/refund-contract.js';
import {
  saleDetailSchema,
  saleListPageSchema,
  saleResultSchema,
} from '../../src/fiscal-documents/sale-contract.js';
import { currentShiftSchema, shiftListPageSchema, shiftSchema } from '../../src/shifts/shift-contract.js';
import { TERMINAL_ENDPOINTS } from '../../src/terminal-routes.js';
import { cashSale, tempDir, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals } from '../support/test-cloud.js';
import { portForLater } from '@fiscal-pos/sim-kit';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { ContractClient } from './contract-client.js';

const env = useSimulator();
let fiscal: TerminalHandle;
let notFiscal: TerminalHandle;
let api: ContractClient;
let bare: ContractClient;

beforeAll(async () => {
  fiscal = await env.start();
  notFiscal = await env.start({ fiscalization: 'not_fiscal', printer: new NoPrinter() });
  api = new ContractClient(fiscal.url);
  bare = new ContractClient(notFiscal.url);
});

const setMev = (mode: 'ok' | 'down' | 'fault') => setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode });

async function offlineQueueDrained(): Promise<void> {
  for (;;) {
    const health = await api.ok('GET /api/health', healthRecordSchema);
    if (health.offlineQueueSize === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const richSale = {
  items: [
    { id: 'SKU-1', name: 'Bread', unitPrice: 12.5, quantity: 2, vatCode: 'A' },
    {
      name: 'Cheese',
      unitPrice: 99.99,
      quantity: 0.375,
      vatCode: 'B',
      allowDecimals: true,
      discountPercent: 5,
    },
    { name: 'Stamp', unitPrice: 3.33, quantity: 3, vatCode: '_' },
  ],
  cartDiscount: { percent: 2 },
  payments: [
    { type: '1', amount: 50 },
    { type: '2', amount: 40, rrn: '123456789012' },
  ],
  amountReceived: 90,
  change: 20.8,
  delivery: { customerEmail: 'client@example.com', customerName: 'Ion', language: 'ro' },
  printReceipt: false,
};

describe('every answer of a running terminal matches its declared contract', () => {
  it('health records, fiscal and not fiscal, and the raw catalog health', async () => {
    expect(await api.ok('GET /api/health', healthRecordSchema, { anonymous: true })).toMatchObject({
      fiscalStatus: 'online',
    });
    expect(await bare.ok('GET /api/health', healthRecordSchema)).toMatchObject({
      fiscalStatus: 'not_fiscal',
    });
    await api.ok('GET /api/catalog/health', catalogHealthSchema, { anonymous: true });
  });

  it('sale results online, refused and offline; list pages and details of each', async () => {
    const online = await api.ok('POST /api/sales', saleResultSchema, { body: richSale });
    expect(online.receiptDelivery).toEqual({ smsSent: false, emailSent: true });
    // The response schema accepts only what the spec and the presenter agree on.
    expect(online.total).toBe(69.2);

    await setMev('fault');
    await api.fails('POST /api/sales', 'MEV_ERROR', { body: cashSale(7) });
    await setMev('down');
    const offline = await api.ok('POST /api/sales', saleResultSchema, { body: cashSale(9.99) });
    expect(offline).toMatchObject({ isOffline: true, mevId: null, mevResponseXml: '' });
    expect(offline.fiscalCode).toBe(offline.offlineFiscalCode);
    const offlineDetail = await api.ok('GET /api/sales/:saleId', saleDetailSchema, {
      url: `/api/sales/${offline.saleId}`,
    });
    expect(offlineDetail.fiscalOperation).toMatchObject({ fiscalCode: null, mevResponseXml: null });
    await setMev('ok');
    await offlineQueueDrained();

    const page = await api.ok('GET /api/sales', saleListPageSchema, { url: '/api/sales?limit=500' });
    expect(page.sales.map((s) => s.status).sort()).toEqual(['failed', 'success', 'success']);
    for (const summary of page.sales) {
      const detail = await api.ok('GET /api/sales/:saleId', saleDetailSchema, {
        url: `/api/sales/${summary.id}`,
      });
      expect(detail.fiscalOperation.status).toBe(summary.status);
    }
    const synced = await api.ok('GET /api/sales/:saleId', saleDetailSchema, {
      url: `/api/sales/${offline.saleId}`,
    });
    expect(synced.fiscalOperation.offlineFiscalCode).toBe(offline.offlineFiscalCode);
    expect(synced.fiscalOperation.fiscalCode).not.toBeNull();
  });

  it('cash operation results, in and out', async () => {
    const cashIn = await api.ok('POST /api/cash/in', cashResultSchema, {
      body: { amount: 250.25, reason: 'float', printReceipt: false },
    });
    expect(cashIn.operationType).toBe('cashIn');
    const cashOut = await api.ok('POST /api/cash/out', cashResultSchema, {
      body: { amount: 0.25, printReceipt: false },
    });
    expect(cashOut).toMatchObject({ operationType: 'cashOut', reason: null });
    await api.fails('POST /api/cash/out', 'INSUFFICIENT_CASH_BALANCE', {
      body: { amount: 1_000_000, printReceipt: false },
    });
  });

  it('X report, daily summary, Z report and periodic reports in both modes', async () => {
    const x = await api.ok('POST /api/reports/x', fiscalReportResultSchema, { body: { printReport: false } });
    expect(x.reportData.yearTotal).toBeNull();
    const summary = await api.ok('GET /api/fiscal/daily-summary', reportDataSchema);
    expect(summary.dailyTotal).toBe(x.reportData.dailyTotal);
    const z1 = await api.ok('POST /api/reports/z', fiscalReportResultSchema, {
      body: { printReport: false },
    });
    expect(z1.reportData.yearTotal).not.toBeNull();
    // An empty body counts as {}: printReport takes its default.
    await api.ok('POST /api/reports/z', fiscalReportResultSchema);

    const today = new Date().toISOString().slice(0, 10);
    const byDate = await api.ok('POST /api/reports/periodic', periodicReportResultSchema, {
      body: { dateFrom: today, dateTo: today, printReport: false },
    });
    expect(byDate).toMatchObject({ filterMode: 'dateRange', zReportsCount: 2, individualZReports: null });
    const detailed = await api.ok('POST /api/reports/periodic', periodicReportResultSchema, {
      body: { reportFrom: 1, detailed: true, printReport: false },
    });
    expect(detailed).toMatchObject({ filterMode: 'reportRange', reportTo: 2 });
    const empty = await api.ok('POST /api/reports/periodic', periodicReportResultSchema, {
      body: { reportFrom: 90, printReport: false },
    });
    expect(empty).toMatchObject({ dateFrom: null, reportTo: null, firstZReportNumber: null });
    // Periodic reports need no fiscalization.
    await bare.ok('POST /api/reports/periodic', periodicReportResultSchema, {
      body: { reportFrom: 1, printReport: false },
    });
  });

  it('fiscal operation pages, filtered and not', async () => {
    const all = await api.ok('GET /api/fiscal/operations', operationListPageSchema);
    expect(new Set(all.operations.map((o) => o.operationType))).toEqual(
      new Set(['receipt', 'cash_in', 'cash_out', 'x_report', 'z_report']),
    );
    const failed = await api.ok('GET /api/fiscal/operations', operationListPageSchema, {
      url: '/api/fiscal/operations?type=receipt&status=failed&limit=1&offset=0',
    });
    expect(failed).toMatchObject({ total: 1, limit: 1, offset: 0 });
    expect(failed.operations[0]!.errorMessage).not.toBeNull();
  });

  it('card sale, card refund and card void results, and the card errors', async () => {
    const paidByCard = (total: number) => ({ ...cashSale(total), payments: [{ type: '2', amount: total }] });
    const standing = await api.ok('POST /api/sales', saleResultSchema, { body: paidByCard(30) });
    const standingCard = standing.payments[0]!.card!;
    expect(standingCard.status).toBe('approved');
    await api.fails('POST /api/card/refund', 'FISCAL_REFUND_REQUIRED', {
      body: { rrn: standingCard.rrn, amount: 10 },
    });
    await api.fails('POST /api/card/void', 'FISCAL_REFUND_REQUIRED', {
      body: { chequeNumber: standingCard.chequeNumber },
    });

    /** A card sale answered offline that the fiscal server refuses later: its sale does not stand. */
    const notStanding = async (total: number) => {
      await setMev('down');
      const sale = await api.ok('POST /api/sales', saleResultSchema, { body: paidByCard(total) });
      await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, {
        mode: 'poison',
        poisonOperationId: sale.fiscalOperationId,
      });
      fiscal.runtime.syncWorker!.wake();
      await waitUntil(
        'the offline sale refused',
        () => fiscal.runtime.operations.require(sale.fiscalOperationId).status === 'failed',
      );
      await setMev('ok');
      return sale.payments[0]!.card!;
    };
    const card = await notStanding(30);
    const refund = await api.ok('POST /api/card/refund', cardOperationResultSchema, {
      body: { rrn: card.rrn, amount: 10, authCode: card.authCode },
    });
    expect(refund).toMatchObject({ operation: 'refund', amount: 10 });
    // Refunded in part: the bank will not void it any more.
    await api.fails('POST /api/card/void', 'CARD_PAYMENT_DECLINED', {
      body: { chequeNumber: card.chequeNumber },
    });
    const other = await notStanding(12);
    const voided = await api.ok('POST /api/card/void', cardOperationResultSchema, {
      body: { chequeNumber: other.chequeNumber },
    });
    expect(voided).toMatchObject({ operation: 'void', amount: 12 });

    await setCardFault(env.cardSim.adminUrl, { mode: 'down' });
    await api.fails('POST /api/sales', 'CARD_TERMINAL_UNAVAILABLE', { body: paidByCard(5) });
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['purchase'] });
    await api.fails('POST /api/sales', 'CARD_PAYMENT_ERROR', { body: paidByCard(6) });
    await setCardFault(env.cardSim.adminUrl, { mode: 'decline' });
    await api.fails('POST /api/sales', 'CARD_PAYMENT_DECLINED', { body: paidByCard(7) });
    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
  });

  it('print results, metrics text and the OpenAPI document', async () => {
    const printed = await api.ok('POST /api/print', printResultSchema, {
      body: { lines: [['Hello'], ['Left', 'Right'], ['']], feedLines: 0 },
    });
    expect(printed.linesCount).toBe(3);
    await api.ok('GET /metrics', metricsRoute.response);
    const document = await api.ok('GET /api/openapi.json', openApiDocumentSchema, { anonymous: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('the print queue: listed, a queued job dropped, and the refusals', async () => {
    // A printer that is not there (connection refused): the receipt's job stays queued.
    const away = await env.start({
      printer: new TcpPrinter({ host: '127.0.0.1', port: await portForLater(), columns: 48, timeoutMs: 500 }),
    });
    const client = new ContractClient(away.url);
    await away.call('POST', '/api/sales', { ...cashSale(3), printReceipt: true });
    const list = await client.ok('GET /api/printer/jobs', printJobListSchema);
    expect(list.printer.queuedJobs).toBe(1);
    const url = `/api/printer/jobs/${list.queued[0]!.id}`;
    const dropped = await client.ok('DELETE /api/printer/jobs/:jobId', printJobSchema, { url });
    expect(dropped.status).toBe('dropped');
    await client.fails('DELETE /api/printer/jobs/:jobId', 'PRINT_JOB_NOT_QUEUED', { url });
    await client.fails('DELETE /api/printer/jobs/:jobId', 'PRINT_JOB_NOT_FOUND', {
      url: '/api/printer/jobs/99',
    });
    await client.fails('DELETE /api/printer/jobs/:jobId', 'PRINT_JOB_NOT_FOUND', {
      url: '/api/printer/jobs/x',
    });
    // An id past what a job can have names itself, not a stand-in.
    const tooBig = await client.fails('DELETE /api/printer/jobs/:jobId', 'PRINT_JOB_NOT_FOUND', {
      url: '/api/printer/jobs/99999999999999999999',
    });
    expect(tooBig.message).toBe('No print job 99999999999999999999');
    await client.fails('POST /api/print', 'PRINTER_UNAVAILABLE', { body: { lines: [['x']] } });
    // A job the printer took without confirming it (the silent printer of escpos-printer.test.ts).
    const unconfirmed = Number(
      away.runtime.db
        .prepare(
          `INSERT INTO print_jobs (kind, source, document, status, created_at, finished_at)
           VALUES ('receipt', 'sale x', '{"kind":"receipt","lines":[["x"]],"feedLines":0,"cut":true}', 'unconfirmed', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
        )
        .run().lastInsertRowid,
    );
    const reprintUrl = `/api/printer/jobs/${unconfirmed}/reprint`;
    const reprint = await client.ok('POST /api/printer/jobs/:jobId/reprint', printJobSchema, {
      url: reprintUrl,
    });
    expect(reprint).toMatchObject({ kind: 'receipt-copy', status: 'queued' });
    await client.fails('POST /api/printer/jobs/:jobId/reprint', 'PRINT_JOB_NOT_UNCONFIRMED', {
      url: reprintUrl,
    });
    await client.fails('POST /api/printer/jobs/:jobId/reprint', 'PRINT_JOB_NOT_FOUND', {
      url: '/api/printer/jobs/99/reprint',
    });
    for (const id of client.covered) api.covered.add(id);
    await away.stop();
  });

  it('shift records (open, close, current, list, one) and receipt duplicates, with their refusals', async () => {
    // The documents above opened shift 1 by themselves; the Z reports did not close it.
    const current = await api.ok('GET /api/shifts/current', currentShiftSchema);
    expect(current.shift).toMatchObject({
      shiftNumber: 1,
      openedBy: 'first_operation',
      status: 'open',
    });
    const closed = await api.ok('POST /api/shifts/close', shiftSchema, {
      body: { countedCash: 100.1, printReport: false },
    });
    expect(closed).toMatchObject({ status: 'closed', countedCash: 100.1 });
    await api.fails('POST /api/shifts/close', 'SHIFT_NOT_OPEN', { body: {} });
    expect((await api.ok('GET /api/shifts/current', currentShiftSchema)).shift).toBeNull();
    const opened = await api.ok('POST /api/shifts/open', shiftSchema, {
      body: { cashierId: 'c-1', cashierName: 'Ana', openingCash: 0.5 },
    });
    expect(opened).toMatchObject({ shiftNumber: 2, openedBy: 'request', openingCashDeclared: 0.5 });
    await api.fails('POST /api/shifts/open', 'SHIFT_ALREADY_OPEN', { body: {} });
    expect(await api.ok('GET /api/shifts', shiftListPageSchema)).toMatchObject({ total: 2 });
    await api.ok('GET /api/shifts/:shiftId', shiftSchema, { url: `/api/shifts/${closed.shiftId}` });
    await api.fails('GET /api/shifts/:shiftId', 'SHIFT_NOT_FOUND', { url: '/api/shifts/nope' });
    const validation = await api.fails('POST /api/shifts/open', 'VALIDATION_ERROR', {
      body: { cashierId: 1 },
    });
    expect(validation).toMatchObject({ details: [{ field: 'cashierId', code: 'CASHIER_ID_INVALID' }] });

    const sale = await api.ok('POST /api/sales', saleResultSchema, { body: cashSale(5) });
    const url = `/api/sales/${sale.saleId}/duplicate`;
    const copy = await api.ok('POST /api/sales/:saleId/duplicate', receiptDuplicateSchema, { url });
    expect(copy).toMatchObject({ copyNumber: 1, copiesLeft: 0 });
    await api.fails('POST /api/sales/:saleId/duplicate', 'DUPLICATE_LIMIT_REACHED', { url });
    await bare.fails('POST /api/sales/:saleId/duplicate', 'SALE_NOT_FOUND', {
      url: '/api/sales/nope/duplicate',
    });

    const refundUrl = `/api/sales/${sale.saleId}/refund`;
    const quote = await api.ok('POST /api/sales/:saleId/refund/quote', refundQuoteSchema, {
      url: `${refundUrl}/quote`,
      body: { items: [{ index: 0, quantity: 1 }] },
    });
    expect(quote).toMatchObject({ saleId: sale.saleId, total: 5 });
    await api.fails('POST /api/sales/:saleId/refund/quote', 'VALIDATION_ERROR', {
      url: `${refundUrl}/quote`,
      body: { dryRun: true },
    });
    await bare.fails('POST /api/sales/:saleId/refund/quote', 'SALE_NOT_FOUND', {
      url: '/api/sales/nope/refund/quote',
      body: {},
    });
    const refund = await api.ok('POST /api/sales/:saleId/refund', refundResultSchema, {
      url: refundUrl,
      body: { items: [{ index: 0, quantity: 1 }], reason: 'damaged' },
    });
    expect(refund).toMatchObject({ saleId: sale.saleId, total: 5, status: 'success' });
    const detail = await api.ok('GET /api/sales/:saleId', saleDetailSchema, {
      url: `/api/sales/${sale.saleId}`,
    });
    expect(detail.refunds).toHaveLength(1);
    await api.fails('POST /api/sales/:saleId/refund', 'VALIDATION_ERROR', { url: refundUrl, body: {} });
    await bare.fails('POST /api/sales/:saleId/refund', 'SALE_NOT_FOUND', {
      url: '/api/sales/nope/refund',
      body: {},
    });
  });

  it('delivery lots (create, list, one, cancel, sold) with their refusals', async () => {
    const lines = [{ lotLineId: 'tea', name: 'Tea', quantity: 2, unitPrice: 5, vatCode: 'B' }];
    const lot = await api.ok('POST /api/delivery-lots', deliveryLotSchema, { body: { lines } });
    const sold = { ...cashSale(5), items: [{ ...lines[0], quantity: 1 }], qrPayload: lot.qrPayload };
    await api.ok('POST /api/sales', saleResultSchema, { body: sold });
    const after = await api.ok('GET /api/delivery-lots/:lotId', deliveryLotSchema, {
      url: `/api/delivery-lots/${lot.lotId}`,
    });
    expect(after.sale?.lines).toEqual([
      { lotLineId: 'tea', name: 'Tea', orderedQty: 2, soldQty: 1, status: 'modified' },
    ]);
    await api.fails('POST /api/sales', 'DELIVERY_LOT_NOT_OPEN', { body: sold });
    await api.fails('POST /api/delivery-lots/:lotId/cancel', 'DELIVERY_LOT_NOT_OPEN', {
      url: `/api/delivery-lots/${lot.lotId}/cancel`,
    });
    const other = await api.ok('POST /api/delivery-lots', deliveryLotSchema, { body: { lines } });
    await api.ok('POST /api/delivery-lots/:lotId/cancel', deliveryLotSchema, {
      url: `/api/delivery-lots/${other.lotId}/cancel`,
    });
    expect(await api.ok('GET /api/delivery-lots', deliveryLotPageSchema)).toMatchObject({ total: 2 });
    await api.fails('GET /api/delivery-lots/:lotId', 'DELIVERY_LOT_NOT_FOUND', {
      url: '/api/delivery-lots/nope',
    });
  });
});

describe('every error answer is the error envelope with a declared code', () => {
  it('validation errors carry details; other errors carry none', async () => {
    const validation = await api.fails('POST /api/sales', 'VALIDATION_ERROR', { body: {} });
    expect(validation).toHaveProperty('details');
    const notFound = await api.fails('GET /api/sales/:saleId', 'SALE_NOT_FOUND', { url: '/api/sales/nope' });
    expect(notFound).not.toHaveProperty('details');
    await api.fails('POST /api/print', 'INVALID_JSON', { body: '{"lines": [' });
    await api.fails('POST /api/cash/in', 'MISSING_API_KEY', { body: { amount: 1 }, anonymous: true });
    await api.fails('GET /api/fiscal/operations', 'INVALID_API_KEY', { headers: { 'X-API-Key': 'wrong' } });
  });

  it('query and header codes the terminal adds, each named in details', async () => {
    const cases: [string, string][] = [
      ['/api/sales?limit=0', 'LIMIT_INVALID'],
      ['/api/sales?offset=-1', 'OFFSET_INVALID'],
      ['/api/sales?dateFrom=2024-02-30', 'DATE_RANGE_INVALID'],
      ['/api/fiscal/operations?type=sale', 'TYPE_INVALID'],
      ['/api/fiscal/operations?status=done', 'STATUS_INVALID'],
      ['/api/sales?shiftId=shift-1', 'SHIFT_ID_INVALID'],
      ['/api/fiscal/operations?shiftId=1', 'SHIFT_ID_INVALID'],
    ];
    for (const [url, code] of cases) {
      const route = url.startsWith('/api/sales') ? 'GET /api/sales' : 'GET /api/fiscal/operations';
      const error = await api.fails(route, 'VALIDATION_ERROR', { url });
      expect(error).toMatchObject({ details: [{ code }] });
    }
    const badKey = await api.fails('POST /api/print', 'VALIDATION_ERROR', {
      body: { lines: [['x']] },
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
    });
    expect(badKey).toMatchObject({
      details: [{ field: 'Idempotency-Key', code: 'IDEMPOTENCY_KEY_INVALID' }],
    });
  });

  it('idempotency mismatch, fiscalization and printer refusals', async () => {
    const headers = { 'Idempotency-Key': `contract-${Date.now()}` };
    await api.ok('POST /api/print', printResultSchema, { body: { lines: [['one']] }, headers });
    await api.fails('POST /api/print', 'IDEMPOTENCY_KEY_REUSE_MISMATCH', {
      body: { lines: [['two']] },
      headers,
    });
    await bare.fails('POST /api/sales', 'TERMINAL_NOT_FISCAL', { body: cashSale() });
    await bare.fails('GET /api/fiscal/daily-summary', 'TERMINAL_NOT_FISCAL');
    await bare.fails('POST /api/reports/x', 'TERMINAL_NOT_FISCAL');
    await bare.fails('POST /api/print', 'PRINTER_UNAVAILABLE', { body: { lines: [['x']] } });
  });

  it('the raw catalog endpoints of a terminal activated against a real cloud, and their raw refusals', async () => {
    const cloud = await startCloudForTerminals();
    try {
      const merchantId = await cloud.merchant();
      const category = await cloud.admin<{ id: string }>('POST', `/merchants/${merchantId}/categories`, {
        name: 'Drinks',
      });
      await cloud.admin('PUT', `/merchants/${merchantId}/products/P-1`, {
        name: { ro: 'Apă', ru: 'Вода' },
        price: 9.5,
        vatCode: 'B',
        unit: 'pcs',
        categoryId: category.id,
        barcodes: ['4840000000017'],
      });
      await cloud.admin('POST', `/merchants/${merchantId}/cashiers`, {
        name: 'Ana',
        role: 'cashier',
        pin: '1234',
      });
      const { activationCode } = await cloud.terminal(merchantId);
      const dataDir = tempDir('contract-platform');
      await activateTerminal({ cloudUrl: cloud.url, code: activationCode, dataDir });
      const headers = { 'X-API-Key': readStoredApiKey(dataDir)! };
      const activated = await env.start({ dataDir, fiscalization: 'not_fiscal', card: 'none' });
      const client = new ContractClient(activated.url);

      expect(await client.ok('POST /api/catalog/sync', catalogSyncStateSchema, { headers })).toMatchObject({
        state: 'synced',
      });
      const page = await client.ok('GET /api/catalog/products', catalogProductPageSchema, {
        headers,
        url: '/api/catalog/products?search=ap%C4%83&active=true&limit=10',
      });
      expect(page.products).toHaveLength(1);
      await client.ok('GET /api/catalog/products/:productId', catalogProductSchema, {
        headers,
        url: `/api/catalog/products/${page.products[0]!.id}`,
      });
      await client.ok('GET /api/catalog/categories', catalogCategoryListSchema, { headers });
      await client.ok('GET /api/catalog/vat-rates', catalogVatRateListSchema, { headers });
      await client.ok('GET /api/catalog/cashiers', catalogCashierListSchema, { headers });
      expect(
        await client.ok('GET /api/catalog/health', catalogHealthSchema, { anonymous: true }),
      ).toMatchObject({
        counts: { products: 1, categories: 1, vatRates: 6, cashiers: 1 },
      });
      expect(await client.ok('GET /api/health', healthRecordSchema, { anonymous: true })).toMatchObject({
        platform: { activated: true, lastError: null },
      });

      await client.fails('GET /api/catalog/products/:productId', 'PRODUCT_NOT_FOUND', {
        headers,
        url: '/api/catalog/products/prod_none',
      });
      await client.fails('GET /api/catalog/products', 'VALIDATION_ERROR', {
        headers,
        url: '/api/catalog/products?limit=x',
      });
      await client.fails('GET /api/catalog/cashiers', 'MISSING_API_KEY', { anonymous: true });
      await client.fails('GET /api/catalog/cashiers', 'INVALID_API_KEY');
      await bare.fails('POST /api/catalog/sync', 'TERMINAL_NOT_ACTIVATED');
      for (const id of client.covered) api.covered.add(id);
      await activated.stop();
    } finally {
      await cloud.close();
    }
  });
});

describe('coverage of the contract checks', () => {
  it('parsed a real success answer of every declared endpoint', () => {
    const declared = TERMINAL_ENDPOINTS.map((e) => e.operationId);
    expect([...api.covered, ...bare.covered].sort()).toEqual(expect.arrayContaining(declared));
    expect(new Set([...api.covered, ...bare.covered]).size).toBe(declared.length);
  });

  it('a presenter field the contract does not declare would fail the parse', () => {
    // The check the tests above rely on: response schemas are strict.
    const withExtra = { linesCount: 1, printedAt: new Date().toISOString(), extra: true };
    expect(() => printResultSchema.parse(withExtra)).toThrow(z.ZodError);
  });
});
