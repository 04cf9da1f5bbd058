/**
 * Fiscal documents flowing up, end to end over real HTTP: an activated terminal sells catalog
 * products; each sale and refund reaches the cloud once (its sales API), and the stock moves by
 * the ledger. With the cloud down the terminal keeps selling, health shows the documents
 * waiting, and when the cloud is back each arrives exactly once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../../../cloud/test/harness.js';
import { fiscalDocuments } from '../../../cloud/src/db/schema.js';
import { processTimeZone } from '../../src/config.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { startPushingTerminal } from './pushing-terminal.js';

const env = useSimulator();
let cloud: TestCloud;
let merchantId: string;
let terminal: TerminalHandle;
let apiKey: string;
let integrationKey: string;
let teaId: string;

interface Platform {
  documentsWaiting: number;
  lastPushAt: string | null;
  lastPushError: string | null;
}

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  merchantId = await cloud.merchant();
  await cloud.admin('PUT', `/merchants/${merchantId}/integration`, { active: true });
  integrationKey = (
    await cloud.admin<{ key: string }>('POST', `/merchants/${merchantId}/keys`, {
      scopes: ['sales:read', 'inventory:read'],
    })
  ).key;
  teaId = (
    await cloud.admin<{ id: string }>('PUT', `/merchants/${merchantId}/products/TEA`, {
      name: { ro: 'Ceai verde' },
      price: 10,
      vatCode: 'B',
      unit: 'pcs',
      onHand: 10,
    })
  ).id;
  const { activationCode } = await cloud.terminal(merchantId);
  ({ terminal, apiKey } = await startPushingTerminal(env, {
    cloudUrl: cloud.url,
    activationCode,
    name: 'documents',
  }));
});

afterAll(async () => {
  await cloud?.close();
});

const sell = async (quantity: number) => {
  const res = await terminal.call<{ data: { saleId: string } }>(
    'POST',
    '/api/sales',
    {
      ...cashSale(10 * quantity),
      items: [{ id: teaId, name: 'Ceai verde', unitPrice: 10, quantity, vatCode: 'B' }],
    },
    { 'X-API-Key': apiKey },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.saleId;
};

const platform = async () =>
  (await terminal.call<{ data: { platform: Platform } }>('GET', '/api/health')).body.data.platform;

async function allPushed(): Promise<Platform> {
  for (;;) {
    const state = await platform();
    if (state.documentsWaiting === 0 && state.lastPushAt !== null) return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cloudSales = async () =>
  (await call(cloud.cloud, 'GET', '/api/public/v1/sales?limit=100', { key: integrationKey })).json() as {
    data: { id: string; type: string; saleId: string | null; lines: { productId: string | null }[] }[];
  };

const onHand = async () =>
  (
    (
      await call(cloud.cloud, 'GET', '/api/public/v1/inventory?productCode=TEA', { key: integrationKey })
    ).json() as {
      onHand: number;
    }
  ).onHand;

it('sends each sale and refund up once, and the stock follows', async () => {
  const saleId = await sell(2);
  const refund = await terminal.call(
    'POST',
    `/api/sales/${saleId}/refund`,
    { items: [{ index: 0, quantity: 1 }] },
    { 'X-API-Key': apiKey },
  );
  expect(refund.status).toBe(200);
  await allPushed();
  const { data } = await cloudSales();
  expect(data.map((s) => s.type).sort()).toEqual(['refund', 'sale']);
  expect(data.every((s) => s.saleId === saleId && s.lines[0]!.productId === teaId)).toBe(true);
  expect(await onHand()).toBe(9);
  // Each document went up with the terminal's zone (the process's, TZ=UTC in tests), which fixes its day there.
  const zones = await cloud.cloud.ctx.db
    .selectDistinct({ timeZone: fiscalDocuments.timeZone })
    .from(fiscalDocuments);
  expect(zones).toEqual([{ timeZone: processTimeZone() }]);
});

it('keeps selling while the cloud is away, then sends what waited, exactly once', async () => {
  await cloud.stop();
  await sell(3);
  await sell(1);
  for (;;) {
    const state = await platform();
    if (state.documentsWaiting === 2 && state.lastPushError !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cloud.restart();
  await allPushed();
  const { data } = await cloudSales();
  expect(data.filter((s) => s.type === 'sale')).toHaveLength(3);
  expect(await onHand()).toBe(5);
  // Nothing is sent twice: another round of pushes finds nothing to do.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await cloudSales()).data).toHaveLength(4);
});
