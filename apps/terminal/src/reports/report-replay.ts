import type { Replay } from '../http/define-route.js';
import { replayOperation } from '../fiscal-operations/operation-replay.js';
import type { ReportDeps } from './report-deps.js';
import { presentFiscalReportResult } from './report-presenter.js';

/** Rebuilds an X or Z report's answer from storage: used by idempotent replays after a restart. */
export function reportReplay(kind: 'x' | 'z'): Replay<Pick<ReportDeps, 'ctx' | 'reports'>> {
  return {
    kind: `${kind}-report`,
    rebuild(d, operationId) {
      const op = d.ctx.operations.require(operationId);
      const snapshot = d.reports.result(operationId);
      if (!snapshot) throw new Error(`report ${operationId} has no stored result`);
      return replayOperation(op, () => presentFiscalReportResult(op, snapshot));
    },
  };
}
