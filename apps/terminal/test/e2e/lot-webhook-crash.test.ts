/**
 * kill -9 between a sale from a delivery lot and its webhook. The webhook's state is written in
 * the sale's own transaction (`pending`) and turned `attempted` durably before the request goes
 * out, so:
 *
 * - killed after the sale was written and before the attempt: the next start sends it, once;
 * - killed while the attempt was under way: it is never sent again (no retry, as the spec says);
 *   the lot shows the attempt without an outcome.
 */
import Database from 'better-sqlite3';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY, cashSale, removeDir, startSimulator, tempDir } from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let terminal: TerminalProcess | undefined;
const dataDir = tempDir('lot-webhook-crash');

beforeAll(async () => {
  sim = await startSimulator();
});

afterAll(async () => {
  await terminal?.kill();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

// The fiscal server is made to hang below: the sale must wait for it long enough to be killed.
// The receiver listens on loopback, which only a test lets the webhook reach.
const start = () =>
  startTerminalProcess({
    dataDir,
    sim,
    env: { MEV_REQUEST_TIMEOUT_MS: '20000', LOT_WEBHOOK_ALLOW_LOOPBACK: '1' },
  });

async function call(t: TerminalProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(t.url + path, {
    method,
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, any> } };
}

async function lotWithWebhook(t: TerminalProcess, webhookUrl: string): Promise<string> {
  const res = await call(t, 'POST', '/api/delivery-lots', {
    webhookUrl,
    lines: [{ lotLineId: 'tea', name: 'Tea', quantity: 1, unitPrice: 10, vatCode: 'B' }],
  });
  expect(res.status).toBe(200);
  return res.body.data.lotId as string;
}

const sale = (lotId: string) => ({
  ...cashSale(10),
  items: [{ lotLineId: 'tea', name: 'Tea', quantity: 1, unitPrice: 10, vatCode: 'B' }],
  deliveryLotId: lotId,
});

/** The lot's webhook state as the file holds it, read beside the running (or killed) process. */
function webhookState(lotId: string): string | null {
  const db = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare<[string], { webhook_state: string | null }>(
          'SELECT webhook_state FROM delivery_lots WHERE id = ?',
        )
        .get(lotId)?.webhook_state ?? null
    );
  } finally {
    db.close();
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('sends at the next start the webhook of a sale written just before kill -9, once', async () => {
  const receiver = await startWebhookReceiver(200);
  try {
    terminal = await start();
    const lotId = await lotWithWebhook(terminal, receiver.url);
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'hang' });
    // The sale is written, then waits for the fiscal server: killed there, it never answered.
    void call(terminal, 'POST', '/api/sales', sale(lotId)).catch(() => undefined);
    await until(() => webhookState(lotId) === 'pending', 'the sale to be written');
    await terminal.kill();
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
    expect(receiver.received).toHaveLength(0);

    terminal = await start();
    const [hook] = await receiver.waitFor(1);
    expect(hook!.body).toMatchObject({ lotId, lines: [{ lotLineId: 'tea', soldQty: 1, status: 'sold' }] });
    const lot = (await call(terminal, 'GET', `/api/delivery-lots/${lotId}`)).body.data;
    expect(lot.status).toBe('sold');
    await until(() => receiver.received.length === 1 && webhookState(lotId) === 'attempted', 'the outcome');

    // A second restart sends nothing more.
    await terminal.stop();
    terminal = await start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    const after = (await call(terminal, 'GET', `/api/delivery-lots/${lotId}`)).body.data;
    expect(after.webhook).toMatchObject({ state: 'attempted', outcome: 'delivered' });
    await terminal.stop();
  } finally {
    await receiver.close();
  }
});

it('never sends twice a webhook whose attempt a kill -9 cut short', async () => {
  const receiver = await startWebhookReceiver('hang');
  try {
    terminal = await start();
    const lotId = await lotWithWebhook(terminal, receiver.url);
    expect((await call(terminal, 'POST', '/api/sales', sale(lotId))).status).toBe(200);
    await receiver.waitFor(1);
    await terminal.kill();

    terminal = await start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    const lot = (await call(terminal, 'GET', `/api/delivery-lots/${lotId}`)).body.data;
    expect(lot.webhook).toMatchObject({
      state: 'attempted',
      outcome: null,
      at: expect.any(String),
    });
    await terminal.stop();
  } finally {
    await receiver.close();
  }
});
