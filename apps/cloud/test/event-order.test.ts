/**
 * Events are ordered as they were written. Their time was the transaction's start (now()): a
 * writer that waited for a product's lock wrote its inventory.updated after the one it waited
 * for, with an earlier time, so the last event of the product (by time, as receivers and the
 * list order them) said an older on-hand. Now it is the moment of the write (migration 0024).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.js';
import { emitEvent } from '../src/events/emit-event.js';
import { DRIVERS, openTestDatabase, seedMerchant, type TestDatabase, type TestMerchant } from './harness.js';

describe.each(DRIVERS)('events on %s', (driver) => {
  let database: TestDatabase;
  let merchant: TestMerchant;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    merchant = await seedMerchant(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  const emit = (tx: Parameters<typeof emitEvent>[0], step: string) =>
    emitEvent(tx, { merchantId: merchant.merchantId, type: 'ping', data: { step } });

  /** The steps of the merchant's events, in the order of their times. */
  const order = async () =>
    (
      await database.db
        .select()
        .from(events)
        .where(eq(events.merchantId, merchant.merchantId))
        .orderBy(asc(events.createdAt))
    ).map((e) => (e.data as { step: string }).step);

  it('times two events of one transaction as they were written, one after the other', async () => {
    await database.db.transaction(async (tx) => {
      await emit(tx, 'first');
      await sleep(5);
      await emit(tx, 'second');
    });
    const [first, second] = await database.db
      .select({ at: events.createdAt })
      .from(events)
      .where(eq(events.merchantId, merchant.merchantId))
      .orderBy(asc(events.createdAt));
    expect(second!.at.getTime()).toBeGreaterThan(first!.at.getTime());
  });

  // Two transactions at once need two connections: PGlite has one.
  it.runIf(driver === 'postgres')(
    'orders an event written after another transaction committed its own after it, though its transaction began first',
    async () => {
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      const earlier = database.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
        begun();
        await gate;
        await emit(tx, 'written last');
      });
      await started;
      await sleep(5);
      await database.db.transaction((tx) => emit(tx, 'written first'));
      letGo();
      await earlier;
      expect((await order()).slice(-2)).toEqual(['written first', 'written last']);
    },
  );
});
