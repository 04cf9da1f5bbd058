/**
 * A Z report of a day that gave back more than it sold, pushed to the cloud: returns of code B
 * exceed its sales, so its VAT line, the day's total and its cash are negative on the paper, and
 * must be so in the cloud. A cloud that does not say it accepts signed report amounts (one from
 * before them) gets the report as before, every amount positive, and the outbox goes on; a cloud
 * rolled back to such a version is followed at the next sync. Real cloud, real terminal, real
 * mev-sim; the older cloud is the real one behind a proxy answering as that version did.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalDocuments } from '../../../cloud/src/db/schema.js';
import { seedConsoleUser, signInConsole } from '../../../cloud/test/console-harness.js';
import { CloudProxy } from '../support/cloud-proxy.js';
import { type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { startPushingTerminal } from './pushing-terminal.js';

const env = useSimulator();
let cloud: TestCloud;
let merchantId: string;
const proxies: CloudProxy[] = [];

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  merchantId = await cloud.merchant();
});

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await cloud?.close();
});

interface Till {
  terminal: TerminalHandle;
  apiKey: string;
}

/** A terminal of the merchant activated at `cloudUrl` (the cloud or a proxy in front of it). */
async function till(name: string, cloudUrl = cloud.url): Promise<Till> {
  const { activationCode } = await cloud.terminal(merchantId, name);
  return startPushingTerminal(env, { cloudUrl, activationCode, name });
}

async function proxy(): Promise<CloudProxy> {
  const started = await CloudProxy.start(cloud.url);
  proxies.push(started);
  return started;
}

