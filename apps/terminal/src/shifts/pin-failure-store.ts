import type { Db } from '../storage/database.js';
import type { PinFailures } from './pin-lockout.js';

/** The wrong PINs in a row of each cashier (migration 0015). */
export class PinFailureStore {
  constructor(private readonly db: Db) {}

  get(cashierId: string): PinFailures | null {
    const row = this.db
      .prepare<[string], { failures: number; last_failure_at: string }>(
        'SELECT failures, last_failure_at FROM cashier_pin_failures WHERE cashier_id = ?',
      )
      .get(cashierId);
    return row ? { failures: row.failures, lastFailureAt: new Date(row.last_failure_at) } : null;
  }

  recordFailure(cashierId: string, at: Date): void {
    this.db
      .prepare(
        `INSERT INTO cashier_pin_failures (cashier_id, failures, last_failure_at) VALUES (?, 1, ?)
         ON CONFLICT (cashier_id) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at`,
      )
      .run(cashierId, at.toISOString());
  }

  clear(cashierId: string): void {
    this.db.prepare('DELETE FROM cashier_pin_failures WHERE cashier_id = ?').run(cashierId);
  }
}
