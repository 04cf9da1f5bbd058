import type { Db } from '../storage/database.js';

/** Duplicate copies printed of each sale receipt, one row per copy (durable: the limit counts them). */
export class ReceiptCopyStore {
  constructor(private readonly db: Db) {}

  /** Copies of a sale's receipt printed so far. */
  count(saleId: string): number {
    return (
      this.db
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM receipt_copies WHERE sale_id = ?')
        .get(saleId)?.n ?? 0
    );
  }

  /**
   * Takes the next copy number if fewer than `limit` copies exist, in one durable transaction
   * (two requests for the same receipt cannot both take the last copy); null at the limit.
   */
  reserve(saleId: string, limit: number, at: string): number | null {
    return this.db.transaction(() => {
      const printed = this.count(saleId);
      if (printed >= limit) return null;
      this.db
        .prepare('INSERT INTO receipt_copies (sale_id, copy_number, printed_at) VALUES (?, ?, ?)')
        .run(saleId, printed + 1, at);
      return printed + 1;
    })();
  }

  /** Gives a reserved copy back (the printer failed: no copy came out). */
  release(saleId: string, copyNumber: number): void {
    this.db
      .prepare('DELETE FROM receipt_copies WHERE sale_id = ? AND copy_number = ?')
      .run(saleId, copyNumber);
  }
}
