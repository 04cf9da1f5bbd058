import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FISCAL_OPERATION_STATUSES,
  IllegalOperationTransitionError,
  canTransitionOperation,
  type FiscalOperationStatus as OperationStatus,
} from '@fiscal-pos/fiscal';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

// The table itself is tested in packages/fiscal (vocabulary.test.ts); here, that the store keeps to it.
const pairs = FISCAL_OPERATION_STATUSES.flatMap((from) =>
  FISCAL_OPERATION_STATUSES.map((to) => [from, to] as const),
);

describe('OperationStore.transition on a real SQLite file', () => {
  const dir = tempDir('transitions');
  const db = openFiscalDatabase(`${dir}/terminal.sqlite`);
  const store = new OperationStore(db);
  afterAll(() => {
    db.close();
    removeDir(dir);
  });

  let receiptNumber = 0;
  function insert(): string {
    const id = randomUUID();
    store.insert({
      id,
      operationType: 'receipt',
      receiptNumber: ++receiptNumber,
      reportNumber: 1,
      totalAmount: 100,
      cashDelta: 100,
      vat: [],
      payments: [{ code: '1', amount: 100 }],
      shiftId: null,
      createdAt: new Date().toISOString(),
    });
    return id;
  }

  /**
   * Drives a fresh operation to `status` along legal transitions, as the registrar does: into
   * the offline queue with is_offline set, and `sent` from it (one operation at a time is sent
   * inline, migration 0028, and the file holds many).
   */
  function operationIn(status: OperationStatus): string {
    const id = insert();
    const path: Record<OperationStatus, OperationStatus[]> = {
      pending: [],
      sent: ['offline', 'sent'],
      offline: ['offline'],
      success: ['offline', 'sent', 'success'],
      failed: ['offline', 'sent', 'failed'],
    };
    let current: OperationStatus = 'pending';
    for (const next of path[status]) {
      store.transition(store.require(id), current, next, next === 'offline' ? { isOffline: true } : {});
      current = next;
    }
    return id;
  }

  it.each(pairs)('moving %s -> %s changes the row exactly when the table allows it', (from, to) => {
    const id = operationIn(from);
    if (canTransitionOperation(from, to)) {
      store.transition(store.require(id), from, to);
      expect(store.require(id).status).toBe(to);
    } else {
      expect(() => store.transition(store.require(id), from, to)).toThrow(IllegalOperationTransitionError);
      expect(store.require(id).status).toBe(from);
    }
  });

  it('re-checks the current status in SQL: a stale `from` is refused, so an operation is never in flight twice', () => {
    const id = operationIn('offline');
    store.transition(store.require(id), 'offline', 'sent', { countAttempt: true });
    // A second sender that still believes the operation is offline must not send it again.
    expect(() => store.transition(store.require(id), 'offline', 'sent', { countAttempt: true })).toThrow(
      /cannot move from sent to sent/,
    );
    expect(store.require(id).attempts).toBe(1);
  });

  it('keeps the offline code when the operation is finally registered, and clears the outage message', () => {
    const id = operationIn('pending');
    store.transition(store.require(id), 'pending', 'offline', {
      isOffline: true,
      offlineFiscalCode: 'OFF-0011223344556677',
      errorMessage: 'MEV unreachable (refused)',
    });
    store.transition(store.require(id), 'offline', 'sent', { countAttempt: true });
    store.transition(store.require(id), 'sent', 'success', {
      mevId: 'MEV-1',
      fiscalCode: 'FC1',
      errorMessage: null,
      completedAt: new Date().toISOString(),
    });
    expect(store.require(id)).toMatchObject({
      status: 'success',
      isOffline: true,
      offlineFiscalCode: 'OFF-0011223344556677',
      mevId: 'MEV-1',
      fiscalCode: 'FC1',
      errorMessage: null,
      attempts: 1,
    });
  });
});
