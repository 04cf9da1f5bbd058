import { setFaultMode } from '@fiscal-pos/mev-sim';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, useFiscalTerminal, type Enveloped } from '../support/terminal-harness.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// The receivers listen on loopback, which only a test lets the webhook reach
// (delivery-lot-webhook-guard.test.ts: what a terminal refuses).
const ctx = useFiscalTerminal({ config: { lotWebhookTimeoutMs: 400, lotWebhookAllowLoopback: true } });

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(200);
});
afterAll(async () => {
  await receiver.close();
});

const lotRequest = (extra: Record<string, unknown> = {}) => ({
  reference: 'ERP-1001',
  lines: [
    { lotLineId: 'bread', productId: 'SKU-1', name: 'Bread', quantity: 2, unitPrice: 12.5, vatCode: 'A' },
    { lotLineId: 'milk', name: 'Milk', quantity: 3, unitPrice: 20, vatCode: 'B', discountPercent: 10 },
    { lotLineId: 'jam', name: 'Jam', quantity: 1, unitPrice: 30, vatCode: 'B' },
  ],
  ...extra,
});

async function createLot(extra: Record<string, unknown> = {}) {
  const res = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', lotRequest(extra));
  expect(res.status).toBe(200);
  return res.body.data!;
}

/** A sale of bread in full, one milk of three, no jam, and a bag the cashier added: 25 + 18 + 2. */
function saleFromLot(lotRef: Record<string, unknown>) {
  return {
    ...cashSale(45),
    items: [
      { id: 'SKU-1', lotLineId: 'bread', name: 'Bread', quantity: 2, unitPrice: 12.5, vatCode: 'A' },
      { lotLineId: 'milk', name: 'Milk', quantity: 1, unitPrice: 20, vatCode: 'B', discountPercent: 10 },
      { id: 'BAG', name: 'Bag', quantity: 1, unitPrice: 2, vatCode: 'B' },
    ],
    ...lotRef,
  };
}

async function lot(lotId: string) {
  return (await ctx.terminal.call<Enveloped>('GET', `/api/delivery-lots/${lotId}`)).body.data!;
}

