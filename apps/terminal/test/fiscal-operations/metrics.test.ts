/**
 * GET /metrics over real HTTP: Prometheus text, behind the API key (X-API-Key, or a Bearer
 * token as Prometheus sends it), counts right after a restart, requests by route and status.
 */
import { setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { describe, expect, it } from 'vitest';
import { API_KEY, cashSale, useFiscalTerminal } from '../support/terminal-harness.js';
import { waitUntil } from './sync-helpers.js';

// Every scrape starts a card terminal status check (none older than 0 ms is fresh enough).
const ctx = useFiscalTerminal({
  config: { syncRetryBaseMs: 50, syncRetryMaxMs: 300, cardStatusMaxAgeMs: 0 },
});

async function scrape(headers: Record<string, string> = { 'X-API-Key': API_KEY }) {
  const response = await fetch(`${ctx.terminal.url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line, e.g. `fiscal_operations{type="receipt",status="success"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('needs the X-API-Key like every endpoint but the health checks', async () => {
    const res = await scrape({});
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({ success: false, error: { code: 'MISSING_API_KEY' } });
  });

  it('shows operations by type and status, the MEV latency and the offline queue', async () => {
    const empty = await scrape();
    expect(empty.status).toBe(200);
    expect(empty.type).toContain('text/plain');
    expect(empty.text).toMatch(/^# HELP /); // the exposition format itself, not an envelope
    expect(sample(empty.text, 'fiscal_operations{type="receipt",status="success"}')).toBe(0);

    for (let i = 0; i < 2; i++)
      expect((await ctx.terminal.call('POST', '/api/sales', cashSale(3))).status).toBe(200);
    expect((await ctx.terminal.call('POST', '/api/cash/in', { amount: 9, printReceipt: false })).status).toBe(
      200,
    );
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'down' });
    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(4))).status).toBe(200);

    const during = await scrape();
    expect(sample(during.text, 'fiscal_operations{type="receipt",status="success"}')).toBe(2);
    expect(sample(during.text, 'fiscal_operations{type="cash_in",status="success"}')).toBe(1);
    // The offline sale is `offline`, or `sent` while the worker retries it.
    expect(
      (sample(during.text, 'fiscal_operations{type="receipt",status="offline"}') ?? 0) +
        (sample(during.text, 'fiscal_operations{type="receipt",status="sent"}') ?? 0),
    ).toBe(1);
    expect(sample(during.text, 'fiscal_offline_queue_size')).toBe(1);
    expect(sample(during.text, 'fiscal_offline_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(during.text, 'fiscal_mev_online')).toBe(0);
    expect(sample(during.text, 'fiscal_mev_request_duration_seconds_count{outcome="registered"}')).toBe(3);
    expect(
      sample(during.text, 'fiscal_mev_request_duration_seconds_count{outcome="unreachable"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(during.text).toContain(
      'fiscal_mev_request_duration_seconds_bucket{le="0.1",outcome="registered"}',
    );

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    await waitUntil('the offline sale synced', () => ctx.terminal.runtime.operations.queueStats().size === 0);
    const after = await scrape();
    expect(sample(after.text, 'fiscal_operations{type="receipt",status="success"}')).toBe(3);
    expect(sample(after.text, 'fiscal_offline_queue_size')).toBe(0);
    expect(sample(after.text, 'fiscal_mev_online')).toBe(1);
  });

  it('counts operations from the store, so a restarted terminal reports them all', async () => {
    await ctx.restart();
    const res = await scrape();
    expect(sample(res.text, 'fiscal_operations{type="receipt",status="success"}')).toBe(3);
    expect(sample(res.text, 'fiscal_operations{type="cash_in",status="success"}')).toBe(1);
    // Latency is per process: the new one has not talked to the server yet.
    expect(sample(res.text, 'fiscal_mev_request_duration_seconds_count{outcome="registered"}') ?? 0).toBe(0);
  });

  it('tells a server that refuses the terminal from one that is online', async () => {
    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'expired-cert' });
    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(2))).status).toBe(502);
    const refused = await scrape();
    expect(sample(refused.text, 'fiscal_mev_online')).toBe(0);
    expect(sample(refused.text, 'fiscal_mev_refusing')).toBe(1);

    await setFaultMode(ctx.sim.adminUrl, ctx.sim.caCertPem, { mode: 'ok' });
    expect((await ctx.terminal.call('POST', '/api/sales', cashSale(2))).status).toBe(200);
    const online = await scrape();
    expect(sample(online.text, 'fiscal_mev_online')).toBe(1);
    expect(sample(online.text, 'fiscal_mev_refusing')).toBe(0);
  });

  it('shows the card terminal status, one series per status, and the take-backs not confirmed', async () => {
    const status = (text: string, value: string) => sample(text, `card_terminal_status{status="${value}"}`);
    const becomes = async (value: string): Promise<string> => {
      let text = '';
      await waitUntil(`card_terminal_status ${value}`, async () => {
        text = (await scrape()).text;
        return status(text, value) === 1;
      });
      return text;
    };
    const ready = await becomes('ready');
    for (const other of ['none', 'reversal_pending', 'unreachable', 'device_error', 'unknown'])
      expect(status(ready, other), other).toBe(0);
    expect(sample(ready, 'card_terminal_pending_reversals')).toBe(0);

    await setCardFault(ctx.cardSim.adminUrl, { mode: 'down' });
    const down = await becomes('unreachable');
    expect(status(down, 'ready')).toBe(0);

    await setCardFault(ctx.cardSim.adminUrl, { mode: 'hang', operations: ['purchase', 'reversal'] });
    const sale = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(7),
      payments: [{ type: '2', amount: 7 }],
    });
    expect(sale.status).toBe(500);
    const pending = await becomes('reversal_pending');
    expect(sample(pending, 'card_terminal_pending_reversals')).toBe(1);

    await setCardFault(ctx.cardSim.adminUrl, { mode: 'ok' });
    expect(sample(await becomes('ready'), 'card_terminal_pending_reversals')).toBe(0);
  });

  it('also takes the key as `Authorization: Bearer`, what Prometheus sends, and only here', async () => {
    const res = await scrape({ Authorization: `Bearer ${API_KEY}` });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^# HELP /);
    const wrong = await scrape({ Authorization: 'Bearer not-the-key' });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: { code: 'INVALID_API_KEY' } });
    const elsewhere = await fetch(`${ctx.terminal.url}/api/sales`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(elsewhere.status).toBe(401);
  });

  it('counts requests and their durations by method, route pattern and status', async () => {
    const sale = await ctx.terminal.call('POST', '/api/sales', cashSale(2));
    expect(sale.status).toBe(200);
    const saleId = String(sale.body.data!.saleId);
    expect((await ctx.terminal.call('GET', `/api/sales/${saleId}`)).status).toBe(200);
    expect((await ctx.terminal.call('GET', '/api/sales/no-such-sale')).status).toBe(404);
    expect((await fetch(`${ctx.terminal.url}/api/health`)).status).toBe(200);

    const { text } = await scrape();
    const series = (labels: string) => sample(text, `terminal_http_requests_total{${labels}}`) ?? 0;
    expect(series('method="POST",route="/api/sales",status="200"')).toBeGreaterThanOrEqual(1);
    expect(series('method="GET",route="/api/sales/:saleId",status="200"')).toBe(1);
    expect(series('method="GET",route="/api/sales/:saleId",status="404"')).toBe(1);
    expect(series('method="GET",route="/api/health",status="200"')).toBeGreaterThanOrEqual(1);
    // A sale id is no label of its own.
    expect(text).not.toContain(saleId);
    expect(
      sample(
        text,
        'terminal_http_request_duration_seconds_count{method="GET",route="/api/sales/:saleId",status="200"}',
      ),
    ).toBe(1);
  });
});
