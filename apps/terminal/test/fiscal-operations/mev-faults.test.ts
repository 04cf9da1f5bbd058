/**
 * What each fault mode of the simulator does to a fiscal operation, over real HTTP, a real
 * SQLite file and the real mev-sim process: inline (the cashier waits) and while syncing the
 * offline queue. The rules are in docs/offline-mode.md, "Which failure leads where".
 */
import { setFaultMode, type FaultSettingsInput } from '@fiscal-pos/mev-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineFiscalCode } from '../../src/fiscal-operations/offline-fiscal-code.js';
import {
  API_KEY,
  cashSale,
  type Enveloped,
  type TerminalHandle,
  useSimulator,
} from '../support/terminal-harness.js';
import { registrationsOf, waitUntil } from './sync-helpers.js';

const env = useSimulator();

afterEach(async () => {
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
});

const REQUEST_TIMEOUT_MS = 800;

async function freshTerminal(material?: TerminalHandle['material']): Promise<TerminalHandle> {
  return env.start({
    ...(material ? { material } : {}),
    config: {
      mevConnectTimeoutMs: REQUEST_TIMEOUT_MS,
      mevRequestTimeoutMs: REQUEST_TIMEOUT_MS,
      syncRetryBaseMs: 50,
      syncRetryMaxMs: 300,
    },
  });
}

function fault(settings: FaultSettingsInput) {
  return setFaultMode(env.sim.adminUrl, env.sim.caCertPem, settings);
}

/** A sale whose HTTP call gives up after `deadlineMs`: a hung request fails the test. */
async function sellWithDeadline(
  terminal: TerminalHandle,
  deadlineMs: number,
): Promise<Enveloped & { status: number }> {
  const response = await fetch(`${terminal.url}/api/sales`, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(cashSale(12.5)),
    signal: AbortSignal.timeout(deadlineMs),
  });
  return { status: response.status, ...((await response.json()) as Enveloped) };
}

function statusOf(terminal: TerminalHandle, operationId: string) {
  return terminal.runtime.operations.require(operationId);
}

