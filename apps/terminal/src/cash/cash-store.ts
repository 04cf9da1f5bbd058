import type { Db } from '../storage/database.js';

export interface CashOperation {
  id: string;
  fiscalOperationId: string;
  operationType: 'cashIn' | 'cashOut';
  amount: number;
  reason: string | null;
  newBalance: number;
  printReceipt: boolean;
  createdAt: string;
}

interface Row {
  id: string;
  fiscal_operation_id: string;
  operation_type: 'cashIn' | 'cashOut';
  amount: number;
  reason: string | null;
  new_balance: number;
  print_receipt: number;
  created_at: string;
}

export class CashStore {
  constructor(private readonly db: Db) {}

  insert(op: CashOperation): void {
    this.db
      .prepare(
        `INSERT INTO cash_operations (id, fiscal_operation_id, operation_type, amount, reason, new_balance, print_receipt, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        op.id,
        op.fiscalOperationId,
        op.operationType,
        op.amount,
        op.reason,
        op.newBalance,
        op.printReceipt ? 1 : 0,
        op.createdAt,
      );
  }

  get(id: string): CashOperation | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM cash_operations WHERE id = ?').get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      fiscalOperationId: row.fiscal_operation_id,
      operationType: row.operation_type,
      amount: row.amount,
      reason: row.reason,
      newBalance: row.new_balance,
      printReceipt: row.print_receipt === 1,
      createdAt: row.created_at,
    };
  }
}
