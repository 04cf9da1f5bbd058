/**
 * Issue 3, end to end: "with the simulator down, 50 sales and cash operations succeed
 * offline; the simulator comes back; within a bounded time every operation is success, and
 * the simulator registered each UUID exactly once, in order."
 * Real HTTP, real SQLite, the real mev-sim process over mutual TLS.
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';
import { registrationsOf, waitUntil } from '../fiscal-operations/sync-helpers.js';

const OPERATIONS = 50;
const ctx = useFiscalTerminal({ config: { syncRetryBaseMs: 50, syncRetryMaxMs: 500 } });

/** Every fifth operation a cash-in, every fifth (shifted) a cash-out, sales in between. */
function operation(i: number): { path: string; body: unknown } {
  if (i % 5 === 0) return { path: '/api/cash/in', body: { amount: 20, printReceipt: false } };
  if (i % 5 === 3) return { path: '/api/cash/out', body: { amount: 1.5, printReceipt: false } };
  return { path: '/api/sales', body: cashSale((200 + i) / 100) };
}

interface Answered {
  operationId: string;
  receiptNumber: number;
  offlineFiscalCode: string;
  saleId: string | null;
}

describe('offline sales and cash operations, then synchronisation', () => {
  it('answers 50 operations offline, then registers each exactly once, in order, and every one is success', async () => {
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });

    const answered: Answered[] = [];
    for (let i = 0; i < OPERATIONS; i++) {
      const { path, body } = operation(i);
      const res = await ctx.terminal.call('POST', path, body);
      expect(res.status, `operation ${i} (${path})`).toBe(200);
      const data = res.body.data!;
      expect(data).toMatchObject({ isOffline: true, mevId: null });
      expect(data.offlineFiscalCode).toMatch(/^OFF-[0-9A-F]{16}$/);
      answered.push({
        operationId: data.fiscalOperationId as string,
        receiptNumber: data.receiptNumber as number,
        offlineFiscalCode: data.offlineFiscalCode as string,
        saleId: path === '/api/sales' ? (data.saleId as string) : null,
      });
    }
    expect(answered.map((a) => a.receiptNumber)).toEqual(Array.from({ length: OPERATIONS }, (_, i) => i + 1));

    const outage = (await ctx.terminal.call('GET', '/api/health')).body.data!;
    expect(outage).toMatchObject({ fiscalStatus: 'offline', offlineQueueSize: OPERATIONS });
    expect(outage.offlineQueueOldestAgeSeconds).toEqual(expect.any(Number));
    expect(await registrationsOf(ctx.sim, ctx.terminal.registrationNumber)).toEqual([]);

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    await waitUntil(
      'every operation success',
      async () => {
        const page = await ctx.terminal.call('GET', '/api/fiscal/operations?status=success&limit=100');
        return page.body.data!.total === OPERATIONS;
      },
      60_000,
      100,
    );

    const registered = await registrationsOf(ctx.sim, ctx.terminal.registrationNumber);
    expect(registered.map((r) => r.operationId)).toEqual(answered.map((a) => a.operationId));
    expect(new Set(registered.map((r) => r.operationId)).size).toBe(OPERATIONS);
    expect(registered.map((r) => r.receiptNumber)).toEqual(answered.map((a) => a.receiptNumber));

    const listed = await ctx.terminal.call('GET', '/api/fiscal/operations?limit=100');
    const byId = new Map(
      (
        listed.body.data!.operations as { id: string; status: string; mevId: string; isOffline: boolean }[]
      ).map((o) => [o.id, o]),
    );
    registered.forEach((r, i) => {
      expect(byId.get(r.operationId)).toMatchObject({ status: 'success', mevId: r.mevId, isOffline: true });
      expect(r.operationId).toBe(answered[i]!.operationId);
    });

    // The sale's record shows both codes: the one printed offline and the server's final one.
    const firstSale = answered.find((a) => a.saleId !== null)!;
    const sale = (await ctx.terminal.call('GET', `/api/sales/${firstSale.saleId}`)).body.data!;
    const registration = registered.find((r) => r.operationId === firstSale.operationId)!;
    expect(sale.fiscalOperation).toMatchObject({
      status: 'success',
      isOffline: true,
      offlineFiscalCode: firstSale.offlineFiscalCode,
      fiscalCode: registration.fiscalCode,
      mevId: registration.mevId,
    });

    expect((await ctx.terminal.call('GET', '/api/health')).body.data).toMatchObject({
      fiscalStatus: 'online',
      offlineQueueSize: 0,
      offlineQueueOldestAgeSeconds: null,
    });
  });

  it('closes days offline: X and Z reports queue in order with the sales, and MEV gets each report number once', async () => {
    const before = (await registrationsOf(ctx.sim, ctx.terminal.registrationNumber)).length;
    const startReport = (await ctx.terminal.call('GET', '/api/health')).body.data!.reportNumber as number;
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });

    const steps: [string, unknown][] = [
      ['/api/sales', cashSale(1.1)],
      ['/api/reports/x', { printReport: false }],
      ['/api/reports/z', { printReport: false }],
      ['/api/sales', cashSale(2.2)],
      ['/api/sales', cashSale(3.3)],
      ['/api/reports/z', { printReport: false }],
      ['/api/cash/in', { amount: 5, printReceipt: false }],
    ];
    const ids: string[] = [];
    for (const [path, body] of steps) {
      const res = await ctx.terminal.call('POST', path, body);
      expect(res.status, path).toBe(200);
      expect(res.body.data).toMatchObject({ isOffline: true });
      ids.push((res.body.data!.fiscalOperationId ?? res.body.data!.operationId) as string);
    }

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    await waitUntil('the queue synced', () => ctx.terminal.runtime.operations.queueStats().size === 0);
    for (const id of ids) expect(ctx.terminal.runtime.operations.require(id).status).toBe('success');

    const registered = (await registrationsOf(ctx.sim, ctx.terminal.registrationNumber)).slice(before);
    expect(registered.map((r) => r.operationId)).toEqual(ids);
    const r = startReport;
    expect(registered.map((row) => [row.type, row.reportNumber, row.receiptNumber])).toEqual([
      ['receipt', r, expect.any(Number)],
      ['x_report', r, null],
      ['z_report', r, null],
      ['receipt', r + 1, 1],
      ['receipt', r + 1, 2],
      ['z_report', r + 1, null],
      ['cash_in', r + 2, 1],
    ]);
  });
});
