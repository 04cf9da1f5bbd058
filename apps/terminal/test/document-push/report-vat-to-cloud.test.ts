/**
 * A report that holds a code at several rates, pushed to the cloud. A fiscal day keeps one VAT
 * table, but its returns give back the VAT their sales charged, so a day after a change of the
 * merchant's rates lists each code once at the day's rate and once more per earlier rate it
 * returned: more VAT lines than there are codes. Real cloud, real terminal, real mev-sim.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalDocuments } from '../../../cloud/src/db/schema.js';
import { type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { startPushingTerminal } from './pushing-terminal.js';

const env = useSimulator();
let cloud: TestCloud;
let merchantId: string;
let terminal: TerminalHandle;
let apiKey: string;

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  merchantId = await cloud.merchant();
  const { activationCode } = await cloud.terminal(merchantId);
  ({ terminal, apiKey } = await startPushingTerminal(env, {
    cloudUrl: cloud.url,
    activationCode,
    name: 'report-vat',
  }));
});

afterAll(async () => {
  await cloud?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await terminal.call(method, path, body, { 'X-API-Key': apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, any> };
}

/** One line of 10.00 per code, paid in cash. */
async function sellEach(codes: readonly string[]): Promise<string> {
  const total = codes.length * 10;
  const sale = await call('POST', '/api/sales', {
    items: codes.map((vatCode) => ({ name: `Item ${vatCode}`, unitPrice: 10, quantity: 1, vatCode })),
    payments: [{ type: '1', amount: total }],
    amountReceived: total,
    change: 0,
    printReceipt: false,
  });
  return sale.data.saleId as string;
}

const platform = async () =>
  (await call('GET', '/api/health')).data.platform as {
    documentsWaiting: number;
    lastPushError: string | null;
  };

it('reaches the cloud with every rate of every code the day met', async () => {
  const taxed = ['A', 'B', 'C', 'D', 'E'] as const;
  const sold = await sellEach(taxed);
  await call('POST', '/api/reports/z', { printReport: false });
  // The merchant corrects every rate; the new day has no document yet, so they apply at once.
  for (const [code, rateBasisPoints] of [
    ['A', 900],
    ['B', 1900],
    ['C', 500],
    ['D', 1100],
    ['E', 700],
  ] as const) {
    await cloud.admin('PUT', `/merchants/${merchantId}/vat-rates/${code}`, { rateBasisPoints });
  }
  const synced = await terminal.call('POST', '/api/catalog/sync', undefined, { 'X-API-Key': apiKey });
  expect(synced.status).toBe(200);
  expect((await call('GET', '/api/health')).data.vatRates.pending).toBeNull();

  // Today: each code at its new rate, and the whole of yesterday's sale given back at the old ones.
  await sellEach([...taxed, '_']);
  await call('POST', `/api/sales/${sold}/refund`, {
    items: taxed.map((_, index) => ({ index, quantity: 1 })),
  });
  const z = await call('POST', '/api/reports/z', { printReport: false });
  expect(Object.keys(z.data.reportData.vatBreakdown)).toHaveLength(11);
  await sellEach(['B']);

  // Every document reaches the cloud, the Z report with its 11 VAT lines among them, and the
  // sale after it (a push refused for one document would hold back every later one).
  const deadline = Date.now() + 10_000;
  let state = await platform();
  while (state.documentsWaiting > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await platform();
  }
  expect(state).toMatchObject({ documentsWaiting: 0, lastPushError: null });
  const documents = await cloud.cloud.ctx.db.select().from(fiscalDocuments);
  expect(documents.map((d) => d.type).sort()).toEqual([
    'refund',
    'sale',
    'sale',
    'sale',
    'z_report',
    'z_report',
  ]);
  const lastZ = documents.find((d) => d.type === 'z_report' && d.reportNumber === 2);
  expect(lastZ?.vat).toHaveLength(11);
});
