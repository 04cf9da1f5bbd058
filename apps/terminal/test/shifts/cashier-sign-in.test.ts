// A cloud cashier opening a shift proves who they are with their PIN, checked on the terminal
// against the verifier its catalog synced from a real cloud: the right PIN opens the shift under
// the cloud's name; a wrong, missing or misplaced one changes nothing; wrong PINs in a row lock
// the cashier out across a restart, and a burst of guesses is checked one at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { readStoredApiKey } from '../../src/storage/api-key-file.js';
import {
  cashSale,
  tempDir,
  type TerminalHandle,
  TestClock,
  useSimulator,
} from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';

const env = useSimulator();
const clock = new TestClock();
let cloud: TestCloud;
let terminal: TerminalHandle;
let dataDir: string;
let key: string;
const cashiers: Record<string, string> = {};

const startTerminal = async () => {
  terminal = await env.start({
    dataDir,
    clock,
    card: 'none',
    config: { platform: { ...loadTerminalConfig({}).platform, catalogSyncIntervalMs: 600_000 } },
  });
};
const open = (body: Record<string, unknown>) =>
  terminal.call('POST', '/api/shifts/open', body, { 'X-API-Key': key });
const close = async () => {
  const res = await terminal.call('POST', '/api/shifts/close', { printReport: false }, { 'X-API-Key': key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const current = async () =>
  (await terminal.call('GET', '/api/shifts/current', undefined, { 'X-API-Key': key })).body;

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  const merchantId = await cloud.merchant();
  for (const [name, pin] of [
    ['Ana', '0421'],
    ['Ion', '1234'],
    ['Maria', '7777'],
  ] as const) {
    const created = await cloud.admin<{ id: string }>('POST', `/merchants/${merchantId}/cashiers`, {
      name,
      role: 'cashier',
      pin,
    });
    cashiers[name] = created.id;
  }
  const { activationCode } = await cloud.terminal(merchantId);
  dataDir = tempDir('sign-in');
  await activateTerminal({ cloudUrl: cloud.url, code: activationCode, dataDir });
  key = readStoredApiKey(dataDir)!;
  await startTerminal();
  const synced = await terminal.call('POST', '/api/catalog/sync', undefined, { 'X-API-Key': key });
  expect(synced.status).toBe(200);
});

afterAll(async () => {
  await cloud?.close();
});

describe('opening a shift as a cashier of the cloud', () => {
  it('opens with the right PIN, under the name the cloud gives the cashier', async () => {
    const res = await open({ cashierId: cashiers.Ana, cashierName: 'Someone else', pin: '0421' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ cashierId: cashiers.Ana, cashierName: 'Ana', status: 'open' });
    const sale = await terminal.call('POST', '/api/sales', cashSale(10), { 'X-API-Key': key });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    await close();
  });

  it('refuses a wrong PIN with 403 and opens nothing', async () => {
    const res = await open({ cashierId: cashiers.Ana, pin: '0000' });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('CASHIER_PIN_INVALID');
    expect((await current()).data?.shift).toBeNull();
  });

  it('asks a cloud cashier for their PIN, and a PIN for a cloud cashier', async () => {
    const missing = await open({ cashierId: cashiers.Ana });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.details).toEqual([
      expect.objectContaining({ field: 'pin', code: 'PIN_INVALID' }),
    ]);

    const alone = await open({ pin: '0421' });
    expect(alone.status).toBe(400);
    expect(alone.body.error?.details).toEqual([
      expect.objectContaining({ field: 'pin', code: 'PIN_INVALID' }),
    ]);

    for (const pin of ['421', '04210', 'abcd', 421]) {
      const malformed = await open({ cashierId: cashiers.Ana, pin });
      expect(malformed.status, String(pin)).toBe(400);
    }

    const unknown = await open({ cashierId: 'erp-17', pin: '0421' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('CASHIER_NOT_FOUND');
    expect((await current()).data?.shift).toBeNull();
  });

  it('takes an ERP’s own cashier as given, without a PIN', async () => {
    const res = await open({ cashierId: 'erp-17', cashierName: 'Vasile' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ cashierId: 'erp-17', cashierName: 'Vasile' });
    await close();
  });
});

describe('wrong PINs in a row', () => {
  it('lock the cashier out after five, even with the right PIN, and across a restart', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await open({ cashierId: cashiers.Ion, pin: '9999' });
      expect(res.status, `attempt ${attempt}`).toBe(403);
    }
    const locked = await open({ cashierId: cashiers.Ion, pin: '1234' });
    expect(locked.status).toBe(429);
    expect(locked.body.error?.code).toBe('CASHIER_LOCKED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    await terminal.stop();
    await startTerminal();
    expect((await open({ cashierId: cashiers.Ion, pin: '1234' })).status).toBe(429);
    // Other cashiers are not held up by Ion's lock.
    const ana = await open({ cashierId: cashiers.Ana, pin: '0421' });
    expect(ana.status).toBe(200);
    await close();
  });

  it('doubles the wait with each further wrong PIN, and the right one clears the count', async () => {
    clock.advance(60_000);
    expect((await open({ cashierId: cashiers.Ion, pin: '9998' })).status).toBe(403);
    const second = await open({ cashierId: cashiers.Ion, pin: '1234' });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(120);

    clock.advance(120_000);
    const opened = await open({ cashierId: cashiers.Ion, pin: '1234' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await close();
    // Counting starts again: four wrong PINs do not lock.
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await open({ cashierId: cashiers.Ion, pin: '9999' })).status).toBe(403);
    }
    expect((await open({ cashierId: cashiers.Ion, pin: '1234' })).status).toBe(200);
    await close();
  });

  it('checks a burst of guesses sent at once one at a time: the others are told to wait', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    const answers = await Promise.all(guesses.map((pin) => open({ cashierId: cashiers.Maria, pin })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
    const checked = statuses.filter((status) => status === 403).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThan(guesses.length);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.error?.code).toBe('CASHIER_LOCKED');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
