/**
 * A refund made while its sale waited offline is held behind that sale in the queue: over real
 * HTTP with the real mev-sim, a sale from a delivery lot and its refund both answered offline,
 * then the server refuses the sale when the queue is sent (`poison`: a request carrying it is
 * faulted, alone it is refused for itself). The refund is never sent, it is `failed` with its
 * sale's refusal as the reason, and the day's figures, the drawer, the lot and the cloud's
 * copy all say that nothing was sold and nothing given back.
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentOutbox } from '../../src/document-push/document-outbox.js';
import { registrationsOf, waitUntil } from '../fiscal-operations/sync-helpers.js';
import { cashSale, useSimulator, type Enveloped } from '../support/terminal-harness.js';

const env = useSimulator();

afterEach(async () => {
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok', poisonOperationId: null });
});

const line = { lotLineId: 'tea', name: 'Tea', quantity: 1, unitPrice: 10, vatCode: 'B' };

describe('a refund queued behind its offline sale', () => {
  it('is failed unsent when the fiscal server refuses its sale, and the sale leaves no trace in the figures', async () => {
    const terminal = await env.start({ config: { syncRetryBaseMs: 50, syncRetryMaxMs: 200 } });
    const call = (method: string, path: string, body?: unknown) =>
      terminal.call<Enveloped>(method, path, body);
    const summary = async () =>
      (await call('GET', '/api/fiscal/daily-summary')).body.data as Record<string, unknown>;
    const before = await summary();

    const lot = (await call('POST', '/api/delivery-lots', { reference: 'ERP-7', lines: [line] })).body.data!;
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'down' });
    const sale = await call('POST', '/api/sales', {
      ...cashSale(10),
      items: [line],
      deliveryLotId: lot.lotId,
    });
    expect(sale.body.data).toMatchObject({ isOffline: true });
    const saleId = sale.body.data!.saleId as string;
    const saleOperation = sale.body.data!.fiscalOperationId as string;
    const refund = await call('POST', `/api/sales/${saleId}/refund`, { reason: 'changed mind' });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({ isOffline: true, total: 10 });
    const refundOperation = refund.body.data!.fiscalOperationId as string;
    expect((await call('GET', `/api/delivery-lots/${lot.lotId}`)).body.data!.status).toBe('sold');

    // Back, refusing the sale: in a batch with it the request is faulted, alone it is refused.
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, {
      mode: 'poison',
      poisonOperationId: saleOperation,
    });
    const rt = terminal.runtime;
    await waitUntil('the queue drained', () => rt.operations.queueStats().size === 0, 15_000);

    expect(rt.operations.require(saleOperation)).toMatchObject({ status: 'failed' });
    expect(rt.operations.require(refundOperation)).toMatchObject({
      status: 'failed',
      errorMessage: expect.stringMatching(
        new RegExp(
          `^not sent: its sale \\(operation ${saleOperation}\\) was refused by the fiscal server \\(MALFORMED_REQUEST: `,
        ),
      ) as unknown,
    });
    // The server holds no return of goods it never saw sold.
    const registered = await registrationsOf(env.sim, terminal.registrationNumber);
    expect(registered.map((r) => r.operationId)).not.toContain(refundOperation);

    const detail = (await call('GET', `/api/sales/${saleId}`)).body.data!;
    expect(detail.refunds).toMatchObject([{ status: 'failed', total: 10 }]);
    const after = await summary();
    for (const field of [
      'dailyTotal',
      'dailyTax',
      'totalSales',
      'totalReturns',
      'returnsCount',
      'cashBalance',
    ])
      expect(after[field], field).toEqual(before[field]);
    expect(after.vatBreakdown).toEqual(before.vatBreakdown);

    // The lot its refused sale sold can be sold again.
    expect((await call('GET', `/api/delivery-lots/${lot.lotId}`)).body.data!.status).toBe('open');
    // The cloud gets the refund again, now refused (the document's next revision).
    const due = new DocumentOutbox(rt.db).due(100).find((d) => d.operationId === refundOperation);
    expect(due).toMatchObject({
      refundId: refund.body.data!.refundId,
      revision: expect.any(Number) as unknown,
    });
    expect(due!.revision).toBeGreaterThan(1);
  });
});
