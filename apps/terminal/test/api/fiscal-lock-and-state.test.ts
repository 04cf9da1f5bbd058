import { setFaultMode } from '@fiscal-pos/mev-sim';
import { describe, expect, it } from 'vitest';
import { cashSale, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
describe('fiscalization state', () => {
  it('refuses every fiscal operation on a terminal that is not fiscalized', async () => {
    const t = await env.start({ fiscalization: 'not_fiscal' });
    for (const [path, body] of [
      ['/api/sales', cashSale(5)],
      ['/api/cash/in', { amount: 5 }],
      ['/api/cash/out', { amount: 5 }],
      ['/api/reports/x', {}],
      ['/api/reports/z', {}],
    ] as const) {
      const res = await t.call('POST', path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.error!.code, path).toBe('TERMINAL_NOT_FISCAL');
    }
    expect((await t.call('GET', '/api/fiscal/daily-summary')).body.error!.code).toBe('TERMINAL_NOT_FISCAL');
    expect((await t.call('GET', '/api/health')).body.data!.fiscalStatus).toBe('not_fiscal');
    // Non-fiscal printing still works.
    expect((await t.call('POST', '/api/print', { lines: [['hello']] })).status).toBe(200);
  });

  it('answers MEV_CREDENTIALS_MISSING when the certificate is there but the credentials are not', async () => {
    const t = await env.start({ fiscalization: 'credentials_missing' });
    const res = await t.call('POST', '/api/reports/z', {});
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('MEV_CREDENTIALS_MISSING');
    const health = (await t.call('GET', '/api/health')).body.data!;
    expect(health).toMatchObject({ fiscalStatus: 'offline', fiscalStatusReason: 'MEV_CREDENTIALS_MISSING' });
  });
});

describe('the fiscal lock', () => {
  it('runs fiscal operations one at a time in arrival order and answers BUSY after the lock timeout', async () => {
    const t = await env.start({ config: { fiscalLockTimeoutMs: 400 } });
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'slow', delayMs: 250 });
    try {
      const started: Promise<{ status: number; body: any }>[] = [];
      for (let i = 0; i < 4; i++) {
        started.push(t.call('POST', '/api/sales', cashSale(1 + i)));
        // Arrival order is the order of the requests on the wire.
        await new Promise((r) => setTimeout(r, 20));
      }
      const results = await Promise.all(started);
      const ok = results.filter((r) => r.status === 200);
      const busy = results.filter((r) => r.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const r of busy) expect(r.body.error.code).toBe('BUSY');
      // Those that ran got consecutive receipt numbers in the order they arrived.
      const totals = ok.map((r) => r.body.data.total);
      const receipts = ok.map((r) => r.body.data.receiptNumber);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      expect(receipts).toEqual([...receipts].sort((a, b) => a - b));
    } finally {
      await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    }
  });

  it('does not take the lock for reads: queries answer while a fiscal operation runs', async () => {
    const t = await env.start();
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'slow', delayMs: 300 });
    try {
      const sale = t.call('POST', '/api/sales', cashSale(3));
      await new Promise((r) => setTimeout(r, 50));
      const summary = await t.call('GET', '/api/fiscal/daily-summary');
      expect(summary.status).toBe(200);
      expect((await sale).status).toBe(200);
    } finally {
      await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
    }
  });
});
