/**
 * Returns (POST /api/sales/{saleId}/refund) over real HTTP, with the real mev-sim and card-sim
 * processes: partial and full returns that add up exactly, the refusals, the cash drawer, card
 * money given back on the card terminal once, the offline path, replays and the reports.
 */
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start();
});

afterEach(async () => {
  await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
});

interface Result {
  saleId: string;
  refundId: string;
  total: number;
  status: string;
  isOffline: boolean;
  fiscalOperationId: string;
  vatBreakdown: Record<string, { vatAmount: number; totalWithVat: number }>;
  paymentBreakdown: { type: string; amount: number }[];
  payments: { card: { rrn: string; authCode: string | null } | null }[];
  items: { returnedQuantity: number }[];
  refunds: { refundId: string; status: string; total: number }[];
}

/** Three lines over two VAT codes with a cart discount: shares that do not divide evenly. */
const mixedSale = {
  items: [
    { name: 'Tea', unitPrice: 19.99, quantity: 3, vatCode: 'B' },
    { name: 'Bread', unitPrice: 7.35, quantity: 7, vatCode: 'A' },
    { name: 'Salt', unitPrice: 3.33, quantity: 1.5, vatCode: 'B', allowDecimals: true },
  ],
  cartDiscount: { percent: 0, absolute: 1.01 },
  payments: [{ type: '1', amount: 120 }],
  amountReceived: 120,
  change: 120 - (59.97 + 51.45 + 5 - 1.01),
};

async function ok(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await terminal.call(method, path, body, headers);
  expect(res.body.error ?? null, `${method} ${path}`).toBeNull();
  expect(res.status).toBe(200);
  return res.body.data as Result;
}

const cents = (n: number) => Math.round(n * 100);
const refundOf = (saleId: string, body: unknown, headers?: Record<string, string>) =>
  terminal.call('POST', `/api/sales/${saleId}/refund`, body, headers);

