import type { Db } from '../storage/database.js';

/** Duplicate copies printed of each sale receipt, one row per copy (durable: the limit counts them). */
export class ReceiptCopyStore {
  constructor(private readonly db: Db) {}

  /**
   * Takes the lowest free copy number if fewer than `limit` copies exist, in one durable
   * transaction (two requests for the same receipt cannot both take the last copy); null at the
   * limit. A number given back (its print failed while a later copy printed) is taken again.
   */
  reserve(saleId: string, limit: number, at: string): { copyNumber: number; copiesLeft: number } | null {
    return this.db.transaction(() => {
      const taken = this.db
        .prepare<[string], { copy_number: number }>(
          'SELECT copy_number FROM receipt_copies WHERE sale_id = ? ORDER BY copy_number',
        )
        .all(saleId);
      if (taken.length >= limit) return null;
      let copyNumber = 1;
      while (taken[copyNumber - 1]?.copy_number === copyNumber) copyNumber += 1;
      this.db
        .prepare('INSERT INTO receipt_copies (sale_id, copy_number, printed_at) VALUES (?, ?, ?)')
        .run(saleId, copyNumber, at);
      return { copyNumber, copiesLeft: limit - taken.length - 1 };
    })();
  }

  /** Gives a reserved copy back (the printer failed: no copy came out). */
  release(saleId: string, copyNumber: number): void {
    this.db
      .prepare('DELETE FROM receipt_copies WHERE sale_id = ? AND copy_number = ?')
      .run(saleId, copyNumber);
  }
}
