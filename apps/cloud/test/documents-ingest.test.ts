// Fiscal documents flowing up, over real HTTP: a terminal pushes its documents with its device
// credential; the cloud stores each once (created / unchanged / updated by revision), moves
// stock by the ledger for catalog lines of the terminal's own merchant (and back when the tax
// server refused a receipt), emits sale.* / refund.* / inventory.updated, and serves the
// receipts to the merchant's integration keys only.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, products, stockMovements, webhookEndpoints } from '../src/db/schema.js';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { ingestDocuments } from '../src/documents/ingest-documents.js';
import { idPattern } from '../src/ids.js';
import { saveProduct } from '../src/products/save-product.js';
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

describe.each(DRIVERS)('fiscal document ingest on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let a: TestMerchant;
  let b: TestMerchant;
  let till: ActiveTerminal;
  let till2: ActiveTerminal;
  let tillOfB: ActiveTerminal;
  let bread: string;
  let milk: string;
  let productOfB: string;

  const push = (documents: unknown, terminal = till) =>
    device(cloud, terminal, 'POST', '/documents', { documents });
  const pushOk = async (documents: PushedDocument[], terminal = till): Promise<string[]> => {
    const res = await push(documents, terminal);
    expect(res.status, res.text).toBe(200);
    const results = res.json().results as { operationId: string; outcome: string }[];
    expect(results.map((r) => r.operationId)).toEqual(documents.map((d) => d.operationId));
    return results.map((r) => r.outcome);
  };
  /** On-hand once the consumer has applied what the pushes left pending. */
  const onHand = async (productId: string): Promise<number> => {
    await cloud.stockApplier.pass();
    const [row] = await database.db.select().from(products).where(eq(products.id, productId));
    return row!.onHandMilli;
  };
  /** The ledger and the column agree, always. */
  const ledgerSum = async (productId: string): Promise<number> => {
    const [row] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${stockMovements.deltaMilli}), 0)` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId));
    return Number(row!.sum);
  };
  const countEvents = async (merchantId: string, type: string): Promise<number> => {
    const rows = await database.db
      .select()
      .from(events)
      .where(and(eq(events.merchantId, merchantId), eq(events.type, type)));
    return rows.length;
  };
  const sales = (merchant: TestMerchant, query = '') =>
    call(cloud, 'GET', `/api/public/v1/sales${query}`, { key: merchant.key.key });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    a = await seedMerchant(database, { name: 'A' });
    b = await seedMerchant(database, { name: 'B' });
    const product = (merchantId: string, code: string) =>
      saveProduct(database.db, merchantId, {
        code,
        name: { ro: code },
        priceMinor: 1000,
        vatCode: 'B',
        unit: 'pcs',
        onHandMilli: 100_000,
      });
    bread = (await product(a.merchantId, 'BREAD')).id;
    milk = (await product(a.merchantId, 'MILK')).id;
    productOfB = (await product(b.merchantId, 'B-SECRET')).id;
    till = await activeTerminal(cloud, a.merchantId, 'Casa 1');
    till2 = await activeTerminal(cloud, a.merchantId, 'Casa 2');
    tillOfB = await activeTerminal(cloud, b.merchantId, 'B 1');
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('creates, ignores a retried batch, and updates on a higher revision only', async () => {
    const sale = fiscalDocument([{ productId: bread, quantityMilli: 2000 }], {
      status: 'offline',
      fiscalCode: null,
      offlineFiscalCode: 'OFF-1',
    });
    const cash = fiscalDocument([], { type: 'cash_in', receiptNumber: null, saleId: null, total: 5000 });
    const before = await onHand(bread);
    expect(await pushOk([sale, cash])).toEqual(['created', 'created']);
    expect(await onHand(bread)).toBe(before - 2000);

    // The same push again (a lost answer): nothing changes, no event.
    const events0 = await countEvents(a.merchantId, 'sale.created');
    expect(await pushOk([sale, cash])).toEqual(['unchanged', 'unchanged']);
    expect(await onHand(bread)).toBe(before - 2000);
    expect(await countEvents(a.merchantId, 'sale.created')).toBe(events0);

    // Registered later: revision 2 updates the fiscal fields; revision 1 again is stale.
    const synced = { ...sale, revision: 2, status: 'synced' as const, fiscalCode: 'FC-9' };
    expect(await pushOk([synced])).toEqual(['updated']);
    expect(await pushOk([sale, synced])).toEqual(['unchanged', 'unchanged']);
    expect(await onHand(bread)).toBe(before - 2000);

    const list = (await sales(a)).json().data as {
      operationId: string;
      status: string;
      fiscalCode: string;
    }[];
    const stored = list.find((s) => s.operationId === sale.operationId)!;
    expect(stored).toMatchObject({ status: 'synced', fiscalCode: 'FC-9' });
    // A cash operation is a fiscal document but not a sale.
    expect(list.some((s) => s.operationId === cash.operationId)).toBe(false);
  });

  it('keeps stock exact through sales, refunds and a refusal, the ledger equal to the column', async () => {
    const [b0, m0] = [await onHand(bread), await onHand(milk)];
    const sale = fiscalDocument([
      { productId: bread, quantityMilli: 3000 },
      { productId: milk, quantityMilli: 1500 },
      { productId: null, quantityMilli: 1000 },
    ]);
    const refund = fiscalDocument([{ productId: bread, quantityMilli: 1000 }], {
      type: 'refund',
      saleId: sale.saleId,
      refundId: randomUUID(),
    });
    const refused = fiscalDocument([{ productId: milk, quantityMilli: 4000 }], { status: 'sent' });
    expect(await pushOk([sale, refund, refused])).toEqual(['created', 'created', 'created']);
    expect(await onHand(bread)).toBe(b0 - 3000 + 1000);
    expect(await onHand(milk)).toBe(m0 - 1500 - 4000);

    // The tax server refused it: the stock comes back, once, however often the update arrives.
    const failed = { ...refused, revision: 2, status: 'failed' as const };
    expect(await pushOk([failed])).toEqual(['updated']);
    expect(await pushOk([failed, { ...failed, revision: 3 }])).toEqual(['unchanged', 'updated']);
    expect(await onHand(milk)).toBe(m0 - 1500);

    // Refused at once (and pushed with its first revision twice in one push): net nothing.
    const born = fiscalDocument([{ productId: bread, quantityMilli: 7000 }]);
    const bornFailed = { ...born, revision: 2, status: 'failed' as const };
    expect(await pushOk([born, bornFailed, born])).toEqual(['created', 'updated', 'unchanged']);
    expect(await onHand(bread)).toBe(b0 - 2000);

    for (const id of [bread, milk]) expect(await ledgerSum(id)).toBe(await onHand(id));
  });

  it('answers created for a document first seen already refused, moving nothing', async () => {
    const m0 = await onHand(milk);
    const doc = fiscalDocument([{ productId: milk, quantityMilli: 5000 }], { status: 'failed' });
    expect(await pushOk([doc])).toEqual(['created']);
    expect(await onHand(milk)).toBe(m0);
    expect(await ledgerSum(milk)).toBe(m0);
  });

  it('keeps terminals apart: the same operation id on two terminals is two documents', async () => {
    const doc = fiscalDocument([{ productId: bread, quantityMilli: 1000 }]);
    const b0 = await onHand(bread);
    expect(await pushOk([doc], till)).toEqual(['created']);
    expect(await pushOk([doc], till2)).toEqual(['created']);
    // Stock source ids are `<operationId>:<position>` per merchant: to the ledger the second
    // terminal's identical id is a retry (a UUID collision, which only a faulty device makes).
    expect(await onHand(bread)).toBe(b0 - 1000);
    const page = (await sales(a, `?terminalId=${till2.terminalId}`)).json().data as { terminalId: string }[];
    expect(page.length).toBe(1);
    expect(page[0]!.terminalId).toBe(till2.terminalId);
  });

  it("isolates merchants: B's product in A's receipt moves nothing; A never reads B's sales", async () => {
    const b0 = await onHand(productOfB);
    const doc = fiscalDocument([
      { productId: productOfB, quantityMilli: 9000 },
      { productId: 'prod_doesnotexist', quantityMilli: 1000 },
    ]);
    expect(await pushOk([doc], till)).toEqual(['created']);
    expect(await onHand(productOfB)).toBe(b0);

    const secret = fiscalDocument([{ productId: productOfB, quantityMilli: 1000 }], {
      fiscalCode: 'B-SECRET-CODE',
    });
    expect(await pushOk([secret], tillOfB)).toEqual(['created']);
    expect(await onHand(productOfB)).toBe(b0 - 1000);
    const [bSale] = (await sales(b)).json().data as { id: string }[];
    expect((await call(cloud, 'GET', `/api/public/v1/sales/${bSale!.id}`, { key: a.key.key })).status).toBe(
      404,
    );
    expect((await sales(a)).text).not.toContain('B-SECRET-CODE');
    expect((await sales(a, `?terminalId=${tillOfB.terminalId}`)).json().data).toEqual([]);
    // A's device pushing B's operation id creates A's own document; B's stays as it was.
    expect(await pushOk([{ ...secret, revision: 5, status: 'failed' }], till)).toEqual(['created']);
    expect(await onHand(productOfB)).toBe(b0 - 1000);
    const bDetail = await call(cloud, 'GET', `/api/public/v1/sales/${bSale!.id}`, { key: b.key.key });
    expect(bDetail.json()).toMatchObject({ status: 'synced', revision: 1 });
  });

  it('keeps stock exact when terminals push the same products at once, and a retry races its original', async () => {
    const [b0, m0] = [await onHand(bread), await onHand(milk)];
    const pushes = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: 5 }, () =>
        fiscalDocument([
          // Opposite orders across pushes: locks must still be taken in one order.
          { productId: i % 2 ? bread : milk, quantityMilli: 1000 },
          { productId: i % 2 ? milk : bread, quantityMilli: 2000 },
        ]),
      ),
    );
    const tills = [till, till2];
    const answers = await Promise.all([
      ...pushes.map((docs, i) => push(docs, tills[i % 2])),
      // The first push again at the same time, from the same terminal: one of the two stores it.
      push(pushes[0], tills[0]),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const [first, retry] = [answers[0].json().results, answers.at(-1)!.json().results] as {
      outcome: string;
    }[][];
    first!.forEach((r, i) =>
      expect([r.outcome, retry![i]!.outcome].sort()).toEqual(['created', 'unchanged']),
    );
    expect(await onHand(bread)).toBe(b0 - 8 * 5 * 1500);
    expect(await onHand(milk)).toBe(m0 - 8 * 5 * 1500);
    for (const id of [bread, milk]) expect(await ledgerSum(id)).toBe(await onHand(id));
  });

  it('answers each push of a group alone when the group fails: one bad push fails, the rest are stored once', async () => {
    const b0 = await onHand(bread);
    const good = [1000, 2000].map((q) => fiscalDocument([{ productId: bread, quantityMilli: q }]));
    // Started in the same moment by one terminal, they wait for the same group; the first names
    // a merchant that does not exist, which the database refuses (foreign key).
    const answers = await Promise.allSettled([
      ingestDocuments(database.db, { merchantId: 'mer_gone', terminalId: till.terminalId }, [
        fiscalDocument([{ productId: bread, quantityMilli: 500 }]),
      ]),
      ingestDocuments(database.db, { merchantId: a.merchantId, terminalId: till.terminalId }, [good[0]!]),
      ingestDocuments(database.db, { merchantId: a.merchantId, terminalId: till.terminalId }, [good[1]!]),
    ]);
    expect(answers.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    for (const r of answers.slice(1))
      expect(r.status === 'fulfilled' && r.value.results.map((x) => x.outcome)).toEqual(['created']);
    expect(await onHand(bread)).toBe(b0 - 3000);
    expect(await ledgerSum(bread)).toBe(await onHand(bread));
    expect(await pushOk(good)).toEqual(['unchanged', 'unchanged']);
  });

  it("applies one terminal's pushes sent at once in the order they arrived, even in one group", async () => {
    const b0 = await onHand(bread);
    const updates0 = await countEvents(a.merchantId, 'sale.updated');
    const doc = fiscalDocument([{ productId: bread, quantityMilli: 4000 }]);
    const refused = { ...doc, revision: 2, status: 'failed' as const };
    const device = { merchantId: a.merchantId, terminalId: till.terminalId };
    // Both wait for the same group: the sale first, then its refusal.
    const [first, second] = await Promise.all([
      ingestDocuments(database.db, device, [doc]),
      ingestDocuments(database.db, device, [refused]),
    ]);
    expect([first.results[0]!.outcome, second.results[0]!.outcome]).toEqual(['created', 'updated']);
    expect(await onHand(bread)).toBe(b0);
    expect(await ledgerSum(bread)).toBe(await onHand(bread));
    expect(await countEvents(a.merchantId, 'sale.updated')).toBe(updates0 + 1);
  });

  it('keeps each push its own answer when many terminals push the same documents at once', async () => {
    const b0 = await onHand(bread);
    const docs = Array.from({ length: 6 }, () => fiscalDocument([{ productId: bread, quantityMilli: 1000 }]));
    const refused = docs.map((d) => ({ ...d, revision: 2, status: 'failed' as const }));
    // Each terminal pushes the six, then the six refused, then the six first revisions again;
    // the two terminals' pushes run at once and land in shared groups.
    const tills = [till, till2];
    const outcomes = await Promise.all(
      tills.map(async (t) => [await pushOk(docs, t), await pushOk(refused, t), await pushOk(docs, t)]),
    );
    for (const perTerminal of outcomes)
      expect(perTerminal).toEqual([
        docs.map(() => 'created'),
        docs.map(() => 'updated'),
        docs.map(() => 'unchanged'),
      ]);
    // Stock source ids are per merchant: each sale and its reversal moved stock once, net nothing.
    expect(await onHand(bread)).toBe(b0);
    expect(await ledgerSum(bread)).toBe(await onHand(bread));
  });

  it('refuses bad input with 400 problem details and stores nothing', async () => {
    const good = fiscalDocument([{ productId: bread, quantityMilli: 1000 }]);
    const bad: unknown[] = [
      null,
      'text',
      [],
      [{}],
      [{ ...good, operationId: 'not-a-uuid' }],
      [{ ...good, revision: 0 }],
      [{ ...good, revision: 2 ** 31 }],
      [{ ...good, revision: 1.5 }],
      [{ ...good, total: -100 }],
      // Only a report's amounts are signed: a receipt's or cash operation's type gives the direction.
      [{ ...good, vat: [{ ...good.vat[0]!, vatAmount: -1 }] }],
      [{ ...good, type: 'refund', refundId: 'r-1', payments: [{ code: '1', amount: -1 }] }],
      [{ ...good, type: 'cash_out', lines: [], vat: [], total: -1, payments: [] }],
      [{ ...good, total: 1e20 }],
      [{ ...good, type: 'gift' }],
      [{ ...good, status: 'success' }],
      [{ ...good, createdAt: 'yesterday' }],
      [{ ...good, payments: [{ code: '4', amount: 1 }] }],
      [{ ...good, lines: [good.lines[0], good.lines[0]] }],
      [{ ...good, lines: [{ ...good.lines[0], quantityMilli: 0 }] }],
      [{ ...good, lines: [{ ...good.lines[0], vatCode: 'Z' }] }],
      [{ ...good, lines: [{ ...good.lines[0], name: 'a\u0000b' }] }],
      Array.from({ length: 201 }, () => fiscalDocument([])),
    ];
    const b0 = await onHand(bread);
    for (const documents of bad) {
      const res = await push(documents);
      expect(res.status, JSON.stringify(documents).slice(0, 200)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    const raw = await fetch(`${cloud.url}/api/device/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${till.deviceCredential}`, 'content-type': 'application/json' },
      body: '{"documents": [',
    });
    expect(raw.status).toBe(400);
    expect(await onHand(bread)).toBe(b0);
    // A valid document beside an invalid one: the whole push is refused, the valid one not stored.
    expect((await push([good, { ...good, operationId: randomUUID(), total: -1 }])).status).toBe(400);
    expect(await pushOk([good])).toEqual(['created']);
  });

  it('serves sales with lines, payments, VAT and codes, filtered and paged', async () => {
    const fresh = await activeTerminal(cloud, a.merchantId, 'Casa 3');
    const t0 = Date.parse('2026-03-01T10:00:00.000Z');
    const docs = Array.from({ length: 5 }, (_, i) =>
      fiscalDocument([{ productId: milk, quantityMilli: 1250, unitPrice: 1999 }], {
        createdAt: new Date(t0 + i * 60_000).toISOString(),
        receiptNumber: i + 1,
        ...(i === 4 ? { type: 'refund' as const, refundId: 'r-1' } : {}),
      }),
    );
    await pushOk(docs, fresh);
    const q = `?terminalId=${fresh.terminalId}`;
    const all = (await sales(a, q)).json().data as { id: string; type: string }[];
    expect(all.map((s) => s.type)).toEqual(['sale', 'sale', 'sale', 'sale', 'refund']);
    expect((await sales(a, `${q}&type=refund`)).json().data).toHaveLength(1);
    const window = `${q}&from=2026-03-01T10:01:00Z&to=2026-03-01T10:03:00Z`;
    expect(((await sales(a, window)).json().data as unknown[]).length).toBe(2);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = (await sales(a, `${q}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...(page.data as { id: string }[]).map((s) => s.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.map((s) => s.id));

    const detail = await call(cloud, 'GET', `/api/public/v1/sales/${all[0]!.id}`, { key: a.key.key });
    expect(detail.status).toBe(200);
    expect(detail.json()).toMatchObject({
      type: 'sale',
      terminalId: fresh.terminalId,
      currency: 'MDL',
      total: 24.99,
      fiscalCode: 'FC-1',
      receiptNumber: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      vat: [{ code: 'B', rate: 20, taxableAmount: 20.82, vatAmount: 4.17 }],
      payments: [{ code: '1', amount: 24.99 }],
      lines: [
        { position: 0, productId: milk, quantity: 1.25, unitPrice: 19.99, amount: 24.99, vatCode: 'B' },
      ],
    });
    for (const bad of ['?limit=0', '?type=cash_in', '?from=yesterday', '?cursor=zzz'])
      expect((await sales(a, bad)).status, bad).toBe(400);
    expect((await call(cloud, 'GET', '/api/public/v1/sales/fdoc_nope', { key: a.key.key })).status).toBe(404);
  });

  it('follows receipts by change with updatedSince: late ones, revisions, paged in updatedAt order', async () => {
    const own = await activeTerminal(cloud, a.merchantId, 'Casa sync');
    const q = `?terminalId=${own.terminalId}`;
    type Synced = { operationId: string; status: string; updatedAt: string; createdAt: string };
    /** Every page changed at or after `since`, 2 to a page. */
    const syncRead = async (since: string) => {
      const read: Synced[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await sales(a, `${q}&updatedSince=${since}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status, res.text).toBe(200);
        const page = res.json() as { data: Synced[]; nextCursor: string | null };
        read.push(...page.data);
        cursor = page.nextCursor;
      }
      return read;
    };
    const today = fiscalDocument([{ productId: null, quantityMilli: 1000 }]);
    await pushOk([today], own);
    const [first] = await syncRead('1970-01-01T00:00:00.000Z');
    expect(first!.operationId).toBe(today.operationId);

    // Issued last week while offline, pushed now; and today's sale registered at last.
    const lastWeek = fiscalDocument([{ productId: null, quantityMilli: 1000 }], {
      createdAt: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      status: 'offline',
      fiscalCode: null,
      offlineFiscalCode: 'OFF-7',
    });
    const sameDay = fiscalDocument([{ productId: null, quantityMilli: 1000 }]);
    await pushOk([lastWeek, sameDay], own);
    await pushOk([{ ...today, revision: 2, status: 'failed' as const }], own);
    const later = await syncRead(first!.updatedAt);
    expect(later.map((s) => s.operationId).sort()).toEqual(
      [today.operationId, lastWeek.operationId, sameDay.operationId].sort(),
    );
    expect(later.map((s) => s.updatedAt)).toEqual(later.map((s) => s.updatedAt).sort());
    expect(later.find((s) => s.operationId === today.operationId)!.status).toBe('failed');
    // By issue time, last week's receipt sorts first: a client paging by it would have missed it.
    expect(((await sales(a, q)).json().data as Synced[])[0]!.operationId).toBe(lastWeek.operationId);
  });

  it('emits sale.created, sale.updated, refund.created and inventory.updated to subscribers', async () => {
    const endpointId = 'we_ingesttest000000000000';
    await database.db.insert(webhookEndpoints).values({
      id: endpointId,
      merchantId: a.merchantId,
      url: 'https://127.0.0.1:9/hook',
      events: ['sale.created', 'sale.updated', 'refund.created', 'inventory.updated'],
      secretCiphertext: testSecrets.seal('whsec_AAAA', endpointId).ciphertext,
      secretKeyId: testSecrets.currentKeyId,
      status: 'enabled',
    });
    await cloud.stockApplier.pass(); // what earlier tests left pending is not this test's
    const before = await database.db.query.webhookDeliveries.findMany({
      where: (d, { eq: is }) => is(d.endpointId, endpointId),
    });
    const sale = fiscalDocument([
      { productId: bread, quantityMilli: 1000 },
      { productId: milk, quantityMilli: 1000 },
    ]);
    const refund = fiscalDocument([{ productId: bread, quantityMilli: 1000 }], { type: 'refund' });
    await pushOk([sale, refund]);
    await cloud.stockApplier.pass();
    await pushOk([{ ...sale, revision: 2, status: 'failed' }]);
    await cloud.stockApplier.pass();
    const delivered = await database.db.query.webhookDeliveries.findMany({
      where: (d, { eq: is }) => is(d.endpointId, endpointId),
    });
    const types = await Promise.all(
      delivered
        .filter((d) => !before.some((x) => x.id === d.id))
        .map(async (d) => (await database.db.select().from(events).where(eq(events.id, d.eventId)))[0]!),
    );
    const count = (type: string) => types.filter((e) => e.type === type).length;
    expect(count('sale.created')).toBe(1);
    expect(count('refund.created')).toBe(1);
    expect(count('sale.updated')).toBe(1);
    // First push: bread nets to zero (sold one, refunded one), milk moved; the refusal: both back.
    expect(count('inventory.updated')).toBe(3);
    const updated = types.find((e) => e.type === 'sale.updated')!.data as {
      object: { operationId: string; status: string };
      previousAttributes: Record<string, unknown>;
    };
    expect(updated.object).toMatchObject({ operationId: sale.operationId, status: 'failed' });
    expect(updated.previousAttributes).toEqual({ revision: 1, status: 'synced' });
  });

  // The ingest stores a receipt's events in the statement that writes the row, with the times
  // the database gives it: each event shows the sale as the sales API shows it then.
  it('emits the sale as the sales API shows it, its received and updated times included', async () => {
    const sale = fiscalDocument([{ productId: bread, quantityMilli: 1000 }]);
    const eventOf = async (type: string) => {
      const [event] = await database.db
        .select()
        .from(events)
        .where(
          and(eq(events.type, type), sql`${events.data}->'object'->>'operationId' = ${sale.operationId}`),
        );
      return (event!.data as { object: { id: string } }).object;
    };
    await pushOk([sale]);
    const created = await eventOf('sale.created');
    expect(created).toEqual((await sales(a, `/${created.id}`)).json());
    await pushOk([{ ...sale, revision: 2, status: 'failed' }]);
    expect(await eventOf('sale.updated')).toEqual((await sales(a, `/${created.id}`)).json());
  });

  // The consumer renders inventory.updated in SQL, beside the update (pending-stock.ts): it must
  // say what the inventory resource says, fractions and the timestamp's form included.
  it('announces each changed product as the inventory resource shows it after the push', async () => {
    const sale = fiscalDocument([
      { productId: bread, quantityMilli: 1_250 },
      { productId: milk, quantityMilli: 333 },
    ]);
    await pushOk([sale]);
    await cloud.stockApplier.pass();
    for (const [productId, code] of [
      [bread, 'BREAD'],
      [milk, 'MILK'],
    ] as const) {
      const [event] = await database.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.type, 'inventory.updated'),
            sql`${events.data}->'object'->>'productId' = ${productId}`,
          ),
        )
        .orderBy(sql`${events.createdAt} desc`)
        .limit(1);
      const resource = await call(cloud, 'GET', `/api/public/v1/inventory?productCode=${code}`, {
        key: a.key.key,
      });
      expect(resource.status).toBe(200);
      expect(event!.id).toMatch(idPattern('evt'));
      expect(event!.data).toEqual({ object: resource.json() });
      expect((event!.data as { object: { onHand: number } }).object.onHand % 1).not.toBe(0);
    }
  });
});