describe('POST /api/sales/{saleId}/refund', () => {
  it('gives back the sale exactly over several partial returns, VAT per code included', async () => {
    const sale = await ok('POST', '/api/sales', {
      ...mixedSale,
      change: Number(mixedSale.change.toFixed(2)),
    });
    const parts = [
      {
        items: [
          { index: 0, quantity: 1 },
          { index: 1, quantity: 3 },
        ],
      },
      {
        items: [
          { index: 1, quantity: 2 },
          { index: 2, quantity: 0.5 },
        ],
      },
      {},
    ];
    const refunds: Result[] = [];
    for (const part of parts) refunds.push(await ok('POST', `/api/sales/${sale.saleId}/refund`, part));
    expect(refunds.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    expect(refunds.reduce((s, r) => s + cents(r.total), 0)).toBe(cents(sale.total));
    for (const code of Object.keys(sale.vatBreakdown)) {
      const returned = refunds.reduce((s, r) => s + cents(r.vatBreakdown[code]?.vatAmount ?? 0), 0);
      expect(returned, `VAT ${code}`).toBe(cents(sale.vatBreakdown[code]!.vatAmount));
    }
    // Paid in cash: all of it comes back in cash.
    expect(refunds.flatMap((r) => r.paymentBreakdown.map((p) => p.type))).toEqual(['1', '1', '1']);

    const detail = await ok('GET', `/api/sales/${sale.saleId}`);
    expect(detail.items.map((i) => i.returnedQuantity)).toEqual([3, 7, 1.5]);
    expect(detail.refunds.map((r) => r.refundId)).toEqual(refunds.map((r) => r.refundId));

    const listed = await terminal.call('GET', `/api/fiscal/operations?type=refund`);
    const ids = (listed.body.data as { operations: { id: string }[] }).operations.map((o) => o.id);
    for (const r of refunds) expect(ids).toContain(r.fiscalOperationId);

    const nothingLeft = await refundOf(sale.saleId, {});
    expect(nothingLeft.status).toBe(400);
    expect(nothingLeft.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items', code: 'REFUND_QUANTITY_INVALID' }),
    ]);
  });

  it('refuses what was not sold, an unknown sale, and payments that do not add up, writing nothing', async () => {
    const sale = await ok('POST', '/api/sales', cashSale(50));
    const before = terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM refunds').get() as { n: number };
    const beyond = await refundOf(sale.saleId, {
      items: [
        { index: 0, quantity: 2 },
        { index: 5, quantity: 1 },
      ],
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error!.details!.map((d) => [d.field, d.code])).toEqual([
      ['items[0].quantity', 'REFUND_QUANTITY_INVALID'],
      ['items[1].index', 'REFUND_ITEM_INVALID'],
    ]);
    const mismatch = await refundOf(sale.saleId, { payments: [{ type: '1', amount: 10 }] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error!.details!.map((d) => d.code)).toEqual(['PAYMENT_SUM_MISMATCH']);
    const unknown = await refundOf('1b4e28ba-2fa1-11d2-883f-0016d3cca427', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error!.code).toBe('SALE_NOT_FOUND');
    const malformed = await refundOf(sale.saleId, {
      items: [{ index: -1, quantity: 0 }],
      reason: 'x'.repeat(101),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error!.details!.map((d) => d.code).sort()).toEqual(
      ['REASON_TOO_LONG', 'REFUND_ITEM_INVALID', 'REFUND_QUANTITY_INVALID'].sort(),
    );
    expect(terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual(before);
  });

  it('a free line alone (worth 0.00) is refused as a zero total, CALCULATION_TOTAL_ZERO; with a paid line it goes back', async () => {
    const sold = await terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      items: [
        { name: 'Paid', unitPrice: 10, quantity: 1, vatCode: 'B' },
        { name: 'Free gift', unitPrice: 5, quantity: 1, vatCode: 'B', discountPercent: 100 },
      ],
    });
    expect(sold.status).toBe(200);
    const saleId = sold.body.data!.saleId as string;
    const alone = await terminal.call('POST', `/api/sales/${saleId}/refund`, {
      items: [{ index: 1, quantity: 1 }],
      printReceipt: false,
    });
    expect([alone.status, alone.body.error!.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(alone.body.error!.details).toEqual([
      expect.objectContaining({ field: 'total', code: 'CALCULATION_TOTAL_ZERO' }),
    ]);
    expect(alone.body.error!.details![0]!.message).toMatch(/0\.00/);
    const both = await terminal.call('POST', `/api/sales/${saleId}/refund`, {
      items: [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 1 },
      ],
      printReceipt: false,
    });
    expect([both.status, both.body.data?.total]).toEqual([200, 10]);
  });

  it('takes cash from the drawer: 409 INSUFFICIENT_CASH_BALANCE when it holds less', async () => {
    const sale = await ok('POST', '/api/sales', cashSale(30));
    const summary = (await terminal.call('GET', '/api/fiscal/daily-summary')).body.data as {
      cashBalance: number;
    };
    await ok('POST', '/api/cash/out', { amount: summary.cashBalance });
    const refused = await refundOf(sale.saleId, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error!.code).toBe('INSUFFICIENT_CASH_BALANCE');
    await ok('POST', '/api/cash/in', { amount: 30 });
    expect((await ok('POST', `/api/sales/${sale.saleId}/refund`, {})).total).toBe(30);
  });

  it('a sale the fiscal server refused was never sold: 409 SALE_NOT_REFUNDABLE', async () => {
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'fault' });
    const refused = await terminal.call('POST', '/api/sales', cashSale(12));
    expect(refused.status).toBe(502);
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    const row = terminal.runtime.db
      .prepare(`SELECT s.id FROM sales s JOIN fiscal_operations o ON o.seq = s.seq WHERE o.status = 'failed'`)
      .get() as { id: string };
    const res = await refundOf(row.id, {});
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('SALE_NOT_REFUNDABLE');
  });

  it('gives card money back on the card terminal by RRN; the card endpoints refuse a sale that stands', async () => {
    const sale = await ok('POST', '/api/sales', {
      ...cashSale(45),
      payments: [{ type: '2', amount: 45 }],
      change: 0,
    });
    const card = sale.payments[0]!.card!;
    const cardRefund = { rrn: card.rrn, amount: 10, authCode: card.authCode };
    // Money of a sale that stands goes back by its fiscal refund, never without a document.
    const standalone = await terminal.call('POST', '/api/card/refund', cardRefund);
    expect(standalone.status).toBe(409);
    expect(standalone.body.error!.code).toBe('FISCAL_REFUND_REQUIRED');
    const refund = await ok('POST', `/api/sales/${sale.saleId}/refund`, {});
    expect(refund.total).toBe(45);
    expect(refund.paymentBreakdown).toEqual([{ type: '2', amount: 45 }]);
    const [purchase] = (await listCardTransactions(env.cardSim.adminUrl, { operation: 'purchase' })).filter(
      (t) => t.rrn === card.rrn,
    );
    expect(purchase!.refunded).toBe(4500);
    const rows = terminal.runtime.db
      .prepare(
        `SELECT amount, card_transaction_id FROM refund_payments WHERE refund_id = ? ORDER BY position`,
      )
      .all(refund.refundId);
    expect(rows).toEqual([{ amount: 4500, card_transaction_id: expect.any(String) }]);
    // And after it: nothing for the card endpoint to give.
    const again = await terminal.call('POST', '/api/card/refund', { ...cardRefund, amount: 1 });
    expect(again.status).toBe(409);
  });

  it('a declined card refund writes no document and leaves the card untouched', async () => {
    const sale = await ok('POST', '/api/sales', {
      ...cashSale(20),
      payments: [{ type: '2', amount: 20 }],
      change: 0,
    });
    await setCardFault(env.cardSim.adminUrl, { mode: 'decline', operations: ['refund'] });
    const before = terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM refunds').get();
    const res = await refundOf(sale.saleId, {});
    expect(res.status).toBe(402);
    expect(res.body.error!.code).toBe('CARD_PAYMENT_DECLINED');
    expect(terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual(before);
  });

  it('is stored offline when the fiscal server is away and registered once it is back', async () => {
    const sale = await ok('POST', '/api/sales', cashSale(25));
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'down' });
    const refund = await ok('POST', `/api/sales/${sale.saleId}/refund`, {
      items: [{ index: 0, quantity: 1 }],
    });
    expect(refund).toMatchObject({ isOffline: true, status: 'offline' });
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    await waitUntil('the offline refund is registered', () => {
      const op = terminal.runtime.db
        .prepare('SELECT status FROM fiscal_operations WHERE id = ?')
        .get(refund.fiscalOperationId) as { status: string };
      return op.status === 'success';
    });
  });

  it('answers a retry with the same Idempotency-Key from storage, returning nothing twice', async () => {
    const sale = await ok('POST', '/api/sales', cashSale(40));
    const headers = { 'Idempotency-Key': `refund-${sale.saleId}` };
    const first = await refundOf(sale.saleId, { items: [{ index: 0, quantity: 1 }] }, headers);
    const second = await refundOf(sale.saleId, { items: [{ index: 0, quantity: 1 }] }, headers);
    expect(second.headers.get('x-idempotency-replayed')).toBe('true');
    expect(second.body.data).toEqual(first.body.data);
    const detail = await ok('GET', `/api/sales/${sale.saleId}`);
    expect(detail.refunds).toHaveLength(1);
  });

  it('counts returns in the X report and takes their cash out of the drawer', async () => {
    const xReport = async () =>
      (
        (await terminal.call('POST', '/api/reports/x', { printReport: false })).body.data as {
          reportData: { totalReturns: number; returnsCount: number; cashBalance: number };
        }
      ).reportData;
    const before = await xReport();
    const sale = await ok('POST', '/api/sales', cashSale(60));
    const refund = await ok('POST', `/api/sales/${sale.saleId}/refund`, {});
    const after = await xReport();
    expect(after.returnsCount).toBe(before.returnsCount + 1);
    expect(cents(after.totalReturns) - cents(before.totalReturns)).toBe(cents(refund.total));
    expect(cents(after.cashBalance) - cents(before.cashBalance)).toBe(cents(60) - cents(refund.total));
  });
});
