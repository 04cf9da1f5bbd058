/**
 * `HISTORY_FILE=<dir> npm run terminal` on a history the bench built (a small one: 2,000 sales
 * over two days, each closed by its Z report): the development terminal copies it into its new
 * DATA_DIR, its own mev-sim adopts the terminal at the file's report, and a sale and a Z report
 * are registered there, where a fresh simulator would refuse them with REPORT_NUMBER_MISMATCH.
 */
import { listRegistrations } from '@fiscal-pos/mev-sim';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SALE_REQUEST } from '../../bench/history/bench-terminal.js';
import { writeHistory } from '../../bench/history/history-file.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';
import { API_KEY, removeDir, tempDir } from '../support/terminal-harness.js';

const SALES = 2_000;
const historyDir = tempDir('history-source');
const dataDir = tempDir('history-terminal');
let zReports: number;
let terminal: TerminalProcess;

beforeAll(async () => {
  zReports = await writeHistory(historyDir, SALES, () => {});
  terminal = await startTerminalProcess({
    dataDir,
    env: { HISTORY_FILE: historyDir, PRINTER: 'none' },
    readyTimeoutMs: 60_000,
  });
}, 120_000);

afterAll(async () => {
  await terminal?.stop();
  removeDir(dataDir);
  removeDir(historyDir);
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${terminal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

/** The embedded simulator's admin address, from the terminal's log line that started it. */
function embeddedAdminUrl(): string {
  for (const line of terminal.logTail()) {
    if (!line.includes('started mev-sim')) continue;
    return (JSON.parse(line) as { adminUrl: string }).adminUrl;
  }
  throw new Error(`no mev-sim start in the log:\n${terminal.logTail().join('\n')}`);
}

it('sells and closes the day on a copy of the history, registered by its mev-sim', async () => {
  expect(zReports).toBe(2);
  const report = zReports + 1;

  const sale = await post('/api/sales', SALE_REQUEST);
  expect(sale.status).toBe(200);
  expect(sale.body.data).toMatchObject({
    isOffline: false,
    receiptNumber: 1,
    fiscalCode: expect.any(String),
  });
  const z = await post('/api/reports/z', { printReport: false });
  expect(z.status).toBe(200);
  expect(z.body.data).toMatchObject({
    reportNumber: report,
    isOffline: false,
    fiscalCode: expect.any(String),
  });

  const registered = await listRegistrations(
    embeddedAdminUrl(),
    readFileSync(join(dataDir, 'fiscal', 'ca-cert.pem'), 'utf8'),
    { registrationNumber: terminal.registrationNumber },
  );
  expect(registered.map((r) => [r.type, r.reportNumber, r.receiptNumber, r.fiscalCode])).toEqual([
    ['receipt', report, 1, sale.body.data.fiscalCode],
    ['z_report', report, null, z.body.data.fiscalCode],
  ]);
  // The history itself came along: its sales are listed beside the new one.
  const listed = await fetch(`${terminal.url}/api/sales?limit=1`, { headers: { 'x-api-key': API_KEY } });
  expect(((await listed.json()) as { data: { total: number } }).data.total).toBe(SALES + 1);
});

it('never copies a history over a DATA_DIR that holds a terminal', async () => {
  await terminal.stop();
  await expect(
    startTerminalProcess({ dataDir, env: { HISTORY_FILE: historyDir, PRINTER: 'none' } }),
  ).rejects.toThrow(/terminal\.sqlite exists; give a new DATA_DIR/);
});
