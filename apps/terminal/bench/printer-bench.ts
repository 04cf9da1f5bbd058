/**
 * `npm run bench -- --only printer`: a receipt printed end to end (our encoding, TCP to the
 * printer, the printer's status answer after the job) into printer-sim, and a sale's latency
 * with its receipt printed against the same sale without: printing goes through the durable
 * queue and must not slow the answer.
 */
import { startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { startPrinterSimProcess, type PrinterSimProcess } from '@fiscal-pos/printer-sim';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize } from '../../../bench/load/latency-stats.js';
import { encodeDocument } from '../src/printing/escpos-encoding.js';
import type { PrintDocument } from '../src/printing/receipt-printer.js';
import { TcpPrinter } from '../src/printing/tcp-printer.js';
import { PRINTED_SALE_BODY, sales, startBenchTerminal } from './terminal-bench.js';

type Figures = Record<string, number | string>;

const RECEIPTS = 300;
const SALES = 600;
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A receipt of 20 items, in Romanian and Russian, with its QR code: a full basket's paper. */
const RECEIPT: PrintDocument = {
  kind: 'receipt',
  lines: [
    { large: ['', 'SRL „Ţărăncuţa” Magazin', ''] },
    ['', 'COD FISCAL 1003600012345', ''],
    ['NR. INREGISTRARE', 'J403001234'],
    ['', 'BON FISCAL', ''],
    ...Array.from({ length: 20 }, (_, i) => [
      [i % 2 === 0 ? `Cafea „Brăila” ${i}` : `Чай зелёный ${i}`],
      [`${i + 1} x 12.50`, `${(12.5 * (i + 1)).toFixed(2)} B`],
    ]).flat(),
    { large: ['TOTAL', '2625.00'] },
    ['TVA B 20%', '437.50'],
    ['NUMERAR', '2625.00'],
    ['COD FISCAL', 'ABCD1234EFGH5678'],
  ],
  qrCode: 'https://mev.sfs.md/receipt-verifier/J403001234?id=0123456789abcdef',
  feedLines: 3,
  cut: true,
};

function port(sim: PrinterSimProcess): number {
  return Number(new URL(sim.url.replace(/^tcp:/, 'http:')).port);
}

async function printedReceipts(printer: PrinterSimProcess): Promise<Figures> {
  const driver = new TcpPrinter({ host: '127.0.0.1', port: port(printer), columns: 48, timeoutMs: 5_000 });
  const encodeMs: number[] = [];
  const printMs: number[] = [];
  for (let i = 0; i < 20; i++) await driver.print(RECEIPT);
  for (let i = 0; i < RECEIPTS; i++) {
    const encodeStart = performance.now();
    encodeDocument(RECEIPT, 48);
    encodeMs.push(performance.now() - encodeStart);
    const start = performance.now();
    await driver.print(RECEIPT);
    printMs.push(performance.now() - start);
  }
  const encode = summarize(encodeMs);
  const print = summarize(printMs);
  return {
    '1 receipt bytes (20 items, QR)': encodeDocument(RECEIPT, 48).length,
    '1 encode p50 ms': round(encode.p50),
    '1 encode p99 ms': round(encode.p99),
    '1 receipt printed end to end p50 ms (encode + TCP + status before and after)': round(print.p50),
    '1 receipt printed end to end p99 ms': round(print.p99),
    '1 receipts measured': RECEIPTS,
  };
}

async function saleLatency(
  mev: MevSimProcess,
  printer: PrinterSimProcess,
  scratch: string,
): Promise<Figures> {
  const plain = await startBenchTerminal(mev, join(scratch, 'plain'));
  const driver = new TcpPrinter({ host: '127.0.0.1', port: port(printer), columns: 48, timeoutMs: 5_000 });
  const printing = await startBenchTerminal(mev, join(scratch, 'printing'), driver);
  try {
    await sales(plain.url, 1, 200, 15_000);
    await sales(printing.url, 1, 200, 15_000, false, PRINTED_SALE_BODY);
    await printing.rt.printQueue.drained();
    const without = await sales(plain.url, 1, SALES, 30_000);
    const withPaper = await sales(printing.url, 1, SALES, 30_000, false, PRINTED_SALE_BODY);
    const drainStart = performance.now();
    await printing.rt.printQueue.drained();
    const drainMs = performance.now() - drainStart;
    for (const [what, load] of [
      ['without', without],
      ['with', withPaper],
    ] as const) {
      if (load.failures > 0)
        throw new Error(`sales ${what} printing: ${load.failures} failed: ${load.firstError}`);
    }
    return {
      '2 sale p50 ms, no receipt': round(without.latency.p50),
      '2 sale p99 ms, no receipt': round(without.latency.p99),
      '2 sale p50 ms, receipt printed': round(withPaper.latency.p50),
      '2 sale p99 ms, receipt printed': round(withPaper.latency.p99),
      '2 sales measured each': SALES,
      '2 receipts still queued when the sales ended': printing.rt.printQueue.queuedCount(),
      '2 ms to print what was still queued': round(drainMs, 0),
    };
  } finally {
    await plain.close();
    await printing.close();
  }
}

export async function runPrinterBench(): Promise<Figures> {
  const scratch = mkdtempSync(join(tmpdir(), 'fiscal-pos-printer-bench-'));
  const printer = await startPrinterSimProcess({ dataDir: join(scratch, 'printer-sim') });
  const mev = await startMevSimProcess({ dataDir: join(scratch, 'mev-sim') });
  try {
    return { ...(await printedReceipts(printer)), ...(await saleLatency(mev, printer, scratch)) };
  } finally {
    await mev.stop();
    await printer.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