describe('inline: the cashier waits for the fiscal server', () => {
  it('hang: the sale is answered offline once the request timeout expires, never a hung request', async () => {
    const terminal = await freshTerminal();
    await fault({ mode: 'hang' });

    // 15 s is far above the 0.8 s MEV timeout: only a request that never ends trips it.
    const first = await sellWithDeadline(terminal, 15_000);
    expect(first.status).toBe(200);
    const sale = first.data!;
    expect(sale).toMatchObject({ isOffline: true, mevId: null });
    expect(sale.offlineFiscalCode).toMatch(/^OFF-[0-9A-F]{16}$/);
    const op = statusOf(terminal, sale.fiscalOperationId as string);
    // Queued; the sync worker may already be trying it again (`sent`).
    expect(op.status).toMatch(/^(offline|sent)$/);
    expect(op.isOffline).toBe(true);
    expect(op.errorMessage).toContain('timeout');

    // The documented scheme recomputes the printed code from the record and the terminal's secret.
    expect(
      offlineFiscalCode(terminal.runtime.terminalState.get().offlineSecret, {
        operationId: op.id,
        registrationNumber: terminal.registrationNumber,
        operationType: op.operationType,
        receiptNumber: op.receiptNumber,
        reportNumber: op.reportNumber,
        totalAmount: op.totalAmount,
        occurredAt: op.createdAt,
      }),
    ).toBe(sale.offlineFiscalCode);

    // The next sale queues behind the first one, whatever the server does meanwhile.
    const second = await sellWithDeadline(terminal, 15_000);
    expect(second.data).toMatchObject({ isOffline: true });

    const health = await terminal.call('GET', '/api/health');
    expect(health.body.data).toMatchObject({
      fiscalStatus: 'offline',
      fiscalStatusReason: 'MEV_UNREACHABLE',
      mevRefusal: null,
      offlineQueueSize: 2,
    });

    await fault({ mode: 'ok' });
    await waitUntil('both sales synced', () => terminal.runtime.operations.queueStats().size === 0);
    const registered = await registrationsOf(env.sim, terminal.registrationNumber);
    expect(registered.map((r) => r.operationId)).toEqual([
      sale.fiscalOperationId,
      second.data!.fiscalOperationId,
    ]);
    const synced = statusOf(terminal, sale.fiscalOperationId as string);
    expect(synced).toMatchObject({
      status: 'success',
      mevId: registered[0]!.mevId,
      offlineFiscalCode: sale.offlineFiscalCode,
    });
  });

  it('expired-cert: 502 MEV_ERROR with the reason, the operation is failed and nothing is registered', async () => {
    const terminal = await freshTerminal();
    await fault({ mode: 'expired-cert' });
    const res = await terminal.call('POST', '/api/sales', cashSale(10));
    expect(res.status).toBe(502);
    expect(res.body.error!.code).toBe('MEV_ERROR');
    expect(res.body.error!.message).toContain('CERTIFICATE_EXPIRED');
    expect(res.body.error!.message).toContain('expired');

    const failed = await terminal.call('GET', '/api/fiscal/operations?status=failed');
    expect(failed.body.data!.total).toBe(1);
    expect(failed.body.data!.operations[0].errorMessage).toContain('CERTIFICATE_EXPIRED');
    expect(await registrationsOf(env.sim, terminal.registrationNumber)).toEqual([]);

    // The server answers, but not for this terminal: health must not read online.
    const health = (await terminal.call('GET', '/api/health')).body.data!;
    expect(health).toMatchObject({
      fiscalStatus: 'offline',
      fiscalStatusReason: 'MEV_REFUSED',
      mevRefusal: { code: 'CERTIFICATE_EXPIRED', message: expect.stringContaining('expired') },
    });
    expect(health.lastMevContactAt).toBe(health.mevRefusal.since);
  });

  it.each(['fault', 'expired-cert'] as const)(
    '%s on a Z report: the day is closed already, so the Z report joins the queue (200 offline) and MEV gets it in order',
    async (mode) => {
      const terminal = await freshTerminal();
      const before = await terminal.call('POST', '/api/sales', cashSale(3));
      expect(before.body.data).toMatchObject({ isOffline: false, reportNumber: 1, receiptNumber: 1 });

      await fault({ mode });
      const z = await terminal.call('POST', '/api/reports/z', { printReport: false });
      expect(z.status).toBe(200);
      expect(z.body.data).toMatchObject({ reportNumber: 1, isOffline: true, mevId: null });
      const zId = z.body.data!.operationId as string;
      expect(statusOf(terminal, zId).errorMessage).toMatch(/^(SIMULATED_FAULT|CERTIFICATE_EXPIRED): /);
      // The next report's first sale queues behind it instead of reaching MEV before it.
      const after = await terminal.call('POST', '/api/sales', cashSale(4));
      expect(after.status).toBe(200);
      expect(after.body.data).toMatchObject({ isOffline: true, reportNumber: 2, receiptNumber: 1 });

      await fault({ mode: 'ok' });
      await waitUntil('the queue synced', () => terminal.runtime.operations.queueStats().size === 0);
      expect(statusOf(terminal, zId).status).toBe('success');
      expect(statusOf(terminal, after.body.data!.fiscalOperationId as string).status).toBe('success');
      const registered = await registrationsOf(env.sim, terminal.registrationNumber);
      expect(registered.map((r) => [r.type, r.reportNumber, r.receiptNumber])).toEqual([
        ['receipt', 1, 1],
        ['z_report', 1, null],
        ['receipt', 2, 1],
      ]);
    },
  );

  it('fault: 502 MEV_ERROR carrying the server fault reason, for sales and cash operations', async () => {
    const terminal = await freshTerminal();
    await fault({ mode: 'fault', faultReason: 'maintenance window 42' });
    for (const [path, body] of [
      ['/api/sales', cashSale(10)],
      ['/api/cash/in', { amount: 5, printReceipt: false }],
    ] as const) {
      const res = await terminal.call('POST', path, body);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ code: 'MEV_ERROR' });
      expect(res.body.error!.message).toContain('SIMULATED_FAULT: maintenance window 42');
    }
    expect(terminal.runtime.operations.queueStats().size).toBe(0);
  });
});

