// Migration 0015 on a cloud that already holds fiscal documents: each document's payment codes
// are filed and the daily VAT totals are built from the receipts stored before it (those the tax
// server refused left out), so the console's payment filter and VAT report cover the past too.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { DRIVERS, openTestDatabase, testSecrets, type TestDatabase } from './harness.js';

describe.each(DRIVERS)('migration 0015 over stored documents on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(driver, '0014_console_auth');
    const { db } = database;
    await db.execute(sql`insert into merchants (id, name) values ('mer_m', 'M')`);
    await db.execute(sql`insert into terminals (id, merchant_id, name, status, created_at)
      values ('term_m', 'mer_m', 'Casa', 'active', now())`);
    const document = (type: string, status: string, at: string, vat: number, payments: string) => sql`
      insert into fiscal_documents (id, merchant_id, terminal_id, operation_id, revision, type, status,
        created_at, report_number, total_minor, vat, payments, lines)
      values (${`fdoc_${randomUUID()}`}, 'mer_m', 'term_m', ${randomUUID()}, 1, ${type}, ${status}, ${at}, 1,
        ${vat * 6}, ${JSON.stringify([{ code: 'B', rateBp: 2000, taxableAmount: vat * 5, vatAmount: vat }])}::jsonb,
        ${payments}::jsonb, '[]'::jsonb)`;
    // 23:30 UTC on the 23rd is 01:30 on the 24th in Chisinau.
    await db.execute(
      document(
        'sale',
        'synced',
        '2026-11-23T23:30:00Z',
        100,
        '[{"code":"1","amount":300},{"code":"2","amount":300}]',
      ),
    );
    await db.execute(
      document('sale', 'failed', '2026-11-24T10:00:00Z', 1000, '[{"code":"1","amount":6000}]'),
    );
    await db.execute(document('refund', 'synced', '2026-11-24T11:00:00Z', 20, '[{"code":"1","amount":120}]'));
    await db.execute(document('cash_in', 'synced', '2026-11-24T12:00:00Z', 0, '[{"code":"1","amount":500}]'));
    expect(await migrate(db, { secrets: testSecrets })).toContain('0015_console_sales');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('files the payment codes of every stored document', async () => {
    const rows = rowsOf<{ code: string; n: number }>(
      await database.db.execute(
        sql`select code, count(*)::int as n from fiscal_document_payments group by code order by code`,
      ),
    );
    expect(rows).toEqual([
      { code: '1', n: 4 },
      { code: '2', n: 1 },
    ]);
  });

  it('builds the daily VAT totals of the stored receipts, refused ones left out', async () => {
    const rows = rowsOf<Record<string, unknown>>(
      await database.db
        .execute(sql`select day::text as day, vat_code, rate_bp, sales_vat::int, refunds_vat::int
        from vat_daily_totals order by day`),
    );
    expect(rows).toEqual([
      { day: '2026-11-24', vat_code: 'B', rate_bp: 2000, sales_vat: 100, refunds_vat: 20 },
    ]);
  });
});