async function call(t: Till, method: string, path: string, body?: unknown) {
  const res = await t.terminal.call(method, path, body, { 'X-API-Key': t.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, any> };
}

/** One line of `lei` at `vatCode`, paid in cash. */
async function sell(t: Till, lei: number, vatCode: string): Promise<string> {
  const sale = await call(t, 'POST', '/api/sales', {
    items: [{ name: `Item ${vatCode}`, unitPrice: lei, quantity: 1, vatCode }],
    payments: [{ type: '1', amount: lei }],
    amountReceived: lei,
    change: 0,
    printReceipt: false,
  });
  return sale.data.saleId as string;
}

/**
 * Day 1 sells 30.00 at B (20 %). Day 2 takes all of it back and sells 10.00 at A (8 %): its Z
 * report has B at −30.00 (VAT −5.00), A at 10.00, a total and cash of −20.00. A sale follows on
 * day 3. The Z report's operation id.
 */
async function dayGivingBackMore(t: Till): Promise<string> {
  const sold = await sell(t, 30, 'B');
  await call(t, 'POST', '/api/reports/z', { printReport: false });
  await call(t, 'POST', `/api/sales/${sold}/refund`, { items: [{ index: 0, quantity: 1 }] });
  await sell(t, 10, 'A');
  const z = await call(t, 'POST', '/api/reports/z', { printReport: false });
  expect(z.data.reportData).toMatchObject({ dailyTotal: -20, dailyTax: -4.26 });
  await sell(t, 5, 'B');
  return z.data.operationId as string;
}

async function pushState(t: Till) {
  return (await call(t, 'GET', '/api/health')).data.platform as {
    documentsWaiting: number;
    documentsRefused: number;
    lastPushError: string | null;
  };
}

/** Waits until `done` says yes of the terminal's push state (10 s at most). */
async function pushReaches(t: Till, done: (state: Awaited<ReturnType<typeof pushState>>) => boolean) {
  const deadline = Date.now() + 10_000;
  let state = await pushState(t);
  while (!done(state) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await pushState(t);
  }
  expect(done(state), JSON.stringify(state)).toBe(true);
}

const drained = (s: { documentsWaiting: number; lastPushError: string | null }) =>
  s.documentsWaiting === 0 && s.lastPushError === null;

async function storedReport(operationId: string) {
  const documents = await cloud.cloud.ctx.db.select().from(fiscalDocuments);
  const report = documents.find((d) => d.operationId === operationId);
  expect(report?.type).toBe('z_report');
  return report!;
}

/** The day's Z report as the terminal's paper has it, in bani. */
const SIGNED = {
  totalMinor: -2000,
  vat: [
    { code: 'B', rateBp: 2000, taxableAmount: -2500, vatAmount: -500 },
    { code: 'A', rateBp: 800, taxableAmount: 926, vatAmount: 74 },
  ],
  payments: [{ code: '1', amount: -2000 }],
};

/** The same as a cloud from before signed report amounts gets it: every amount positive. */
const UNSIGNED = {
  totalMinor: 2000,
  vat: [
    { code: 'B', rateBp: 2000, taxableAmount: 2500, vatAmount: 500 },
    { code: 'A', rateBp: 800, taxableAmount: 926, vatAmount: 74 },
  ],
  payments: [{ code: '1', amount: 2000 }],
};

it('stores and shows a report’s negative VAT line, total and cash with their sign', async () => {
  const t = await till('signed');
  const zId = await dayGivingBackMore(t);
  await pushReaches(t, drained);
  const stored = await storedReport(zId);
  expect(stored).toMatchObject(SIGNED);

  // The console reads it back signed, and its daily VAT totals count the receipts alone: the
  // report repeats their VAT and adds none (day: sold B 30.00 + 5.00, A 10.00; B 30.00 back).
  const owner = await seedConsoleUser(cloud.database, { merchantId, role: 'owner' });
  const owned = await signInConsole(cloud.cloud, owner);
  const detail = await owned.call('GET', `/sales/${stored.id}`);
  expect(detail.status, detail.text).toBe(200);
  expect(detail.json()).toMatchObject({
    document: {
      type: 'z_report',
      total: -20,
      vat: [
        { code: 'B', rate: 20, taxableAmount: -25, vatAmount: -5 },
        { code: 'A', rate: 8, taxableAmount: 9.26, vatAmount: 0.74 },
      ],
      payments: [{ code: '1', amount: -20 }],
    },
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const vat = await owned.call(
    'GET',
    `/reports/vat-daily?from=${day(-1)}&to=${day(1)}&terminalId=${stored.terminalId}`,
  );
  expect(vat.status, vat.text).toBe(200);
  expect(vat.json()).toMatchObject({
    totals: [
      {
        code: 'A',
        sales: { gross: 10 },
        refunds: { gross: 0 },
        net: { taxable: 9.26, vat: 0.74, gross: 10 },
      },
      {
        code: 'B',
        sales: { gross: 35 },
        refunds: { gross: 30 },
        net: { taxable: 4.17, vat: 0.83, gross: 5 },
      },
    ],
  });
});

it('sends a cloud that does not accept signed report amounts every amount positive, and goes on', async () => {
  const older = await proxy();
  older.olderCloud = true;
  const t = await till('older-cloud', older.url);
  const zId = await dayGivingBackMore(t);
  // The sale after the report is in the cloud too: nothing held the outbox back.
  await pushReaches(t, drained);
  expect(older.refusedPushes).toEqual([]);
  expect(await storedReport(zId)).toMatchObject(UNSIGNED);
});

it('follows a cloud rolled back to a version before signed report amounts at its next sync', async () => {
  const rolledBack = await proxy();
  const t = await till('rolled-back', rolledBack.url);
  const sync = async () =>
    expect(
      (await t.terminal.call('POST', '/api/catalog/sync', undefined, { 'X-API-Key': t.apiKey })).status,
    ).toBe(200);
  // The sync at start has seen the cloud as it was (it waits for that one, and one more).
  await sync();
  rolledBack.olderCloud = true;
  const zId = await dayGivingBackMore(t);
  // The terminal still believes in signed amounts: the older cloud refuses the report, which is
  // set aside; the sale after it goes up.
  await pushReaches(t, (s) => s.documentsRefused === 1 && s.documentsWaiting === 1);
  expect(rolledBack.refusedPushes.length).toBeGreaterThan(0);
  // Its next sync learns the cloud names no capabilities, a change that offers the refused
  // report again at once; it goes up positive.
  await sync();
  await pushReaches(t, (s) => drained(s) && s.documentsRefused === 0);
  expect(await storedReport(zId)).toMatchObject(UNSIGNED);
});
