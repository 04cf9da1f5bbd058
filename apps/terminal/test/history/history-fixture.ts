import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { copyFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FiscalOperationStatus as OperationStatus, FiscalOperationType } from '@fiscal-pos/fiscal';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { runMigrations } from '../../src/storage/migrations.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

export const SHIFTS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/**
 * Where a status ends up, through legal transitions, from pending; left `sent`, as the sync
 * worker leaves it (one operation at a time is `sent` inline, migration 0028).
 */
const PATHS: Record<OperationStatus, OperationStatus[]> = {
  pending: [],
  sent: ['offline', 'sent'],
  success: ['sent', 'success'],
  failed: ['sent', 'failed'],
  offline: ['offline'],
};

let migrated: string | undefined;

/**
 * A terminal file that has run every migration, made once per process. Migrating a new file is
 * 35 transactions, each a commit to disk: ~0.3 s apiece, and the property tests open hundreds
 * of databases (maintained-counts, health-counts), where it was most of their time.
 */
function migratedFile(): string {
  if (migrated === undefined) {
    const file = join(tempDir('history-migrated'), 'terminal.sqlite');
    // Closing the last connection checkpoints the WAL into the file and removes it.
    openFiscalDatabase(file).close();
    migrated = file;
  }
  return migrated;
}

/** A new terminal file (a copy of the migrated one), opened as the terminal opens its file. */
export function openTestDatabase(): { db: Db; file: string } {
  const file = join(tempDir('history'), 'terminal.sqlite');
  copyFileSync(migratedFile(), file);
  const db = openFiscalDatabase(file);
  const insertShift = db.prepare(
    `INSERT INTO shifts (id, number, opened_by, opened_at, closed_at) VALUES (?, ?, 'request', ?, ?)`,
  );
  insertShift.run(SHIFTS[0], 1, '2025-03-01T00:00:00.000Z', '2025-03-02T00:00:00.000Z');
  insertShift.run(SHIFTS[1], 2, '2025-03-02T00:00:00.000Z', null);
  return { db, file };
}

/** `use` on a fresh test database, closed after. */
export function withTestDatabase<T>(use: (db: Db) => T): T {
  const { db, file } = openTestDatabase();
  try {
    return use(db);
  } finally {
    db.close();
    removeDir(dirname(file));
  }
}

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));

/**
 * A new terminal file with the migrations up to `version` only, as a build of that version made
 * it; `foreignKeys` runs them with the constraints on, as the terminal does (database.ts).
 */
export function openAtSchemaVersion(file: string, version: number, o: { foreignKeys?: boolean } = {}): Db {
  copyFileSync(fileAtSchemaVersion(version, o.foreignKeys === true), file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  if (o.foreignKeys) db.pragma('foreign_keys = ON');
  return db;
}

/** The files migrated up to a version, made once per process (as migratedFile). */
const atSchemaVersion = new Map<string, string>();

function fileAtSchemaVersion(version: number, foreignKeys: boolean): string {
  const key = `${version} ${foreignKeys}`;
  let file = atSchemaVersion.get(key);
  if (file === undefined) {
    const folder = tempDir(`migrations-v${version}`);
    for (const name of readdirSync(MIGRATIONS))
      if (Number(name.slice(0, 4)) <= version) copyFileSync(join(MIGRATIONS, name), join(folder, name));
    file = join(tempDir(`migrated-v${version}`), 'terminal.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    if (foreignKeys) db.pragma('foreign_keys = ON');
    runMigrations(db, pathToFileURL(`${folder}/`));
    db.close();
    atSchemaVersion.set(key, file);
  }
  return file;
}

export interface GeneratedOperation {
  reportNumber: number;
  type: FiscalOperationType;
  status: OperationStatus;
  shift: 0 | 1 | null;
  createdAt: string;
}

/** Writes one operation (and its sale for a receipt) the way the stores write them. */
export function writeOperation(db: Db, op: GeneratedOperation, receiptNumber: number): void {
  const operations = new OperationStore(db);
  const id = randomUUID();
  db.transaction(() => {
    const written = operations.insert({
      id,
      operationType: op.type,
      receiptNumber,
      reportNumber: op.reportNumber,
      // Amounts unlike each other, so that a sum kept of the wrong rows shows.
      totalAmount: 1000 + receiptNumber,
      cashDelta: 0,
      vat: [],
      payments: [{ code: '1', amount: 1000 }],
      shiftId: op.shift === null ? null : SHIFTS[op.shift]!,
      createdAt: op.createdAt,
    });
    if (op.type === 'receipt') {
      // Written in SQL rather than by SaleStore: the upgrade test writes files of older
      // versions, whose sale_items lack the columns later migrations add (lot_line_id), and
      // whose sales are keyed by a rowid of their own with their operation's UUID and have
      // their payments in a table of their own (before 0029).
      const saleId = randomUUID();
      const payments = [
        { paymentType: receiptNumber % 2 === 0 ? '1' : '2', amount: 400, rrn: null, notes: null },
        { paymentType: '3', amount: 600 - (receiptNumber % 3) * 300, rrn: null, notes: null },
      ];
      const keyedBySeq = db.prepare("SELECT 1 FROM pragma_table_info('sales') WHERE name = 'seq'").get();
      const columns = `id, purchase_id, subtotal, cart_discount_amount, cart_markup_amount, total, amount_received,
        change_amount, delivery_json, print_receipt, cashier_id, cashier_name, created_at`;
      const values = `?, ?, 1000, 0, 0, 1000, 1000, 0, NULL, 0, NULL, NULL, ?`;
      if (keyedBySeq) {
        db.prepare(`INSERT INTO sales (seq, ${columns}, payments_json) VALUES (?, ${values}, ?)`).run(
          written.seq,
          saleId,
          randomUUID(),
          op.createdAt,
          JSON.stringify(payments),
        );
      } else {
        db.prepare(`INSERT INTO sales (fiscal_operation_id, ${columns}) VALUES (?, ${values})`).run(
          id,
          saleId,
          randomUUID(),
          op.createdAt,
        );
        const payment = db.prepare(
          'INSERT INTO sale_payments (sale_id, position, payment_type, amount, rrn, notes) VALUES (?, ?, ?, ?, NULL, NULL)',
        );
        // The last first: migration 0029 must put them in the order of their positions.
        for (const [position, p] of [...payments.entries()].reverse())
          payment.run(saleId, position, p.paymentType, p.amount);
      }
    }
  })();
  let from: OperationStatus = 'pending';
  for (const to of PATHS[op.status]) {
    // Into the offline queue as the registrar puts it there (FiscalRegistrar.goOffline).
    operations.transition(operations.require(id), from, to, to === 'offline' ? { isOffline: true } : {});
    from = to;
  }
}
