import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FISCAL_OPERATION_STATUSES as OPERATION_STATUSES,
  FISCAL_OPERATION_TYPES as OPERATION_TYPES,
} from '@fiscal-pos/fiscal';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { parseCursor, type ListCursor } from '../../src/fiscal-operations/list-cursor.js';
import { SaleStore } from '../../src/fiscal-documents/sale-store.js';
import type { Db } from '../../src/storage/database.js';
import { openTestDatabase, SHIFTS, writeOperation, type GeneratedOperation } from './history-fixture.js';

/*
 * The lists as they were read before the maintained counts (migration 0006): the whole history
 * filtered, counted and sorted. The new reads must give the same rows, order and totals.
 */
function referenceOperations(db: Db, q: Filter & { limit: number; offset: number }) {
  const from = q.dateFrom ? `${q.dateFrom}T00:00:00.000Z` : '0000';
  const to = q.dateTo ? `${q.dateTo}T23:59:59.999Z` : '9999';
  const where = `o.created_at >= @from AND o.created_at <= @to
      AND (@type IS NULL OR o.operation_type = @type) AND (@status IS NULL OR o.status = @status)
      AND (@shiftId IS NULL OR o.shift_id = @shiftId)`;
  const params = { from, to, type: q.type, status: q.status, shiftId: q.shiftId };
  const total = db
    .prepare<typeof params, { n: number }>(`SELECT COUNT(*) AS n FROM fiscal_operations o WHERE ${where}`)
    .get(params)!.n;
  const ids = db
    .prepare<typeof params & { limit: number; offset: number }, { id: string }>(
      `SELECT o.id FROM fiscal_operations o LEFT JOIN shifts sh ON sh.id = o.shift_id
       WHERE ${where} ORDER BY o.seq DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: q.limit, offset: q.offset })
    .map((row) => row.id);
  return { ids, total };
}

function referenceSales(db: Db, q: Filter & { limit: number; offset: number }) {
  const from = q.dateFrom ? `${q.dateFrom}T00:00:00.000Z` : '0000';
  const to = q.dateTo ? `${q.dateTo}T23:59:59.999Z` : '9999';
  const FROM = `FROM sales s JOIN fiscal_operations o ON o.seq = s.seq LEFT JOIN shifts sh ON sh.id = o.shift_id`;
  const where = `WHERE s.created_at >= @from AND s.created_at <= @to AND (@shiftId IS NULL OR o.shift_id = @shiftId)`;
  const params = { from, to, shiftId: q.shiftId };
  const total = db
    .prepare<typeof params, { n: number }>(`SELECT COUNT(*) AS n ${FROM} ${where}`)
    .get(params)!.n;
  const rows = db
    .prepare<typeof params & { limit: number; offset: number }, { id: string; primary_type: string | null }>(
      `SELECT s.id, (SELECT p.value ->> 'paymentType' FROM json_each(s.payments_json) p ORDER BY p.value ->> 'amount' DESC, p.key LIMIT 1) AS primary_type
       ${FROM} ${where} ORDER BY o.seq DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: q.limit, offset: q.offset });
  return { rows: rows.map((r) => [r.id, r.primary_type]), total };
}

interface Filter {
  dateFrom: string | null;
  dateTo: string | null;
  type: (typeof OPERATION_TYPES)[number] | null;
  status: (typeof OPERATION_STATUSES)[number] | null;
  shiftId: string | null;
}

/**
 * Five Z reports over four UTC days: many operations share a createdAt (ties), one report
 * straddles midnight, and the clock steps back over midnight once (created_at is not in seq
 * order there), every type, status and shift, operations outside shifts.
 */
function generateHistory(db: Db): void {
  const statuses = ['success', 'success', 'success', 'failed', 'offline', 'sent', 'pending'] as const;
  const types = ['receipt', 'receipt', 'receipt', 'refund', 'cash_in', 'cash_out'] as const;
  const reports: { number: number; start: string }[] = [
    { number: 1, start: '2025-03-01T08:00:00.000Z' },
    { number: 2, start: '2025-03-01T22:00:00.000Z' },
    { number: 3, start: '2025-03-02T23:30:00.000Z' },
    { number: 4, start: '2025-03-03T23:58:00.000Z' },
    { number: 5, start: '2025-03-04T10:00:00.000Z' },
  ];
  let i = 0;
  for (const report of reports) {
    let receipt = 0;
    for (let k = 0; k < 60; k++, i++) {
      // Three operations per second: ties in createdAt; report 4 steps back 5 minutes at k = 30.
      let at = Date.parse(report.start) + Math.floor(k / 3) * 60_000;
      if (report.number === 4 && k >= 30) at -= 5 * 60_000;
      const op: GeneratedOperation = {
        reportNumber: report.number,
        type: types[i % types.length]!,
        status: statuses[(i * 5) % statuses.length]!,
        shift: i % 5 === 0 ? null : report.number <= 2 ? 0 : 1,
        createdAt: new Date(at).toISOString(),
      };
      writeOperation(db, op, ++receipt);
    }
    writeOperation(
      db,
      {
        reportNumber: report.number,
        type: 'z_report',
        status: 'success',
        shift: null,
        createdAt: new Date(Date.parse(report.start) + 21 * 60_000).toISOString(),
      },
      ++receipt,
    );
  }
}

