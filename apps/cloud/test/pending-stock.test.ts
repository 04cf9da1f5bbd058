// Pushed receipts' stock, applied later (products/pending-stock.ts): whatever the interleaving
// of pushes, retries, refusals, adjustments, counts and consumer passes, on-hand plus what is
// pending equals the ledger at every step, every read of stock answers the ledger's sum
// (read-your-writes for whoever pushed), and a consumer pass announces each product once with
// its final on-hand, however many pushes moved it.
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMilli } from '@fiscal-pos/fiscal';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { rowsOf } from '../src/db/database.js';
import { events, webhookEndpoints } from '../src/db/schema.js';
import { saveProduct, setStock } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { fiscalDocument } from './documents-fixture.js';
import {
  activeTerminal,
  call,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testSecrets,
  type ActiveTerminal,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

/** Numbers in [0, 1) from fast-check's generator with a fixed seed, so a failing interleaving replays. */
function random(seed: number): () => number {
  const numbers = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
    seed,
    numRuns: 2_000,
  });
  let next = 0;
  return () => numbers[next++ % numbers.length]!;
}

describe.each(DRIVERS)('pending stock on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let merchant: TestMerchant;
  let tills: ActiveTerminal[];
  const codes = ['P-1', 'P-2', 'P-3'];
  const ids: Record<string, string> = {};

  const pushOk = async (documents: PushedDocument[], till: ActiveTerminal): Promise<string[]> => {
    const res = await device(cloud, till, 'POST', '/documents', { documents });
    expect(res.status, res.text).toBe(200);
    return (res.json().results as { outcome: string }[]).map((r) => r.outcome);
  };
  /** Per product: the column, what is pending and the ledger's sum, straight from the tables. */
  const books = async () =>
    rowsOf<{ code: string; column: string; pending: string; ledger: string }>(
      await database.db.execute(sql`
        select p.code, p.on_hand_milli::text as column,
          (select coalesce(sum(s.delta_milli), 0) from stock_pending s where s.product_id = p.id)::text as pending,
          (select coalesce(sum(m.delta_milli), 0) from stock_movements m where m.product_id = p.id)::text as ledger
        from products p where p.merchant_id = ${merchant.merchantId} order by p.code`),
    );
  const inventory = async (code: string): Promise<number> => {
    const res = await call(cloud, 'GET', `/api/public/v1/inventory?productCode=${code}`, {
      key: merchant.key.key,
    });
    expect(res.status).toBe(200);
    return (res.json() as { onHand: number }).onHand;
  };
  const inventoryEvents = async () =>
    (
      await database.db
        .select()
        .from(events)
        .where(and(eq(events.merchantId, merchant.merchantId), eq(events.type, 'inventory.updated')))
        .orderBy(asc(events.createdAt))
    ).map((e) => (e.data as { object: { productCode: string; onHand: number } }).object);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 1_000_000, windowMs: 60_000 } });
    merchant = await seedMerchant(database, { scopes: ['inventory:read', 'inventory:write'] });
    for (const code of codes) {
      const product = await saveProduct(database.db, merchant.merchantId, {
        code,
        name: { ro: code },
        priceMinor: 1000,
        vatCode: 'B',
        unit: 'kg',
        onHandMilli: 50_000,
      });
      ids[code] = product.id;
    }
    tills = [];
    for (const name of ['T1', 'T2', 'T3']) tills.push(await activeTerminal(cloud, merchant.merchantId, name));
    const endpointId = 'we_pendingstock0000000000';
    await database.db.insert(webhookEndpoints).values({
      id: endpointId,
      merchantId: merchant.merchantId,
      url: 'https://127.0.0.1:9/hook',
      events: ['inventory.updated'],
      secretCiphertext: testSecrets.seal('whsec_AAAA', endpointId).ciphertext,
      secretKeyId: testSecrets.currentKeyId,
      status: 'enabled',
    });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('leaves on-hand to the consumer and announces each product once, with its final on-hand', async () => {
    await cloud.stockApplier.pass();
    const before = await inventoryEvents();
    const [b1, b2] = [await books(), await books()];
    expect(b1).toEqual(b2);
    // Ten pushes from three terminals, each selling P-1 (and the last P-2 too).
    for (let i = 0; i < 10; i++) {
      const lines = [{ productId: ids['P-1']!, quantityMilli: 1_000 + i }];
      if (i === 9) lines.push({ productId: ids['P-2']!, quantityMilli: 250 });
      expect(await pushOk([fiscalDocument(lines)], tills[i % 3]!)).toEqual(['created']);
    }
    const pending = await books();
    // The pushes moved the ledger, not the column: the difference is pending.
    for (const row of pending) expect(Number(row.column) + Number(row.pending)).toBe(Number(row.ledger));
    expect(Number(pending[0]!.pending)).toBe(-(10 * 1_000 + 45));
    expect(await inventoryEvents()).toEqual(before);

    expect(await cloud.stockApplier.pass()).toBeGreaterThan(0);
    const after = await books();
    for (const row of after) {
      expect(row.pending).toBe('0');
      expect(row.column).toBe(row.ledger);
    }
    const announced = (await inventoryEvents()).slice(before.length);
    // One event per product for ten pushes, each with the on-hand after all of them.
    expect(announced.map((e) => e.productCode).sort()).toEqual(['P-1', 'P-2']);
    for (const event of announced)
      expect(event.onHand).toBe(fromMilli(Number(after.find((r) => r.code === event.productCode)!.ledger)));
    const deliveries = await database.db.query.webhookDeliveries.findMany({
      where: (d, { eq: is }) => is(d.endpointId, 'we_pendingstock0000000000'),
    });
    expect(deliveries.length).toBe(announced.length);
    // A pass with nothing pending announces nothing.
    expect(await cloud.stockApplier.pass()).toBe(0);
    expect((await inventoryEvents()).length).toBe(before.length + 2);
  });

  // Writers take the pending rows of their products before they lock any, and consumers skip
  // rows another holds: run all at once, none waits for another in a cycle (PostgreSQL would
  // abort one with a deadlock error) and the books still add up.
  it('runs pushes, counts, adjustments, product writes, consumer passes and reads at once without a deadlock', async () => {
    for (let round = 0; round < 6; round++) {
      const sale = (code: string) => fiscalDocument([{ productId: ids[code]!, quantityMilli: 500 }]);
      const results = await Promise.allSettled([
        pushOk([sale('P-1'), sale('P-2')], tills[0]!),
        pushOk([sale('P-3'), sale('P-1')], tills[1]!),
        cloud.stockApplier.pass(),
        setStock(database.db, merchant.merchantId, 'P-2', 40_000 + round),
        call(cloud, 'POST', '/api/public/v1/inventory/adjustments', {
          key: merchant.key.key,
          headers: { 'idempotency-key': `race-${driver}-${round}` },
          body: { productId: ids['P-3'], delta: 1, reason: 'stocktake' },
        }),
        saveProduct(database.db, merchant.merchantId, {
          code: 'P-1',
          name: { ro: `P-1 ${round}` },
          priceMinor: 1000,
          vatCode: 'B',
          unit: 'kg',
          onHandMilli: 60_000 + round,
        }),
        cloud.stockApplier.pass(),
        inventory('P-1'),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      for (const row of await books())
        expect(Number(row.column) + Number(row.pending), `round ${round} ${row.code}`).toBe(
          Number(row.ledger),
        );
    }
  });

  it('keeps on-hand + pending equal to the ledger, and reads equal to it, through any interleaving', async () => {
    const next = random(driver === 'postgres' ? 28 : 82);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    /** Every receipt pushed, as its latest revision, and the terminal that pushed it. */
    const pushed = new Map<string, { doc: PushedDocument; first: PushedDocument; till: ActiveTerminal }>();
    let adjustments = 0;
    const expected = new Map((await books()).map((r) => [r.code, Number(r.ledger)]));
    const move = (code: string, milli: number) => expected.set(code, expected.get(code)! + milli);

    for (let step = 0; step < 80; step++) {
      const action = next();
      if (action < 0.4) {
        // A push of 1-3 new receipts, sometimes with an earlier push of the same terminal again.
        const till = pick(tills);
        const docs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
          const code = pick(codes);
          const quantityMilli = 1 + Math.floor(next() * 3_000);
          const refund = next() < 0.2;
          move(code, refund ? quantityMilli : -quantityMilli);
          return fiscalDocument([{ productId: ids[code]!, quantityMilli }], refund ? { type: 'refund' } : {});
        });
        const again = [...pushed.values()].filter((p) => p.till === till);
        const retry = again.length > 0 && next() < 0.3 ? [pick(again).first] : [];
        const outcomes = await pushOk([...docs, ...retry], till);
        expect(outcomes).toEqual([...docs.map(() => 'created'), ...retry.map(() => 'unchanged')]);
        for (const doc of docs) pushed.set(doc.operationId, { doc, first: doc, till });
      } else if (action < 0.5 && pushed.size > 0) {
        // The tax server refused an earlier receipt: its stock comes back, once, however often.
        const entry = pick([...pushed.values()]);
        const { doc, till } = entry;
        const refused = { ...doc, revision: doc.revision + 1, status: 'failed' as const };
        const [outcome] = await pushOk([refused], till);
        expect(outcome).toBe('updated');
        if (doc.status !== 'failed') {
          const line = doc.lines[0]!;
          const code = codes.find((c) => ids[c] === line.productId)!;
          move(code, doc.type === 'sale' ? line.quantityMilli : -line.quantityMilli);
        }
        entry.doc = refused;
      } else if (action < 0.65) {
        const code = pick(codes);
        const delta = Math.round((next() - 0.5) * 10_000);
        adjustments += 1;
        const res = await call(cloud, 'POST', '/api/public/v1/inventory/adjustments', {
          key: merchant.key.key,
          headers: { 'idempotency-key': `adj-${driver}-${adjustments}` },
          body: { productId: ids[code], delta: fromMilli(delta), reason: 'stocktake' },
        });
        expect(res.status, res.text).toBe(201);
        move(code, delta);
        // The answer shows the stock with every push before it.
        expect(res.json().inventory.onHand).toBe(fromMilli(expected.get(code)!));
      } else if (action < 0.72) {
        // An operator's count: "on hand is now X", against every push answered before it.
        const code = pick(codes);
        const target = Math.floor(next() * 80_000);
        await setStock(database.db, merchant.merchantId, code, target);
        expected.set(code, target);
      } else if (action < 0.87) {
        await cloud.stockApplier.pass();
      } else {
        const code = pick(codes);
        expect(await inventory(code), `step ${step}`).toBe(fromMilli(expected.get(code)!));
      }
      for (const row of await books()) {
        expect(Number(row.column) + Number(row.pending), `step ${step} ${row.code}`).toBe(Number(row.ledger));
        expect(Number(row.ledger), `step ${step} ${row.code}`).toBe(expected.get(row.code));
      }
    }
    await cloud.stockApplier.pass();
    for (const row of await books()) expect([row.column, row.pending]).toEqual([row.ledger, '0']);
    // The last inventory.updated of each product says its on-hand now.
    const announced = await inventoryEvents();
    for (const code of codes)
      expect(announced.filter((e) => e.productCode === code).at(-1)!.onHand).toBe(
        fromMilli(expected.get(code)!),
      );
  });
});
