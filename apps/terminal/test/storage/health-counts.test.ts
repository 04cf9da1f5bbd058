import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FISCAL_OPERATION_TYPES as OPERATION_TYPES,
  canTransitionOperation,
  type FiscalOperationStatus as OperationStatus,
} from '@fiscal-pos/fiscal';
import { DocumentOutbox } from '../../src/document-push/document-outbox.js';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { PrintJobStore } from '../../src/printing/print-job-store.js';
import { DeliveryOutbox } from '../../src/receipt-delivery/delivery-outbox.js';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { openAtSchemaVersion, SHIFTS, withTestDatabase, writeOperation } from '../history/history-fixture.js';
import { tempDir } from '../support/terminal-harness.js';

const NEXT_STATUSES: OperationStatus[] = ['sent', 'offline', 'success', 'failed'];
const DOCUMENT = { kind: 'text', lines: [['hello']], feedLines: 0, cut: false } as const;

/** The stores as the terminal builds them on one file. */
function storesOf(db: Db) {
  return {
    operations: new OperationStore(db),
    outbox: new DocumentOutbox(db),
    deliveries: new DeliveryOutbox(db),
    printJobs: new PrintJobStore(db),
  };
}

type TypeAndStatusCount = ReturnType<OperationStore['countByTypeAndStatus']>[number];
const inKeyOrder = (counts: TypeAndStatusCount[]) =>
  counts.sort((a, b) => (`${a.type} ${a.status}` < `${b.type} ${b.status}` ? -1 : 1));

/** What health and the metrics read, through the stores. */
function read(db: Db) {
  const { operations, outbox, deliveries, printJobs } = storesOf(db);
  return {
    documentsWaiting: outbox.size(),
    documentsRefused: outbox.refusedCount(),
    offlineQueue: operations.queueStats(),
    deliveriesQueued: deliveries.queuedCount(),
    printJobsQueued: printJobs.queuedCount(),
    byTypeAndStatus: inKeyOrder(operations.countByTypeAndStatus()),
  };
}

