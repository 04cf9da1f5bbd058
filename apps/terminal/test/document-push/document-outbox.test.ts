/**
 * The platform outbox on a real terminal (SQLite, mev-sim): every fiscal document gets its row
 * in its own transaction, a change of the fiscal server's status makes it due again, and the
 * document built for the cloud carries the lines with their catalog product ids.
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { describe, expect, it } from 'vitest';
import { platformDocument } from '../../src/document-push/platform-document.js';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal({ card: 'none' });

function documentOf(operationId: string) {
  const rt = ctx.terminal.runtime;
  const due = rt.documentOutbox.due(1000).find((d) => d.operationId === operationId);
  if (!due) return null;
  const op = rt.operations.get(operationId)!;
  const sale = due.saleId ? rt.sales.get(due.saleId)! : null;
  const refund = due.refundId ? rt.refunds.get(due.refundId)! : null;
  return platformDocument(
    op,
    due.revision,
    { sale, refund, refundedSale: refund ? rt.sales.get(refund.saleId)! : null },
    { registrationNumber: rt.receiptHeader().registrationNumber, timeZone: 'Europe/Chisinau' },
    { signedReportAmounts: true },
  );
}

describe('the platform outbox', () => {
  it('holds every fiscal document, with its lines and catalog product ids', async () => {
    const sale = (
      await ctx.terminal.call('POST', '/api/sales', {
        ...cashSale(30),
        items: [
          { id: 'prod_bread', name: 'Pâine', unitPrice: 10, quantity: 2, vatCode: 'B' },
          { name: 'Pungă', unitPrice: 10, quantity: 1, vatCode: 'A' },
        ],
      })
    ).body.data!;
    const refund = (
      await ctx.terminal.call('POST', `/api/sales/${String(sale.saleId)}/refund`, {
        items: [{ index: 0, quantity: 1 }],
      })
    ).body.data!;
    const cash = (await ctx.terminal.call('POST', '/api/cash/in', { amount: 50 })).body.data!;

    const sold = documentOf(String(sale.fiscalOperationId))!;
    expect(sold).toMatchObject({
      type: 'sale',
      status: 'synced',
      total: 3000,
      saleId: sale.saleId,
      refundId: null,
      payments: [{ code: '1', amount: 3000 }],
      // What the receipt printed: its QR code's link, the device's number, the change given.
      registrationNumber: ctx.terminal.runtime.receiptHeader().registrationNumber,
      verificationUrl: sale.qrCodeData,
      change: 0,
    });
    expect(sold.lines).toEqual([
      {
        position: 0,
        productId: 'prod_bread',
        name: 'Pâine',
        quantityMilli: 2000,
        unitPrice: 1000,
        amount: 2000,
        vatCode: 'B',
      },
      {
        position: 1,
        productId: null,
        name: 'Pungă',
        quantityMilli: 1000,
        unitPrice: 1000,
        amount: 1000,
        vatCode: 'A',
      },
    ]);
    const returned = documentOf(String(refund.fiscalOperationId))!;
    expect(returned).toMatchObject({
      type: 'refund',
      total: 1000,
      saleId: sale.saleId,
      refundId: refund.refundId,
      verificationUrl: refund.qrCodeData,
      change: null,
    });
    expect(returned.lines).toEqual([
      {
        position: 0,
        productId: 'prod_bread',
        name: 'Pâine',
        quantityMilli: 1000,
        unitPrice: 1000,
        amount: 1000,
        vatCode: 'B',
      },
    ]);
    expect(documentOf(String(cash.fiscalOperationId))).toMatchObject({
      type: 'cash_in',
      total: 5000,
      lines: [],
      verificationUrl: null,
    });
  });

  it('makes a document due again when the fiscal server’s answer changes it', async () => {
    const rt = ctx.terminal.runtime;
    rt.documentOutbox.confirm(rt.documentOutbox.due(1000));
    expect(rt.documentOutbox.size()).toBe(0);

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });
    const offline = (await ctx.terminal.call('POST', '/api/sales', cashSale(5))).body.data!;
    const first = documentOf(String(offline.fiscalOperationId))!;
    // Queued offline, or already being sent again by the sync worker: not registered yet.
    expect(['offline', 'sent']).toContain(first.status);
    rt.documentOutbox.confirm(rt.documentOutbox.due(1000));
    expect(rt.documentOutbox.size()).toBe(0);

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    rt.syncWorker!.wake();
    const synced = await (async () => {
      for (;;) {
        const now = documentOf(String(offline.fiscalOperationId));
        if (now?.status === 'synced') return now;
        rt.syncWorker!.wake();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    expect(synced.status).toBe('synced');
    expect(synced.revision).toBeGreaterThan(first.revision);
    expect(synced.fiscalCode).not.toBeNull();
  });

  it('sets a refused document aside until the cloud takes it or its state changes', async () => {
    const rt = ctx.terminal.runtime;
    const outbox = rt.documentOutbox;
    // The trigger-kept count health reads is the count of the rows, whatever happened to them.
    const counted = () =>
      rt.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM platform_outbox_refused').get()!.n;
    const expectRefused = (n: number) => {
      expect(outbox.refusedCount()).toBe(n);
      expect(counted()).toBe(n);
    };
    outbox.confirm(outbox.due(1000));

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });
    const offline = (await ctx.terminal.call('POST', '/api/sales', cashSale(7))).body.data!;
    const operationId = String(offline.fiscalOperationId);
    const [doc] = outbox.due(1000);
    expect(doc?.operationId).toBe(operationId);

    // A refusal of a revision that is no longer the document's sets nothing aside.
    outbox.setAside({ ...doc!, revision: doc!.revision - 1 }, 'stale', new Date());
    expectRefused(0);

    outbox.setAside(doc!, 'The cloud answered 400 invalid_request', new Date('2026-11-28T10:00:00Z'));
    expectRefused(1);
    expect(outbox.due(1000)).toEqual([]);
    expect(outbox.refused(0, 10).map((d) => d.operationId)).toEqual([operationId]);
    // Still waiting for the cloud: set aside, never dropped.
    expect(outbox.size()).toBe(1);
    expect(outbox.lastRefusal()).toEqual({
      operationId,
      reason: 'The cloud answered 400 invalid_request',
      at: '2026-11-28T10:00:00.000Z',
    });
    // Refused again: the same row, its reason and time the latest.
    outbox.setAside(doc!, 'again', new Date('2026-11-28T16:00:00Z'));
    expectRefused(1);
    expect(outbox.lastRefusal()?.reason).toBe('again');

    // The fiscal server registers it: a new revision, due as any other document.
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    for (;;) {
      const [now] = outbox.due(1000);
      if (now && now.revision > doc!.revision) break;
      rt.syncWorker!.wake();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expectRefused(0);
    expect(outbox.lastRefusal()).toBeNull();

    // Refused at that revision too, then taken by the cloud: neither aside nor waiting.
    const [registered] = outbox.due(1000);
    outbox.setAside(registered!, 'refused', new Date());
    expectRefused(1);
    outbox.confirm(outbox.refused(0, 10));
    expectRefused(0);
    expect(outbox.size()).toBe(0);
  });
});
