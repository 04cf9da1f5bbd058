/**
 * The choke point that makes a held answer visible to every reader (storage/database.ts,
 * OperationStore.settleHeldBeforeReads): a statement on the operations writes the held
 * answers first, into the open transaction, and they leave the hold only when it commits.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { tempDir } from '../support/terminal-harness.js';

function setUp(): { db: Db; store: OperationStore; flushes: () => number; opId: string } {
  const db = openFiscalDatabase(join(tempDir('held-writes'), 'terminal.sqlite'));
  const store = new OperationStore(db);
  let flushes = 0;
  store.settleHeldBeforeReads(() => {
    flushes += 1;
    db.transaction(() => store.writeHeld())();
  });
  const op = store.insert(
    {
      id: 'op-1',
      operationType: 'x_report',
      receiptNumber: null,
      reportNumber: 1,
      totalAmount: 0,
      cashDelta: 0,
      vat: [],
      payments: [],
      shiftId: null,
      createdAt: '2026-03-10T08:00:00.000Z',
    },
    'sent',
  );
  store.hold(op, 'sent', 'success', { fiscalCode: 'CODE', mevId: 'MEV-1' });
  return { db, store, flushes: () => flushes, opId: op.id };
}

const statusOnDisk = (db: Db, id: string) =>
  db.prepare<[string], { status: string }>('SELECT status FROM fiscal_operations WHERE id = ?').get(id)!
    .status;

describe('a held answer', () => {
  it('is written before a statement outside a transaction reads the operations', () => {
    const { db, store, flushes, opId } = setUp();
    expect(statusOnDisk(db, opId)).toBe('success');
    expect(flushes()).toBe(1);
    expect(store.held()).toEqual([]);
  });

  it('is written into a transaction that reads the operations, and stays held when it rolls back', () => {
    const { db, store, flushes, opId } = setUp();
    expect(() =>
      db.transaction(() => {
        expect(statusOnDisk(db, opId)).toBe('success');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(store.held()).toHaveLength(1);
    db.transaction(() => {
      // A savepoint that wrote it and rolled back, inside a transaction that commits.
      expect(() =>
        db.transaction(() => {
          expect(statusOnDisk(db, opId)).toBe('success');
          throw new Error('savepoint rolled back');
        })(),
      ).toThrow('savepoint rolled back');
      expect(store.held()).toHaveLength(1);
      db.prepare('SELECT 1 FROM terminal_state').get();
    })();
    // The committed transaction never wrote it: still held, and written by the next reader.
    expect(store.held()).toHaveLength(1);
    expect(flushes()).toBe(0);
    expect(statusOnDisk(db, opId)).toBe('success');
    expect(flushes()).toBe(1);
    expect(store.held()).toEqual([]);
  });

  it('is written once by a transaction that reads the operations several times', () => {
    const { db, store, flushes, opId } = setUp();
    db.transaction(() => {
      expect(statusOnDisk(db, opId)).toBe('success');
      expect(statusOnDisk(db, opId)).toBe('success');
    })();
    expect(store.held()).toEqual([]);
    expect(flushes()).toBe(0);
    expect(store.get(opId)).toMatchObject({ status: 'success', fiscalCode: 'CODE', attempts: 1 });
  });
});