describe('while syncing the offline queue', () => {
  it.each([
    ['expired-cert', 'CERTIFICATE_EXPIRED'],
    ['fault', 'SIMULATED_FAULT'],
  ] as const)(
    '%s is not about the operations: the queue is kept and retried, health says why, then it syncs in order once the server accepts',
    async (mode, faultCode) => {
      const terminal = await freshTerminal();
      await fault({ mode: 'down' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await terminal.call('POST', '/api/sales', cashSale(10 + i));
        expect(res.status).toBe(200);
        ids.push(res.body.data!.fiscalOperationId as string);
      }

      await fault({ mode });
      // Retried more than once, so it is really kept (not failed on the first answer).
      await waitUntil(`the first queued sale refused twice with ${faultCode}`, () => {
        const op = statusOf(terminal, ids[0]!);
        return op.attempts >= 3 && (op.errorMessage ?? '').startsWith(faultCode);
      });
      for (const id of ids) expect(statusOf(terminal, id).status).toMatch(/^(offline|sent)$/);
      expect(await registrationsOf(env.sim, terminal.registrationNumber)).toEqual([]);
      // The server answers, yet nothing drains: health says so, and why.
      const held = (await terminal.call('GET', '/api/health')).body.data!;
      expect(held).toMatchObject({
        fiscalStatus: 'offline',
        fiscalStatusReason: 'MEV_REFUSED',
        mevRefusal: { code: faultCode },
        offlineQueueSize: 3,
      });
      expect(held.offlineQueueOldestAgeSeconds).toEqual(expect.any(Number));

      // The shop keeps selling meanwhile: new sales join the queue.
      const during = await terminal.call('POST', '/api/sales', cashSale(20));
      expect(during.status).toBe(200);
      expect(during.body.data).toMatchObject({ isOffline: true });
      ids.push(during.body.data!.fiscalOperationId as string);

      await fault({ mode: 'ok' });
      await waitUntil('the queue synced', () => terminal.runtime.operations.queueStats().size === 0);
      for (const id of ids)
        expect(statusOf(terminal, id)).toMatchObject({ status: 'success', errorMessage: null });
      const registered = await registrationsOf(env.sim, terminal.registrationNumber);
      expect(registered.map((r) => r.operationId)).toEqual(ids);
      expect((await terminal.call('GET', '/api/health')).body.data).toMatchObject({
        fiscalStatus: 'online',
        fiscalStatusReason: null,
        mevRefusal: null,
      });
    },
  );

  it('a fault about one operation fails that operation with its reason, and the queue goes on', async () => {
    // Two terminals with the same fiscal identity, as after restoring an old backup: the second
    // one's receipt numbers 1 and 2 were already used by the first one.
    const first = await freshTerminal();
    const restored = await freshTerminal(first.material);
    for (let i = 0; i < 2; i++)
      expect((await first.call('POST', '/api/sales', cashSale(5))).status).toBe(200);

    await fault({ mode: 'down' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await restored.call('POST', '/api/sales', cashSale(7));
      expect(res.body.data).toMatchObject({ isOffline: true, receiptNumber: i + 1 });
      ids.push(res.body.data!.fiscalOperationId as string);
    }
    await fault({ mode: 'ok' });
    await waitUntil('the queue drained', () => restored.runtime.operations.queueStats().size === 0);

    const failed = await restored.call('GET', '/api/fiscal/operations?status=failed');
    expect(failed.body.data!.operations.map((o: { id: string }) => o.id).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    for (const op of failed.body.data!.operations as { errorMessage: string }[])
      expect(op.errorMessage).toMatch(/^RECEIPT_NUMBER_BACKWARDS: receipt number [12] is not after 2/);
    expect(statusOf(restored, ids[2]!).status).toBe('success');

    const registered = await registrationsOf(env.sim, first.registrationNumber);
    expect(registered.map((r) => r.receiptNumber)).toEqual([1, 2, 3]);
    expect(registered[2]!.operationId).toBe(ids[2]);
    // Refusing an operation is not refusing the terminal.
    expect((await restored.call('GET', '/api/health')).body.data).toMatchObject({
      fiscalStatus: 'online',
      fiscalStatusReason: null,
    });
  });
});
