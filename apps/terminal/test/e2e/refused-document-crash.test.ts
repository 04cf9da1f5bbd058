/**
 * A document set aside because the cloud refused it stays set aside through kill -9: the real
 * terminal process (src/main.ts, fiscal against mev-sim) pushing to a real cloud (PGlite) that
 * refuses one sale, whose row was corrupted in the terminal's SQLite file. Killed with SIGKILL
 * and started again while the cloud is away, the terminal still shows it refused (read from its
 * file, before any push); once the row is repaired and the cloud is back, the round at start
 * sends it, exactly once.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalDocuments } from '../../../cloud/src/db/schema.js';
import { cashSale, removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

let cloud: TestCloud;
let sim: Simulator;
let terminal: TerminalProcess;
let terminalEnv: Record<string, string>;
let apiKey: string;
const dataDir = tempDir('refused-document-crash');

interface Platform {
  documentsWaiting: number;
  documentsRefused: number;
  lastRefusal: { operationId: string; reason: string } | null;
}

beforeAll(async () => {
  [cloud, sim] = await Promise.all([startCloudForTerminals(), startSimulator()]);
  const merchantId = await cloud.merchant();
  const { activationCode } = await cloud.terminal(merchantId);
  terminalEnv = {
    CLOUD_URL: cloud.url,
    ACTIVATION_CODE: activationCode,
    CATALOG_SYNC_INTERVAL_MS: '600000',
    PLATFORM_PUSH_INTERVAL_MS: '50',
    PLATFORM_RETRY_BASE_MS: '50',
    PLATFORM_RETRY_MAX_MS: '200',
  };
  terminal = await startTerminalProcess({ dataDir, sim, env: terminalEnv });
  apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
});

afterAll(async () => {
  await terminal?.kill();
  await sim?.stop();
  await cloud?.close();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

async function sell(): Promise<{ saleId: string; fiscalOperationId: string }> {
  const res = await fetch(`${terminal.url}/api/sales`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(cashSale(10)),
  });
  const body = (await res.json()) as { data: { saleId: string; fiscalOperationId: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const platform = async () =>
  ((await (await fetch(`${terminal.url}/api/health`)).json()) as { data: { platform: Platform } }).data
    .platform;

async function platformWhen(done: (p: Platform) => boolean): Promise<Platform> {
  for (;;) {
    const state = await platform();
    if (done(state)) return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function writeProductId(saleId: string, productId: string | null): void {
  const db = new Database(join(dataDir, 'terminal.sqlite'));
  try {
    db.prepare('UPDATE sale_items SET product_id = ? WHERE sale_id = ?').run(productId, saleId);
  } finally {
    db.close();
  }
}

const inCloud = async (operationId: string) =>
  (
    await cloud.cloud.ctx.db.select({ operationId: fiscalDocuments.operationId }).from(fiscalDocuments)
  ).filter((d) => d.operationId === operationId).length;

it('keeps a refused document set aside through kill -9, and sends it once repaired', async () => {
  await cloud.stop();
  const refused = await sell();
  const after = await sell();
  writeProductId(refused.saleId, 'p'.repeat(101));
  await cloud.restart();
  const line = await terminal.logged(/a fiscal document was refused/);
  expect(line).toContain(refused.fiscalOperationId);
  await platformWhen((p) => p.documentsRefused === 1 && p.documentsWaiting === 1);
  expect(await inCloud(after.fiscalOperationId)).toBe(1);

  await terminal.kill('SIGKILL');
  await cloud.stop();
  terminal = await startTerminalProcess({ dataDir, sim, env: terminalEnv });
  // The cloud is away: what health says comes from the file.
  expect(await platform()).toMatchObject({
    documentsWaiting: 1,
    documentsRefused: 1,
    lastRefusal: { operationId: refused.fiscalOperationId },
  });

  // Repaired, and the cloud back: the round that started with the process, failed and backed
  // off while the cloud was away, sends it.
  writeProductId(refused.saleId, null);
  await cloud.restart();
  await platformWhen((p) => p.documentsWaiting === 0 && p.documentsRefused === 0);
  expect(await inCloud(refused.fiscalOperationId)).toBe(1);
  expect(await inCloud(after.fiscalOperationId)).toBe(1);
});
