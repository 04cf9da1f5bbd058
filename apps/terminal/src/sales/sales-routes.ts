import { parseSaleRequest, type VatTable } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import type { CardPayments } from '../card/card-payments.js';
import { ApiError } from '../http/api-error.js';
import type { ResourcePresenter } from '../http/idempotency.js';
import { QueryReader } from '../http/query-params.js';
import type { RouteKit } from '../http/route-kit.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { ReceiptPrinter } from '../printing/receipt-printer.js';
import { saleReceipt, type ReceiptHeader } from '../receipts/document-layouts.js';
import { storedOperationResult } from '../http/stored-operation-result.js';
import { createSale } from './create-sale.js';
import { presentSaleDetail, presentSaleResult, presentSaleSummary, saleQrCode } from './sale-presenter.js';
import type { SaleStore } from './sale-store.js';
import type { HistoryReader } from '../storage/history-reads.js';
import type { SaleListPage } from './sale-contract.js';

export interface SalesDeps {
  ctx: FiscalContext;
  sales: SaleStore;
  history: HistoryReader;
  vatTable: () => VatTable;
  printer: ReceiptPrinter;
  header: () => ReceiptHeader;
  cashier: { id: string; name: string };
  card: CardPayments | null;
  logger: Logger;
}

function loadSale(d: SalesDeps, saleId: string) {
  const sale = d.sales.get(saleId);
  if (!sale) throw new ApiError('SALE_NOT_FOUND', `Sale ${saleId} was not found`);
  return { sale, op: d.ctx.operations.require(sale.fiscalOperationId) };
}

/** Rebuilds a sale's POST answer from storage: used by idempotent replays after a restart. */
export function salePresenter(d: SalesDeps): ResourcePresenter {
  return (saleId) => {
    const { sale, op } = loadSale(d, saleId);
    return storedOperationResult(op, d.ctx.clock, () =>
      presentSaleResult(sale, op, d.header().registrationNumber),
    );
  };
}

export function registerSalesRoutes(kit: RouteKit, d: SalesDeps): void {
  kit.post('/api/sales', async (request) => {
    const parsed = parseSaleRequest(request.body, d.vatTable());
    if (!parsed.ok) throw ApiError.validation(parsed.issues);
    const { saleId } = await createSale(d.ctx, d.sales, {
      draft: parsed.value,
      idempotencyKey: request.idempotencyKey,
      cashier: d.cashier,
      card: d.card,
    });
    const { sale, op } = loadSale(d, saleId);
    const header = d.header();
    if (sale.printReceipt && d.printer.available) {
      // Fire-and-forget: the answer never waits for paper.
      d.printer
        .print(saleReceipt(header, sale, op, saleQrCode(header.registrationNumber, sale, op)))
        .catch((error: unknown) => d.logger.error({ err: error, saleId }, 'receipt printing failed'));
    }
    return presentSaleResult(sale, op, header.registrationNumber);
  });

  kit.get('/api/sales', async (request): Promise<SaleListPage> => {
    const query = new QueryReader(request.query as Record<string, unknown>);
    const { dateFrom, dateTo } = query.dateRange();
    const shiftId = query.shiftId();
    const { limit, offset } = query.page();
    const cursor = query.cursor();
    query.done();
    const page = await d.history.read('salesList', { dateFrom, dateTo, shiftId, limit, offset, cursor });
    return {
      sales: page.sales.map(presentSaleSummary),
      total: page.total,
      limit,
      offset,
      nextCursor: page.nextCursor,
    };
  });

  kit.get('/api/sales/:saleId', (request) => {
    const { saleId } = request.params as { saleId: string };
    const { sale, op } = loadSale(d, saleId);
    return presentSaleDetail(sale, op, d.header().registrationNumber);
  });
}
