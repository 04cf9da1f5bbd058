// Migration 0018 on a cloud that already holds fiscal documents: they were counted in
// Europe/Chisinau's days (the only zone before terminals reported theirs) and stay so, in the
// list's date filters as in the daily VAT totals built before, without a row rewritten.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { documentPage } from '../src/documents/document-list.js';
import { DRIVERS, openTestDatabase, testSecrets, type TestDatabase } from './harness.js';

describe.each(DRIVERS)('migration 0018 over stored documents on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(driver, '0016_terminal_health');
    const { db } = database;
    await db.execute(sql`insert into merchants (id, name) values ('mer_m', 'M')`);
    await db.execute(sql`insert into terminals (id, merchant_id, name, status, created_at)
      values ('term_m', 'mer_m', 'Casa', 'active', now()), ('term_idle', 'mer_m', 'Idle', 'active', now())`);
    // 22:30 UTC on the 23rd is 00:30 on the 24th in Chisinau.
    for (const [id, at] of [
      ['fdoc_late', '2026-11-23T22:30:00Z'],
      ['fdoc_day', '2026-11-23T12:00:00Z'],
    ] as const)
      await db.execute(sql`
        insert into fiscal_documents (id, merchant_id, terminal_id, operation_id, revision, type, status,
          created_at, report_number, total_minor, vat, payments, lines)
        values (${id}, 'mer_m', 'term_m', ${randomUUID()}, 1, 'sale', 'synced', ${at}, 1, 600,
          '[{"code":"B","rateBp":2000,"taxableAmount":500,"vatAmount":100}]'::jsonb,
          '[{"code":"1","amount":600}]'::jsonb, '[]'::jsonb)`);
    expect(await migrate(db, { secrets: testSecrets })).toContain('0018_terminal_time_zones');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the stored documents in Europe/Chisinau, and their terminals’ zone with them', async () => {
    const { db } = database;
    const zones = rowsOf<{ time_zone: string }>(
      await db.execute(sql`select time_zone from fiscal_documents`),
    );
    expect(zones.map((z) => z.time_zone)).toEqual(['Europe/Chisinau', 'Europe/Chisinau']);
    expect(
      rowsOf(await db.execute(sql`select merchant_id, terminal_id, time_zone from terminal_time_zones`)),
    ).toEqual([{ merchant_id: 'mer_m', terminal_id: 'term_m', time_zone: 'Europe/Chisinau' }]);
  });

  it('filters them by their Chisinau days', async () => {
    const day = async (d: string) =>
      (await documentPage(database.db, { merchantId: 'mer_m', fromDay: d, toDay: d, limit: 10 })).rows.map(
        (r) => r.id,
      );
    expect(await day('2026-11-23')).toEqual(['fdoc_day']);
    expect(await day('2026-11-24')).toEqual(['fdoc_late']);
  });
});
