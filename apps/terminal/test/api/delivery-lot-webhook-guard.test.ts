/**
 * Whoever holds the terminal's key (through the relay, from anywhere) chooses a lot's
 * webhookUrl: the terminal must not become their port scanner. A LAN ERP is a receiver;
 * the terminal's own loopback, link-local metadata services, the unspecified and multicast
 * addresses are not, and the lot shows a coarse outcome only. This terminal runs with the
 * production setting (loopback refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, useFiscalTerminal, type Enveloped } from '../support/terminal-harness.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const ctx = useFiscalTerminal({ config: { lotWebhookTimeoutMs: 400 } });

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(200);
});
afterAll(async () => {
  await receiver.close();
});

const line = { lotLineId: 'tea', name: 'Tea', quantity: 1, unitPrice: 10, vatCode: 'B' };
const createLot = (webhookUrl: string) =>
  ctx.terminal.call<Enveloped>('POST', '/api/delivery-lots', { webhookUrl, lines: [line] });

describe('a delivery lot’s webhookUrl', () => {
  it('is refused at creation when it names the terminal itself, link-local, unspecified or multicast, or carries credentials', async () => {
    const terminalPort = new URL(ctx.terminal.url).port;
    for (const url of [
      `http://127.0.0.1:${terminalPort}/api/health`,
      `http://localhost:${terminalPort}/api/health`,
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://2130706433/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0:4567/api/health',
      'http://[::]/x',
      'http://224.0.0.251/x',
      'http://erp:secret@192.168.1.20/hooks',
    ]) {
      const res = await createLot(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error!.details, url).toEqual([
        expect.objectContaining({ field: 'webhookUrl', code: 'WEBHOOK_URL_INVALID' }),
      ]);
    }
  });

  it('keeps a LAN ERP as a legitimate receiver', async () => {
    for (const url of [
      'http://192.168.1.20:8080/hooks/lot',
      'https://10.0.0.5/hooks',
      'http://[fd12:3456::7]/h',
    ]) {
      const res = await createLot(url);
      expect(res.status, url).toBe(200);
      expect(res.body.data!.webhookUrl).toBe(url);
    }
  });

  it('is checked again at delivery: a lot recorded with a loopback receiver sends nothing and shows only "failed"', async () => {
    const created = await createLot('http://192.168.1.20:8080/hooks/lot');
    const lotId = created.body.data!.lotId as string;
    // As a lot recorded by an earlier version, before the guard, would hold it.
    ctx.terminal.runtime.db
      .prepare('UPDATE delivery_lots SET webhook_url = ? WHERE id = ?')
      .run(receiver.url, lotId);
    const sold = await ctx.terminal.call<Enveloped>('POST', '/api/sales', {
      ...cashSale(10),
      items: [line],
      deliveryLotId: lotId,
    });
    expect(sold.status).toBe(200);
    await ctx.terminal.runtime.lotWebhooks.idle();
    expect(receiver.received).toHaveLength(0);
    const lot = (await ctx.terminal.call<Enveloped>('GET', `/api/delivery-lots/${lotId}`)).body.data!;
    // The receiver's status and error text are not the caller's to read.
    expect(lot.webhook).toEqual({ state: 'attempted', outcome: 'failed', at: expect.any(String) });
  });
});