const DATE_FROM = [null, '2025-03-02', '2025-03-03'];
const DATE_TO = [null, '2025-03-02', '2025-03-04'];
const SHIFT_IDS = [null, ...SHIFTS, '33333333-3333-4333-8333-333333333333'];
const PAGES = [
  { limit: 7, offset: 0 },
  { limit: 7, offset: 41 },
  { limit: 50, offset: 13 },
  { limit: 500, offset: 0 },
  { limit: 5, offset: 400 },
  // Pages in the older half of a list, which history-page.ts finds from the oldest report up.
  { limit: 7, offset: 170 },
  { limit: 10, offset: 298 },
];

function* filters(withTypeAndStatus: boolean): Generator<Filter> {
  for (const dateFrom of DATE_FROM)
    for (const dateTo of DATE_TO) {
      if (dateFrom && dateTo && dateFrom > dateTo) continue;
      for (const shiftId of SHIFT_IDS)
        for (const type of withTypeAndStatus ? [null, ...OPERATION_TYPES] : [null])
          for (const status of withTypeAndStatus ? [null, ...OPERATION_STATUSES] : [null])
            yield { dateFrom, dateTo, type, status, shiftId };
    }
}

function expectSalesAsFullScan(db: Db): void {
  const store = new SaleStore(db);
  for (const filter of filters(false))
    for (const page of PAGES) {
      const expected = referenceSales(db, { ...filter, ...page });
      const actual = store.list({ ...filter, ...page, cursor: null });
      expect(
        { rows: actual.sales.map((s) => [s.id, s.primaryPaymentType]), total: actual.total },
        JSON.stringify({ filter, page }),
      ).toEqual(expected);
    }
}

describe('history lists read through the maintained counts', () => {
  let db: Db;
  beforeAll(() => {
    db = openTestDatabase().db;
    generateHistory(db);
  });
  afterAll(() => db.close());

  it('give the same operations, order and total as the full scan, for every filter combination', () => {
    const store = new OperationStore(db);
    let compared = 0;
    for (const filter of filters(true))
      for (const page of PAGES) {
        const expected = referenceOperations(db, { ...filter, ...page });
        const actual = store.list({ ...filter, ...page, cursor: null });
        expect(
          { ids: actual.operations.map((o) => o.id), total: actual.total },
          JSON.stringify({ filter, page }),
        ).toEqual(expected);
        compared++;
      }
    expect(compared).toBeGreaterThan(5000);
  });

  it('give the same sales, order, primary payment and total as the full scan', () => {
    expectSalesAsFullScan(db);
  });

  it('page through everything by cursor: the same rows as one page, and offset counts from the cursor', () => {
    const store = new OperationStore(db);
    for (const filter of [...filters(true)].filter((_, n) => n % 7 === 0)) {
      const all = store.list({ ...filter, limit: 500, offset: 0, cursor: null }).operations.map((o) => o.id);
      const paged: string[] = [];
      let cursor: ListCursor | null = null;
      for (let guard = 0; guard < 100; guard++) {
        const page = store.list({ ...filter, limit: 9, offset: 0, cursor });
        paged.push(...page.operations.map((o) => o.id));
        if (page.nextCursor === null) break;
        cursor = parseCursor(page.nextCursor);
      }
      expect(paged, JSON.stringify(filter)).toEqual(all);
      const first = store.list({ ...filter, limit: 4, offset: 0, cursor: null });
      if (first.nextCursor !== null) {
        const skipped = store.list({ ...filter, limit: 6, offset: 3, cursor: parseCursor(first.nextCursor) });
        expect(skipped.operations.map((o) => o.id)).toEqual(all.slice(7, 13));
      }
    }
  });
});