describe('POST /api/delivery-lots', () => {
  it('records an open lot with its QR payload, keeping the caller’s line keys and generating the missing ones', async () => {
    const created = await createLot({
      lines: [...lotRequest().lines, { name: 'Tea', quantity: 1, unitPrice: 5, vatCode: 'B' }],
    });
    expect(created.lotId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.qrPayload).toBe(
      `DL1.${(created.lotId as string).replaceAll('-', '').toUpperCase()}.${created.qrPayload.slice(-10)}`,
    );
    expect(created.qrPayload).toMatch(/^DL1\.[0-9A-F]{32}\.[0-9A-F]{10}$/);
    expect(created.status).toBe('open');
    expect(created.reference).toBe('ERP-1001');
    expect(created.sale).toBeNull();
    expect(created.webhook).toBeNull();
    const keys = (created.lines as { lotLineId: string }[]).map((l) => l.lotLineId);
    expect(keys.slice(0, 3)).toEqual(['bread', 'milk', 'jam']);
    expect(keys[3]).toMatch(/^L4-/);
    expect(created.lines[1]).toMatchObject({ name: 'Milk', quantity: 3, unitPrice: 20, discountPercent: 10 });
    expect(await lot(created.lotId)).toEqual(created);
  });

  it('validates with the sale’s codes at the lot’s field paths', async () => {
    const res = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', {
      lines: [
        { name: '', quantity: 1.5, unitPrice: -1, vatCode: 'Z' },
        { lotLineId: 'x', name: 'A', quantity: 1, unitPrice: 1, vatCode: 'A' },
        { lotLineId: 'x', name: 'B', quantity: 1, unitPrice: 1, vatCode: 'A' },
      ],
      webhookUrl: 'ftp://erp.local/hook',
      expiresAt: 'tomorrow',
    });
    expect(res.status).toBe(400);
    const codes = res.body.error!.details!.map((d) => `${d.field}:${d.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'lines[0].name:ITEM_NAME_INVALID',
        'lines[0].unitPrice:ITEM_PRICE_INVALID',
        'lines[0].vatCode:ITEM_VAT_CODE_INVALID',
        'webhookUrl:WEBHOOK_URL_INVALID',
        'expiresAt:EXPIRES_AT_INVALID',
      ]),
    );
    const empty = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', { lines: [] });
    expect(empty.body.error!.details).toEqual([
      expect.objectContaining({ field: 'lines', code: 'ITEMS_REQUIRED' }),
    ]);
    const twice = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', {
      lines: [
        { lotLineId: 'x', name: 'A', quantity: 1, unitPrice: 1, vatCode: 'A' },
        { lotLineId: 'x', name: 'B', quantity: 1, unitPrice: 1, vatCode: 'A' },
      ],
    });
    expect(twice.body.error!.details).toEqual([
      expect.objectContaining({ field: 'lines[1].lotLineId', code: 'LOT_LINE_ID_INVALID' }),
    ]);
  });

  it('prints a delivery note in Romanian with the merchant’s header, the date, the lines and the total', async () => {
    const printer = ctx.terminal.printer as VirtualPrinter;
    const created = await createLot({ printQr: true });
    await ctx.terminal.paperOut();
    const journal = readFileSync(printer.journalFile, 'utf8');
    // The last document of the journal (documents end at their cut line).
    const note = journal.split(/-+ 8<\n/).at(-2)!;
    const header = ctx.terminal.runtime.receiptHeader();
    expect(note).toContain(header.merchant.name);
    expect(note).toContain('NOTA DE LIVRARE');
    expect(note).toMatch(/REFERINTA\s+ERP-1001/);
    expect(note).toMatch(/DATA \d\d\.\d\d\.\d{4}/);
    // 2 × 12.50 + 3 × 20.00 − 10 % + 1 × 30.00
    expect(note).toMatch(/54\.00/);
    expect(note).toMatch(/TOTAL\s+109\.00/);
    expect(note).toContain(`[QR ${created.qrPayload}]`);
    expect(journal).not.toContain('DELIVERY NOTE');
  });

  it('answers the same lot to a retried Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'lot-retry-1' };
    const first = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', lotRequest(), headers);
    const again = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', lotRequest(), headers);
    expect(again.headers.get('x-idempotency-replayed')).toBe('true');
    expect(again.body.data!.lotId).toBe(first.body.data!.lotId);
  });
});

describe('a sale from a lot', () => {
  it('sells the lot by its QR payload and POSTs exactly what was sold, once, after the answer', async () => {
    const created = await createLot({ webhookUrl: receiver.url });
    const sold = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ qrPayload: created.qrPayload }),
    );
    expect(sold.status).toBe(200);
    const sale = sold.body.data!;
    expect(sale.total).toBe(45);

    const [hook] = await receiver.waitFor(1);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-service-signature']).toBeUndefined();
    expect(hook!.body).toEqual({
      lotId: created.lotId,
      saleId: sale.serverSaleId,
      soldAt: sale.createdAt,
      lines: [
        { lotLineId: 'bread', name: 'Bread', orderedQty: 2, soldQty: 2, status: 'sold' },
        { lotLineId: 'milk', name: 'Milk', orderedQty: 3, soldQty: 1, status: 'modified' },
        { lotLineId: 'jam', name: 'Jam', orderedQty: 1, soldQty: 0, status: 'removed' },
      ],
      extraLines: [{ productId: 'BAG', name: 'Bag', soldQty: 1, status: 'added' }],
    });

    await ctx.terminal.runtime.lotWebhooks.idle();
    const after = await lot(created.lotId);
    expect(after.status).toBe('sold');
    expect(after.sale).toEqual(hook!.body);
    expect(after.webhook).toEqual({ state: 'attempted', outcome: 'delivered', at: expect.any(String) });

    const detail = (await ctx.terminal.call<Enveloped>('GET', `/api/sales/${sale.saleId}`)).body.data!;
    expect(detail.items.map((i: { lotLineId: string | null }) => i.lotLineId)).toEqual([
      'bread',
      'milk',
      null,
    ]);

    // Sold once: by id or by QR, the second sale is refused and nothing more is sent.
    const twice = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ deliveryLotId: created.lotId }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error!.code).toBe('DELIVERY_LOT_NOT_OPEN');
    const cancel = await ctx.terminal.call<Enveloped>('POST', `/api/delivery-lots/${created.lotId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses a mistyped QR payload, an unknown lot, a line the lot does not have, and lines without a lot', async () => {
    const created = await createLot();
    const payload = created.qrPayload as string;
    const mistyped = payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0');
    const bad = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ qrPayload: mistyped }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details).toEqual([
      expect.objectContaining({ field: 'qrPayload', code: 'QR_PAYLOAD_INVALID' }),
    ]);

    const unknown = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ deliveryLotId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error!.code).toBe('DELIVERY_LOT_NOT_FOUND');

    const stranger = saleFromLot({ deliveryLotId: created.lotId });
    stranger.items[0]!.lotLineId = 'cake';
    const strange = await ctx.terminal.call<Enveloped>('POST', '/api/sales', stranger);
    expect(strange.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items[0].lotLineId', code: 'LOT_LINE_ID_INVALID' }),
    ]);

    const noLot = await ctx.terminal.call<Enveloped>('POST', '/api/sales', saleFromLot({}));
    expect(noLot.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items[0].lotLineId', code: 'LOT_LINE_ID_INVALID' }),
      expect.objectContaining({ field: 'items[1].lotLineId', code: 'LOT_LINE_ID_INVALID' }),
    ]);
    expect((await lot(created.lotId)).status).toBe('open');
  });

  it('opens the lot again when the fiscal server refuses its sale, never while its sale stands', async () => {
    // What createSale does with any error of a sale from a lot, even one after the sale was
    // written (a full disk refusing the record of the server's answer: 503, the sale stands and
    // is registered later): the lot must stay sold, or it would be sold a second time.
    const standing = await createLot();
    const sold = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ deliveryLotId: standing.lotId }),
    );
    expect(sold.status).toBe(200);
    ctx.terminal.runtime.lots.reopen(standing.lotId, sold.body.data!.saleId as string);
    expect((await lot(standing.lotId)).status).toBe('sold');

    const refusedLot = await createLot();
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'fault' });
    try {
      const refused = await ctx.terminal.call<Enveloped>(
        'POST',
        '/api/sales',
        saleFromLot({ deliveryLotId: refusedLot.lotId }),
      );
      expect(refused.status).toBe(502);
      expect(refused.body.error!.code).toBe('MEV_ERROR');
    } finally {
      await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    }
    expect((await lot(refusedLot.lotId)).status).toBe('open');
    const again = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ deliveryLotId: refusedLot.lotId }),
    );
    expect(again.status).toBe(200);
  });

  it('cancels an open lot, which then cannot be sold', async () => {
    const created = await createLot();
    const cancelled = await ctx.terminal.call<Enveloped>(
      'POST',
      `/api/delivery-lots/${created.lotId}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', closedAt: expect.any(String) });
    const sale = await ctx.terminal.call<Enveloped>(
      'POST',
      '/api/sales',
      saleFromLot({ deliveryLotId: created.lotId }),
    );
    expect(sale.status).toBe(409);
    expect(sale.body.error!.code).toBe('DELIVERY_LOT_NOT_OPEN');
    const missing = await ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots/nope/cancel');
    expect(missing.status).toBe(404);
    expect(missing.body.error!.code).toBe('DELIVERY_LOT_NOT_FOUND');
  });

  it('does not let a receiver that is down or hangs touch the sale; the outcome is kept on the lot', async () => {
    const down = await startWebhookReceiver();
    const downUrl = down.url;
    await down.close();
    const hanging = await startWebhookReceiver('hang');
    try {
      const toDown = await createLot({ webhookUrl: downUrl });
      const toHanging = await createLot({ webhookUrl: hanging.url });
      for (const target of [toDown, toHanging]) {
        const started = Date.now();
        const res = await ctx.terminal.call<Enveloped>(
          'POST',
          '/api/sales',
          saleFromLot({ deliveryLotId: target.lotId }),
        );
        expect(res.status).toBe(200);
        // The answer never waits for the receiver (the timeout is 400 ms here).
        expect(Date.now() - started).toBeLessThan(400);
      }
      await hanging.waitFor(1);
      await ctx.terminal.runtime.lotWebhooks.idle();
      const refused = await lot(toDown.lotId);
      expect(refused.status).toBe('sold');
      expect(refused.webhook).toMatchObject({ state: 'attempted', outcome: 'failed' });
      const timedOut = await lot(toHanging.lotId);
      expect(timedOut.webhook).toMatchObject({ state: 'attempted', outcome: 'failed' });
      expect(hanging.received).toHaveLength(1);
    } finally {
      await hanging.close();
    }
  });
});

describe('GET /api/delivery-lots', () => {
  it('lists lots newest first, filtered by status, paged', async () => {
    const created = await createLot({ reference: 'LIST-1' });
    const open = (await ctx.terminal.call<Enveloped>('GET', '/api/delivery-lots?status=open&limit=1')).body
      .data!;
    expect(open.limit).toBe(1);
    expect(open.deliveryLots).toHaveLength(1);
    expect(open.deliveryLots[0].lotId).toBe(created.lotId);
    const sold = (await ctx.terminal.call<Enveloped>('GET', '/api/delivery-lots?status=sold')).body.data!;
    expect(sold.deliveryLots.every((l: { status: string }) => l.status === 'sold')).toBe(true);
    expect(sold.total).toBeGreaterThanOrEqual(3);
    const bad = await ctx.terminal.call<Enveloped>('GET', '/api/delivery-lots?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details).toEqual([
      expect.objectContaining({ field: 'status', code: 'STATUS_INVALID' }),
    ]);
  });
});
