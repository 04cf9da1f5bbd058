import { fromMinor, parseShiftCloseRequest, parseShiftOpenRequest } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { successEnvelope } from '../http/envelope.js';
import type { ResourcePresenter } from '../http/idempotency.js';
import { QueryReader } from '../http/query-params.js';
import type { RouteKit } from '../http/route-kit.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { ReceiptPrinter } from '../printing/receipt-printer.js';
import type { ReportStore } from '../reports/report-store.js';
import { closeShift } from './close-shift.js';
import { openShift } from './open-shift.js';
import type { CurrentShift, ShiftListPage, ShiftRecord } from './shift-contract.js';
import { presentShift, totalsOf } from './shift-presenter.js';
import { shiftReportDocument } from './shift-report-document.js';
import type { StoredShift } from './shift-store.js';

export interface ShiftDeps {
  ctx: FiscalContext;
  reports: ReportStore;
  printer: ReceiptPrinter;
  logger: Logger;
}

function present(d: ShiftDeps, shift: StoredShift): ShiftRecord {
  return presentShift(shift, totalsOf(shift, d.reports));
}

/** Rebuilds an open or close answer from storage: used by idempotent replays after a restart. */
export function shiftPresenter(d: ShiftDeps): ResourcePresenter {
  return (shiftId) => ({
    statusCode: 200,
    body: successEnvelope(present(d, d.ctx.shifts.require(shiftId)), d.ctx.clock.now()),
  });
}

export function registerShiftRoutes(kit: RouteKit, d: ShiftDeps): void {
  kit.post('/api/shifts/open', async (request): Promise<ShiftRecord> => {
    const parsed = parseShiftOpenRequest(request.body);
    if (!parsed.ok) throw ApiError.validation(parsed.issues);
    return present(d, await openShift(d.ctx, parsed.value, request.idempotencyKey));
  });

  kit.post('/api/shifts/close', async (request): Promise<ShiftRecord> => {
    const parsed = parseShiftCloseRequest(request.body);
    if (!parsed.ok) throw ApiError.validation(parsed.issues);
    const shift = await closeShift(d.ctx, d.reports, parsed.value, request.idempotencyKey);
    const totals = totalsOf(shift, d.reports);
    if (parsed.value.printReport && d.printer.available) {
      // Fire-and-forget, like receipts: the close is done whatever the paper does.
      d.printer
        .print(shiftReportDocument(d.ctx.terminalState.get().terminalId, shift, totals))
        .catch((error: unknown) =>
          d.logger.error({ err: error, shiftId: shift.id }, 'shift report printing failed'),
        );
    }
    return presentShift(shift, totals);
  });

  kit.get('/api/shifts/current', (): CurrentShift => {
    const open = d.ctx.shifts.open();
    return {
      shift: open ? present(d, open) : null,
      cashBalance: fromMinor(d.ctx.operations.cashBalance(d.ctx.terminalState.get().reportNumber)),
    };
  });

  kit.get('/api/shifts', (request): ShiftListPage => {
    const query = new QueryReader(request.query as Record<string, unknown>);
    const { dateFrom, dateTo } = query.dateRange();
    const { limit, offset } = query.page();
    query.done();
    const page = d.ctx.shifts.list({ dateFrom, dateTo, limit, offset });
    return { shifts: page.shifts.map((shift) => present(d, shift)), total: page.total, limit, offset };
  });

  kit.get('/api/shifts/:shiftId', (request): ShiftRecord => {
    const { shiftId } = request.params as { shiftId: string };
    const shift = d.ctx.shifts.get(shiftId);
    if (!shift) throw new ApiError('SHIFT_NOT_FOUND', `Shift ${shiftId} was not found`);
    return present(d, shift);
  });
}