/** The same, counted from the rows. */
function recount(db: Db): ReturnType<typeof read> {
  const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()!.n;
  return {
    documentsWaiting: count('SELECT count(*) AS n FROM platform_outbox WHERE pushed_revision < revision'),
    // Refusals of a document's current revision only (migration 0034; none in older files).
    documentsRefused: count(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'platform_outbox_refused'`)
      ? count(
          `SELECT count(*) AS n FROM platform_outbox_refused x
             JOIN platform_outbox p ON p.seq = x.seq AND p.due = 1 AND p.revision = x.revision`,
        )
      : 0,
    offlineQueue: {
      size: count(`SELECT count(*) AS n FROM fiscal_operations WHERE status IN ('pending','sent','offline')`),
      oldestCreatedAt:
        db
          .prepare<[], { at: string | null }>(
            `SELECT MIN(created_at) AS at FROM fiscal_operations WHERE status IN ('pending','sent','offline')`,
          )
          .get()?.at ?? null,
    },
    deliveriesQueued: count(`SELECT count(*) AS n FROM receipt_deliveries WHERE status = 'queued'`),
    printJobsQueued: count(`SELECT count(*) AS n FROM print_jobs WHERE status = 'queued'`),
    byTypeAndStatus: inKeyOrder(
      db
        .prepare<[], TypeAndStatusCount>(
          'SELECT operation_type AS type, status, count(*) AS count FROM fiscal_operations GROUP BY 1, 2',
        )
        .all(),
    ),
  };
}

/** The ids of a table's rows, oldest first, to pick one by index. */
function ids<T extends string | number>(db: Db, sql: string): T[] {
  return db
    .prepare<[], { id: T }>(sql)
    .all()
    .map((row) => row.id);
}

/** Steps of one kind, drawn `weight` times as often as those of weight 1. */
const kind = <K extends string, T extends object>(weight: number, name: K, fields: fc.Arbitrary<T>) => ({
  weight,
  arbitrary: fields.map((f) => ({ kind: name, ...f })),
});
const none = fc.constant({});
/** A pick counts from the newest row, so that steps reach what was written last. */
const pick = fc.nat({ max: 5 });
const step = fc.oneof(
  kind(3, 'operation', fc.record({ type: fc.constantFrom(...OPERATION_TYPES) })),
  kind(5, 'transition', fc.record({ pick, to: fc.constantFrom(...NEXT_STATUSES), fiscalCode: fc.boolean() })),
  // A push: the due documents are read, then confirmed or failed, possibly after transitions
  // that raised their revision meanwhile.
  kind(2, 'take', fc.record({ limit: fc.integer({ min: 1, max: 5 }) })),
  kind(1, 'confirm', none),
  kind(1, 'fail', none),
  // The cloud refused the first document taken, pushed alone: it is set aside.
  kind(1, 'refuse', none),
  kind(1, 'deliver', fc.record({ pick, email: fc.boolean(), sms: fc.boolean() })),
  kind(2, 'delivered', fc.record({ pick, outcome: fc.constantFrom('sent', 'retry', 'given up' as const) })),
  kind(1, 'print', none),
  kind(2, 'printed', fc.record({ pick, outcome: fc.constantFrom('printed', 'dropped', 'failed' as const) })),
  kind(1, 'prune', none),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

type PushedDocument = { seq: number; revision: number };
type Pusher = Pick<DocumentOutbox, 'confirm' | 'noteFailure'> &
  Partial<Pick<DocumentOutbox, 'setAside'>> & { due(limit: number): PushedDocument[] };

/**
 * The push worker's statements as the terminal ran them before migration 0026 keyed the outbox
 * by (due, seq): what a file of an older schema was written with.
 */
function outboxBefore0026(db: Db): Pusher {
  return {
    due: (limit) =>
      db
        .prepare<[number], PushedDocument>(
          'SELECT seq, revision FROM platform_outbox WHERE pushed_revision < revision ORDER BY seq LIMIT ?',
        )
        .all(limit),
    confirm: (pushed) => {
      for (const { seq, revision } of pushed)
        db.prepare(
          `UPDATE platform_outbox SET pushed_revision = max(pushed_revision, ?), attempts = 0, last_error = NULL
           WHERE seq = ?`,
        ).run(revision, seq);
    },
    noteFailure: (seqs, reason) => {
      for (const seq of seqs)
        db.prepare('UPDATE platform_outbox SET attempts = attempts + 1, last_error = ? WHERE seq = ?').run(
          reason,
          seq,
        );
    },
  };
}

/** Applies random steps through the stores, each as the terminal runs it. */
class Shop {
  private readonly stores: Omit<ReturnType<typeof storesOf>, 'outbox'> & { outbox: Pusher };
  private receiptNumber: number;
  private clock: number;
  private inFlight: PushedDocument[] = [];

  /** Numbers and times go on from what the file holds; `outbox`: a pusher of an older schema. */
  constructor(
    private readonly db: Db,
    outbox?: Pusher,
  ) {
    this.stores = { ...storesOf(db), ...(outbox === undefined ? {} : { outbox }) };
    const last = db
      .prepare<[], { receipt: number | null; at: string | null }>(
        'SELECT MAX(receipt_number) AS receipt, MAX(created_at) AS at FROM fiscal_operations',
      )
      .get();
    this.receiptNumber = last?.receipt ?? 0;
    this.clock = Date.parse(last?.at ?? '2025-03-01T08:00:00.000Z');
  }

  private sentInline(): boolean {
    return (
      this.db
        .prepare("SELECT 1 FROM fiscal_operations WHERE status = 'sent' AND is_offline = 0 LIMIT 1")
        .get() !== undefined
    );
  }

  private now(): string {
    this.clock += 1_000;
    return new Date(this.clock).toISOString();
  }

  apply(s: Step): void {
    const { operations, outbox, deliveries, printJobs } = this.stores;
    const newest = <T>(all: T[], index: number): T | undefined =>
      all[all.length - 1 - (index % Math.max(1, all.length))];
    switch (s.kind) {
      case 'operation':
        this.receiptNumber++;
        writeOperation(
          this.db,
          { reportNumber: 1, type: s.type, status: 'pending', shift: 1, createdAt: this.now() },
          this.receiptNumber,
        );
        return;
      case 'transition': {
        const id = newest(ids<string>(this.db, 'SELECT id FROM fiscal_operations ORDER BY seq'), s.pick);
        if (id === undefined) return;
        const from = operations.require(id).status;
        if (!canTransitionOperation(from, s.to)) return;
        // The registrar's rule, which migration 0028 holds in the file: one operation at a time
        // is sent without the offline queue (is_offline = 0), the others wait behind it.
        if (from === 'pending' && s.to === 'sent' && this.sentInline()) return;
        operations.transition(operations.require(id), from, s.to, {
          ...(s.fiscalCode ? { fiscalCode: `FC-${id}`, mevId: `MEV-${id}` } : {}),
          // Into the offline queue as the registrar puts it there (FiscalRegistrar.goOffline).
          ...(s.to === 'offline' ? { isOffline: true } : {}),
        });
        return;
      }
      case 'take':
        this.inFlight = outbox.due(s.limit).map(({ seq, revision }) => ({ seq, revision }));
        return;
      case 'confirm':
        outbox.confirm(this.inFlight);
        this.inFlight = [];
        return;
      case 'fail':
        outbox.noteFailure(
          this.inFlight.map((d) => d.seq),
          'cloud away',
        );
        this.inFlight = [];
        return;
      case 'refuse': {
        const [refused, ...rest] = this.inFlight;
        if (refused) outbox.setAside?.(refused, 'The cloud answered 400', new Date(this.clock));
        this.inFlight = rest;
        return;
      }
      case 'deliver': {
        const saleId = newest(ids<string>(this.db, 'SELECT id FROM sales ORDER BY created_at'), s.pick);
        if (saleId === undefined) return;
        deliveries.enqueue({
          saleId,
          refundId: null,
          delivery: {
            customerEmail: s.email ? 'customer@example.com' : null,
            customerPhone: s.sms ? '+37369000000' : null,
            language: 'ro',
          },
          at: this.now(),
        });
        return;
      }
      case 'delivered': {
        const id = newest(
          ids<string>(this.db, 'SELECT id FROM receipt_deliveries ORDER BY created_at, id'),
          s.pick,
        );
        if (id === undefined) return;
        if (s.outcome === 'sent') deliveries.markSent(id, this.now());
        else deliveries.markAttemptFailed(id, 'SMTP away', s.outcome === 'retry' ? this.now() : null);
        return;
      }
      case 'print':
        printJobs.add(DOCUMENT, 'test', this.now());
        return;
      case 'printed': {
        const id = newest(ids<number>(this.db, 'SELECT id FROM print_jobs ORDER BY id'), s.pick);
        if (id === undefined) return;
        if (s.outcome === 'failed') printJobs.noteFailure(id, 'paper out');
        else printJobs.finish(id, s.outcome, this.now());
        return;
      }
      case 'prune':
        printJobs.prune(new Date(this.clock + 30 * 86_400_000));
        return;
    }
  }
}

describe('the counts health and the metrics read (migration 0016)', () => {
  it('equal a count of the rows after every write of the stores', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80, size: 'max' }), (steps) =>
        withTestDatabase((db) => {
          const shop = new Shop(db);
          expect(read(db)).toEqual(recount(db));
          for (const s of steps) {
            shop.apply(s);
            expect(read(db)).toEqual(recount(db));
          }
        }),
      ),
      { numRuns: 60 },
    );
    // 60 fresh databases and up to 80 writes each, recounted after every one: 30-35 s on CI's
    // two cores beside the other files (it timed out at the default 30 s).
  }, 120_000);

  // Equal counts would not tell a kept count from a recount, whose cost grows with the rows.
  it('are read from the kept rows, not counted', () => {
    withTestDatabase((db) => {
      db.prepare(`UPDATE row_counts SET n = 7 WHERE operation_type = ''`).run();
      db.prepare(
        `INSERT INTO row_counts (name, operation_type, status, n) VALUES ('fiscal_operations', 'receipt', 'success', 9)`,
      ).run();
      db.prepare(`UPDATE row_counts SET n = 7 WHERE name = 'platform_outbox_refused'`).run();
      const {
        documentsWaiting,
        documentsRefused,
        offlineQueue,
        deliveriesQueued,
        printJobsQueued,
        byTypeAndStatus,
      } = read(db);
      expect(documentsRefused).toBe(7);
      expect([documentsWaiting, offlineQueue.size, deliveriesQueued, printJobsQueued]).toEqual([7, 7, 7, 7]);
      expect(byTypeAndStatus).toEqual([{ type: 'receipt', status: 'success', count: 9 }]);
    });
  });

  it('start from the rows of a file that version 15 wrote, and follow what comes after', () => {
    const file = join(tempDir('upgrade-health-counts'), 'terminal.sqlite');
    const old = openAtSchemaVersion(file, 15);
    old
      .prepare(
        `INSERT INTO shifts (id, number, opened_by, opened_at) VALUES (?, 1, 'request', '2025-03-01T00:00:00.000Z')`,
      )
      .run(SHIFTS[1]);
    // The same writes on both sides of the upgrade: every kind of row counted, in every state.
    const history: Step[] = [
      ...OPERATION_TYPES.map((type) => ({ kind: 'operation' as const, type })),
      ...[0, 1, 2, 3].map((pick) => ({
        kind: 'transition' as const,
        pick,
        to: 'sent' as const,
        fiscalCode: false,
      })),
      { kind: 'transition', pick: 0, to: 'success', fiscalCode: true },
      { kind: 'transition', pick: 1, to: 'failed', fiscalCode: false },
      { kind: 'transition', pick: 2, to: 'offline', fiscalCode: false },
      { kind: 'take', limit: 2 },
      { kind: 'confirm' },
      { kind: 'deliver', pick: 0, email: true, sms: true },
      { kind: 'delivered', pick: 0, outcome: 'sent' },
      { kind: 'print' },
      { kind: 'print' },
      { kind: 'printed', pick: 0, outcome: 'printed' },
    ];
    const before = new Shop(old, outboxBefore0026(old));
    for (const s of history) before.apply(s);
    const atVersion15 = recount(old);
    old.close();

    const db = openFiscalDatabase(file);
    try {
      expect(atVersion15.documentsWaiting).toBeGreaterThan(0);
      expect(atVersion15.offlineQueue.size).toBeGreaterThan(0);
      expect(atVersion15.deliveriesQueued).toBe(1);
      expect(atVersion15.printJobsQueued).toBe(1);
      expect(read(db)).toEqual(atVersion15);
      const after = new Shop(db);
      for (const s of history) {
        after.apply(s);
        expect(read(db)).toEqual(recount(db));
      }
    } finally {
      db.close();
    }
  });
});
