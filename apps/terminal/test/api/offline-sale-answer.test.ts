/**
 * The answer of a sale the fiscal server could not take says what the terminal did with it:
 * queued offline, as the operation was stored, not the `sent` of the sync worker that the
 * queueing woke. Real HTTP, real SQLite, the real mev-sim process (down).
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal({ card: 'none' });

afterAll(async () => {
  await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
});

describe('POST /api/sales while the fiscal server is down', () => {
  it('answers status offline, as the operation was queued', async () => {
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });

    for (const total of [12.5, 3]) {
      const res = await ctx.terminal.call('POST', '/api/sales', cashSale(total));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ isOffline: true, status: 'offline', mevId: null });
      const stored = ctx.terminal.runtime.operations.require(res.body.data!.fiscalOperationId as string);
      expect(stored.isOffline).toBe(true);
      expect(stored.offlineFiscalCode).toBe(res.body.data!.offlineFiscalCode);
    }
  });
});
