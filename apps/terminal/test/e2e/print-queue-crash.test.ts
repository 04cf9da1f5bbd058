/**
 * kill -9 of the terminal process with receipts waiting for a printer that is out of paper:
 * after the restart the queue is still there, and once the printer is back each receipt comes
 * out once, in order. The printer is printer-sim, the terminal the real process (main.ts).
 */
import {
  printedPages,
  setPrinterFault,
  startPrinterSimProcess,
  type PrinterSimProcess,
} from '@fiscal-pos/printer-sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY, cashSale, removeDir, startSimulator, tempDir } from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let printer: PrinterSimProcess;
let terminal: TerminalProcess | undefined;
const dataDir = tempDir('print-queue-crash');

beforeAll(async () => {
  sim = await startSimulator();
  printer = await startPrinterSimProcess({ dataDir: tempDir('printer-sim') });
});

afterAll(async () => {
  await terminal?.kill();
  await printer?.stop();
  await sim?.stop();
  removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

const start = () =>
  startTerminalProcess({ dataDir, sim, env: { PRINTER: printer.url, PRINTER_RETRY_MAX_MS: '100' } });

async function call(t: TerminalProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(t.url + path, {
    method,
    headers: { 'X-API-Key': API_KEY, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { data: { queued: unknown[] } & Record<string, unknown> };
}

it('receipts queued before a kill -9 print once each, in order, after the restart', async () => {
  await setPrinterFault(printer.adminUrl, { mode: 'paper-out' });
  terminal = await start();
  const qrCodes: unknown[] = [];
  for (const amount of [21, 22, 23]) {
    qrCodes.push(
      (await call(terminal, 'POST', '/api/sales', { ...cashSale(amount), printReceipt: true })).data
        .qrCodeData,
    );
  }
  expect((await call(terminal, 'GET', '/api/printer/jobs')).data.queued).toHaveLength(3);
  await terminal.kill('SIGKILL');

  terminal = await start();
  expect((await call(terminal, 'GET', '/api/printer/jobs')).data.queued).toHaveLength(3);
  await setPrinterFault(printer.adminUrl, { mode: 'ok' });
  const deadline = Date.now() + 15_000;
  while ((await printedPages(printer.adminUrl)).length < 3) {
    if (Date.now() > deadline) throw new Error(`receipts not printed:\n${terminal.logTail().join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Nothing more comes: each receipt once.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const pages = await printedPages(printer.adminUrl);
  expect(pages.map((page) => page.qrPayloads[0])).toEqual(qrCodes);
  expect((await call(terminal, 'GET', '/api/printer/jobs')).data.queued).toHaveLength(0);
});
