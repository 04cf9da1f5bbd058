/**
 * One document the cloud refuses (400, validation) must not hold back the others: a real cloud
 * refuses a real sale whose row in the terminal's SQLite file was corrupted (a product id longer
 * than the protocol allows). The sales after it reach the cloud, the refused one is set aside and
 * shown in health, and once its row is repaired the retry at the next start (or the periodic
 * one) sends it, once. The merchant's console (the cloud's fleet) shows the refusal and alerts
 * on it until it is mended.
 * Real cloud (PGlite), real terminal, real mev-sim.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFUSAL_REASON_MAX_LENGTH } from '@fiscal-pos/platform-protocol';
import { fiscalDocuments } from '../../../cloud/src/db/schema.js';
import { fleetTerminals, type FleetTerminal } from '../../../cloud/src/fleet/fleet-terminals.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { restartPushingTerminal, startPushingTerminal } from './pushing-terminal.js';

const env = useSimulator();
let cloud: TestCloud;
let terminal: TerminalHandle;
let apiKey: string;
let merchantId: string;

interface Platform {
  documentsWaiting: number;
  documentsRefused: number;
  lastRefusal: { operationId: string; reason: string; at: string } | null;
  lastPushAt: string | null;
  lastPushError: string | null;
}

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  merchantId = await cloud.merchant();
  const { activationCode } = await cloud.terminal(merchantId);
  ({ terminal, apiKey } = await startPushingTerminal(env, {
    cloudUrl: cloud.url,
    activationCode,
    name: 'refused-document',
  }));
});

afterAll(async () => {
  await cloud?.close();
});

async function sell(): Promise<{ saleId: string; operationId: string }> {
  const res = await terminal.call<{ data: { saleId: string; fiscalOperationId: string } }>(
    'POST',
    '/api/sales',
    cashSale(10),
    { 'X-API-Key': apiKey },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { saleId: res.body.data.saleId, operationId: res.body.data.fiscalOperationId };
}

const platform = async () =>
  (await terminal.call<{ data: { platform: Platform } }>('GET', '/api/health')).body.data.platform;

/** Health's platform block once `done` holds (the test's timeout bounds the wait). */
async function platformWhen(done: (p: Platform) => boolean): Promise<Platform> {
  for (;;) {
    const state = await platform();
    if (done(state)) return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sets a column of a sale's lines in the terminal's file, as a defect of an older version could have. */
function writeLines(saleId: string, column: 'product_id' | 'vat_code', value: string | null): void {
  const db = new Database(join(terminal.dataDir, 'terminal.sqlite'));
  try {
    db.prepare(`UPDATE sale_items SET ${column} = ? WHERE sale_id = ?`).run(value, saleId);
  } finally {
    db.close();
  }
}

const writeProductId = (saleId: string, productId: string | null) =>
  writeLines(saleId, 'product_id', productId);

/** The cloud's documents, by operation id (one each, or the terminal's push doubled one). */
const cloudDocuments = async () =>
  (await cloud.cloud.ctx.db.select({ operationId: fiscalDocuments.operationId }).from(fiscalDocuments)).map(
    (d) => d.operationId,
  );
const inCloud = async (operationId: string) =>
  (await cloudDocuments()).filter((id) => id === operationId).length;

/** The terminal as the merchant's console shows it (the fleet API's source) once `done` holds. */
async function fleetWhen(done: (t: FleetTerminal) => boolean): Promise<FleetTerminal> {
  for (;;) {
    const [shown] = await fleetTerminals(cloud.cloud.ctx.db, {
      merchantId,
      now: new Date(),
      relayUrl: undefined,
    });
    if (shown && done(shown)) return shown;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const alerted = (t: FleetTerminal) => t.alerts.some((a) => a.code === 'documents_refused');

it('sets a refused document aside, sends the later ones, and sends it once repaired', async () => {
  await cloud.stop();
  const before = await sell();
  const refused = await sell();
  const after = await sell();
  // The protocol takes a product id of at most 100 characters: the cloud refuses the whole push.
  writeProductId(refused.saleId, 'p'.repeat(101));
  await cloud.restart();

  const state = await platformWhen((p) => p.documentsRefused === 1 && p.documentsWaiting === 1);
  expect(state.lastRefusal).toMatchObject({ operationId: refused.operationId });
  expect(state.lastRefusal!.reason).toContain('productId');
  expect(state.lastPushError).toBeNull();
  expect(await inCloud(before.operationId)).toBe(1);
  expect(await inCloud(after.operationId)).toBe(1);
  expect(await inCloud(refused.operationId)).toBe(0);
  const metrics = await (await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': apiKey } })).text();
  expect(metrics).toMatch(/^platform_outbox_refused 1$/m);
  expect(metrics).toMatch(/^platform_outbox_size 1$/m);
  // The merchant's console hears of it, and why, with the health report that follows the refusal.
  const shown = await fleetWhen((t) => t.health?.documentsRefused === 1);
  expect(shown.health!.lastRefusal).toMatchObject({ operationId: refused.operationId });
  expect(shown.health!.lastRefusal!.reason).toContain('productId');
  expect(alerted(shown)).toBe(true);

  // Set aside, it no longer stands in the way: a sale made now goes up as usual.
  const later = await sell();
  await platformWhen((p) => p.documentsWaiting === 1);
  expect(await inCloud(later.operationId)).toBe(1);

  // Repaired (an upgrade fixes such data), it is offered again when the terminal starts.
  writeProductId(refused.saleId, null);
  terminal = await restartPushingTerminal(env, terminal);
  const repaired = await platformWhen((p) => p.documentsWaiting === 0 && p.lastPushAt !== null);
  expect(repaired).toMatchObject({ documentsRefused: 0, lastRefusal: null, lastPushError: null });
  // The report of none refused follows at once: the console's alert is gone.
  const mended = await fleetWhen((t) => t.health?.documentsRefused === 0);
  expect(mended.health!.lastRefusal).toBeNull();
  expect(alerted(mended)).toBe(false);
  expect(await inCloud(refused.operationId)).toBe(1);
  expect((await cloud.cloud.ctx.db.select({ id: fiscalDocuments.id }).from(fiscalDocuments)).length).toBe(4);
});

it('offers the refused documents again periodically', async () => {
  terminal = await restartPushingTerminal(env, terminal, { refusedRetryMs: 100 });
  await cloud.stop();
  const refused = await sell();
  writeProductId(refused.saleId, 'p'.repeat(101));
  await cloud.restart();
  const { lastPushAt } = await platformWhen((p) => p.documentsRefused === 1);
  expect(await inCloud(refused.operationId)).toBe(0);
  // Rounds offer it again (each refusal counts an attempt) and confirm nothing: the last push
  // the cloud confirmed is still the one before.
  const attempts = () => {
    const db = new Database(join(terminal.dataDir, 'terminal.sqlite'), { readonly: true });
    try {
      return db
        .prepare<[string], { attempts: number }>(
          `SELECT p.attempts FROM platform_outbox p JOIN fiscal_operations o ON o.seq = p.seq
            WHERE p.due = 1 AND o.id = ?`,
        )
        .get(refused.operationId)!.attempts;
    } finally {
      db.close();
    }
  };
  const before = attempts();
  while (attempts() < before + 2) await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await platform()).lastPushAt).toBe(lastPushAt);

  // Repaired while the terminal runs: a later round sends it, no restart needed.
  writeProductId(refused.saleId, null);
  await platformWhen((p) => p.documentsWaiting === 0 && p.documentsRefused === 0);
  expect(await inCloud(refused.operationId)).toBe(1);
});

it('sets aside a document the terminal cannot build, as one the cloud refuses; reports each new refusal at once', async () => {
  await cloud.stop();
  const broken = await sell();
  const after = await sell();
  // A VAT code outside the vocabulary: the terminal refuses to push it (platform-document.ts).
  // Long enough that the reason naming it is longer than a health report carries.
  writeLines(broken.saleId, 'vat_code', 'Z'.repeat(REFUSAL_REASON_MAX_LENGTH));
  await cloud.restart();
  const state = await platformWhen((p) => p.documentsRefused === 1 && p.documentsWaiting === 1);
  expect(state.lastRefusal).toMatchObject({ operationId: broken.operationId });
  expect(state.lastRefusal!.reason).toContain('not in the vocabulary');
  expect(await inCloud(after.operationId)).toBe(1);
  // The health report carries the reason cut short, not refused for its length.
  const shown = await fleetWhen((t) => t.health?.lastRefusal?.operationId === broken.operationId);
  expect(shown.health!.lastRefusal!.reason).toHaveLength(REFUSAL_REASON_MAX_LENGTH);
  expect(shown.health!.lastRefusal!.reason).toMatch(/^The terminal cannot build the document: .*Z…$/);

  // Another document refused while that one is set aside: the console hears of it, and why, at
  // once, not at the next periodic report (a minute away).
  await cloud.stop();
  const second = await sell();
  writeProductId(second.saleId, 'p'.repeat(101));
  await cloud.restart();
  await platformWhen((p) => p.documentsRefused === 2);
  const both = await fleetWhen((t) => t.health?.lastRefusal?.operationId === second.operationId);
  expect(both.health!.documentsRefused).toBe(2);

  // Repaired, the next round sends them (this terminal runs them every 100 ms, see above).
  writeLines(broken.saleId, 'vat_code', 'B');
  writeProductId(second.saleId, null);
  await platformWhen((p) => p.documentsWaiting === 0 && p.documentsRefused === 0);
  expect(await inCloud(broken.operationId)).toBe(1);
  expect(await inCloud(second.operationId)).toBe(1);
});
