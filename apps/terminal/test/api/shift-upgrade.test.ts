import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/storage/migrations.js';
import { cashSale, removeDir, tempDir, useSimulator } from '../support/terminal-harness.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
const SHIFT_ID = '0b6d9c1e-2f4a-4c3b-8d5e-6f7a8b9c0d1e';

/**
 * A terminal file as the version before shift records left it: schema 0001-0003, one shift
 * opened by the first operation (that version never closed shifts), its documents in it.
 */
function writeVersion3Database(dataDir: string): void {
  const folder = tempDir('migrations-v3');
  for (const file of ['0001_initial.sql', '0002_z_reports.sql', '0003_report_results.sql']) {
    copyFileSync(join(MIGRATIONS, file), join(folder, file));
  }
  const db = new Database(join(dataDir, 'terminal.sqlite'));
  try {
    runMigrations(db, pathToFileURL(`${folder}/`));
  } finally {
    removeDir(folder);
  }
  const at = new Date(Date.now() - 60_000).toISOString();
  db.prepare(
    `INSERT INTO terminal_state (id, terminal_id, report_number, last_receipt_number, day_started_at, offline_secret)
     VALUES (1, 'TRM-OLD', 1, 2, ?, 'secret')`,
  ).run(at);
  db.prepare('INSERT INTO shifts (id, opened_at) VALUES (?, ?)').run(SHIFT_ID, at);
  const cashIn = db.prepare(
    `INSERT INTO fiscal_operations (id, operation_type, receipt_number, report_number, status, total_amount, cash_delta,
       vat_json, payments_json, shift_id, created_at)
     VALUES (?, 'cash_in', ?, 1, 'success', ?, ?, '[]', ?, ?, ?)`,
  );
  cashIn.run('op-1', 1, 10_000, 10_000, '[{"code":"1","amount":10000}]', SHIFT_ID, at);
  cashIn.run('op-2', 2, 5_050, 5_050, '[{"code":"1","amount":5050}]', SHIFT_ID, at);
  db.close();
}

const env = useSimulator();

describe('upgrading a terminal whose shift was opened before shift records existed', () => {
  it('numbers the open shift, keeps its documents and closes it like any other', async () => {
    const dataDir = tempDir('terminal');
    writeVersion3Database(dataDir);
    const terminal = await env.start({ dataDir });

    const current = (await terminal.call('GET', '/api/shifts/current')).body.data!;
    expect(current.shift).toMatchObject({
      shiftId: SHIFT_ID,
      shiftNumber: 1,
      status: 'open',
      openedBy: 'first_operation',
      openingCashBalance: 0,
      cashIn: 150.5,
      cashInCount: 2,
      expectedCash: 150.5,
    });
    expect(current.cashBalance).toBe(150.5);

    const closed = await terminal.call('POST', '/api/shifts/close', {
      countedCash: 150.5,
      printReport: false,
    });
    expect(closed.body.data).toMatchObject({ shiftNumber: 1, status: 'closed', cashDifference: 0 });
    expect((await terminal.call('POST', '/api/sales', cashSale(9.5))).status).toBe(200);
    const next = (await terminal.call('GET', '/api/shifts/current')).body.data!.shift;
    expect(next).toMatchObject({ shiftNumber: 2, openingCashBalance: 150.5, expectedCash: 160 });
  });
});
