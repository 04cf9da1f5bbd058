/**
 * The ESC/POS driver against the real printer simulator (a TCP process): every document kind
 * comes out as our layout says at 32 and 48 columns, with Romanian and Russian intact and the
 * QR payload equal to the receipt's; each fault mode gets its answer; the durable queue prints
 * in order, once, after the printer is back, and a cashier can drop a stuck job.
 */
import {
  parserErrors,
  printedPages,
  setPrinterFault,
  startPrinterSimProcess,
  type PrinterSimProcess,
} from '@fiscal-pos/printer-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { printableText } from '../../src/printing/escpos-encoding.js';
import { layoutDocument } from '../../src/printing/print-layout.js';
import type { PrintDocument, PrinterState, ReceiptPrinter } from '../../src/printing/receipt-printer.js';
import { TcpPrinter } from '../../src/printing/tcp-printer.js';
import {
  API_KEY,
  cashSale,
  tempDir,
  useSimulator,
  type TerminalHandle,
} from '../support/terminal-harness.js';

/** The real driver, remembering what it was given so that the test knows what paper to expect. */
class RecordingPrinter implements ReceiptPrinter {
  readonly documents: PrintDocument[] = [];
  constructor(private readonly driver: TcpPrinter) {}
  readonly available = true;
  get address() {
    return this.driver.address;
  }
  async print(document: PrintDocument): Promise<PrinterState> {
    const state = await this.driver.print(document);
    this.documents.push(document);
    return state;
  }
  status() {
    return this.driver.status();
  }
}

const env = useSimulator();
let sim: PrinterSimProcess;

beforeAll(async () => {
  sim = await startPrinterSimProcess({ dataDir: tempDir('printer-sim') });
});

afterAll(async () => {
  await sim?.stop();
});

beforeEach(async () => {
  await setPrinterFault(sim.adminUrl, { mode: 'ok' });
});

function driver(columns = 48): RecordingPrinter {
  const port = Number(new URL(sim.url.replace(/^tcp:/, 'http:')).port);
  return new RecordingPrinter(new TcpPrinter({ host: '127.0.0.1', port, columns, timeoutMs: 3_000 }));
}

const startWith = (printer: ReceiptPrinter) =>
  env.start({
    printer,
    card: 'none',
    config: {
      merchant: { name: 'SRL „Ţărăncuţa” Magazin', idno: '1003600012345', address: 'str. Ştefan cel Mare 1' },
      printerRetryMaxMs: 100,
    },
  });

/** A page's lines without trailing spaces and without the feed after the last text. */
function pageLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  while (lines.at(-1) === '') lines.pop();
  return lines;
}

function expectedLines(document: PrintDocument, columns: number): string[] {
  return pageLines(
    [
      ...layoutDocument(document.lines, 0, columns).map(printableText),
      ...(document.qrCode === undefined ? [] : [`[QR ${document.qrCode}]`]),
    ].join('\n'),
  );
}

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pagesAfter = async (before: number, count: number) =>
  waitFor(async () => {
    const pages = await printedPages(sim.adminUrl);
    return pages.length >= before + count ? pages.slice(before) : undefined;
  });

async function ok(terminal: TerminalHandle, path: string, body: unknown = {}) {
  const res = await terminal.call('POST', path, body);
  expect(res.body.error ?? null, path).toBeNull();
  return res.body.data as Record<string, unknown>;
}

const sale = {
  items: [
    { name: 'Cafea „Brăila” şi ceai', unitPrice: 20, quantity: 2, vatCode: 'A' },
    { name: 'Чай зелёный', unitPrice: 7.5, quantity: 2, vatCode: 'B' },
    { name: 'Sare iodată (ș ț)', unitPrice: 5, quantity: 1, vatCode: 'B' },
  ],
  payments: [{ type: '1', amount: 100 }],
  amountReceived: 100,
  change: 40,
  printReceipt: true,
};

describe.each([32, 48])('every document through the driver at %i columns', (columns) => {
  let terminal: TerminalHandle;
  let printer: RecordingPrinter;

  beforeAll(async () => {
    printer = driver(columns);
    terminal = await startWith(printer);
  });

  afterAll(async () => {
    await terminal?.stop();
  });

  it('prints sale, refund, cash-in, cash-out, duplicate, X, Z, periodic and free text as laid out', async () => {
    const before = (await printedPages(sim.adminUrl)).length;
    const errorsBefore = (await parserErrors(sim.adminUrl)).length;
    const sold = await ok(terminal, '/api/sales', sale);
    const refunded = await ok(terminal, `/api/sales/${String(sold.saleId)}/refund`, {
      items: [{ index: 1, quantity: 1 }],
      reason: 'ambalaj deteriorat',
      printReceipt: true,
    });
    await ok(terminal, '/api/cash/in', { amount: 100, reason: 'fond de schimb', printReceipt: true });
    await ok(terminal, '/api/cash/out', { amount: 20.5, printReceipt: true });
    await ok(terminal, `/api/sales/${String(sold.saleId)}/duplicate`);
    await ok(terminal, '/api/reports/x', { printReport: true });
    await ok(terminal, '/api/reports/z', { printReport: true });
    await ok(terminal, '/api/reports/periodic', { reportFrom: 1, printReport: true });
    await ok(terminal, '/api/print', {
      lines: [['Mulţumim!'], ['Спасибо', 'за покупку'], ['A', 'B', 'C']],
      cut: true,
    });

    const pages = await pagesAfter(before, 9);
    await terminal.paperOut();
    expect(printer.documents.map((d) => d.kind)).toEqual([
      'receipt',
      'receipt',
      'service-receipt',
      'service-receipt',
      'receipt-copy',
      'report',
      'report',
      'report',
      'text',
    ]);
    pages.forEach((page, i) => {
      const document = printer.documents[i]!;
      expect(pageLines(page.text), `page ${i + 1} (${document.kind})`).toEqual(
        expectedLines(document, columns),
      );
      expect(page.qrPayloads).toEqual(document.qrCode === undefined ? [] : [document.qrCode]);
    });
    // Free text is marked as not a fiscal document, first and last, on the paper itself.
    const freeText = pageLines(pages[8]!.text)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    expect([freeText[0], freeText.at(-1)]).toEqual(['NU ESTE DOCUMENT FISCAL', 'NU ESTE DOCUMENT FISCAL']);
    expect(pages[0]!.qrPayloads).toEqual([sold.qrCodeData]);
    expect(pages[1]!.qrPayloads).toEqual([refunded.qrCodeData]);
    const saleText = pages[0]!.text;
    for (const text of ['Ţărăncuţa', 'Brăila', 'şi', 'Чай зелёный', 'iodată (ş ţ)'])
      expect(saleText).toContain(text);
    // The merchant's name and the TOTAL come out bold in double size.
    const large = pages[0]!.lines.filter(
      (line) => line.bold && line.widthScale === 2 && line.heightScale === 2,
    );
    expect(
      large
        .map((line) => line.text.trim())
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe('SRL „Ţărăncuţa” Magazin TOTAL 60.00');
    const printedWidths = pages.flatMap((p) =>
      p.lines.filter((l) => !l.text.startsWith('[QR ')).map((l) => [...l.text].length * l.widthScale),
    );
    expect(Math.max(...printedWidths)).toBeLessThanOrEqual(columns);
    expect((await parserErrors(sim.adminUrl)).length).toBe(errorsBefore);
  });
});

async function jobs(terminal: TerminalHandle) {
  const res = await terminal.call<{
    data: {
      printer: { state: string; queuedJobs: number; unconfirmedJobs: number };
      queued: { id: number; source: string; lastError: string | null }[];
      unconfirmed: { id: number; source: string; status: string; lastError: string | null }[];
      recent: { id: number; status: string }[];
    };
  }>('GET', '/api/printer/jobs');
  return res.body.data;
}

describe('faults', () => {
  let terminal: TerminalHandle;

  beforeAll(async () => {
    terminal = await startWith(driver());
  });

  afterAll(async () => {
    await terminal?.stop();
  });

  it.each([
    ['paper-out', 'paper-out'],
    ['cover-open', 'cover-open'],
    ['offline', 'unreachable'],
  ] as const)(
    '%s: /api/print is 503 PRINTER_UNAVAILABLE, a receipt waits in the queue and prints once when the printer is back',
    async (mode, state) => {
      await setPrinterFault(sim.adminUrl, { mode });
      const print = await terminal.call('POST', '/api/print', { lines: [['x']] });
      expect(print.status).toBe(503);
      expect(print.body.error).toMatchObject({
        code: 'PRINTER_UNAVAILABLE',
        message: expect.stringContaining(state),
      });

      const before = (await printedPages(sim.adminUrl)).length;
      const sold = await terminal.call('POST', '/api/sales', { ...cashSale(7), printReceipt: true });
      expect(sold.status).toBe(200);
      const waiting = await waitFor(async () => {
        const list = await jobs(terminal);
        return list.queued[0]?.lastError ? list : undefined;
      });
      expect(waiting.queued).toHaveLength(1);
      expect(waiting.queued[0]!.source).toBe(`sale ${String(sold.body.data!.saleId)}`);
      expect(waiting.printer).toMatchObject({ state, queuedJobs: 1 });
      const health = await terminal.call<{ data: { printer: { state: string; queuedJobs: number } } }>(
        'GET',
        '/api/health',
      );
      expect(health.body.data.printer).toMatchObject({ state, queuedJobs: 1 });
      const metrics = await (
        await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
      ).text();
      expect(metrics).toContain('print_jobs_queued 1');
      expect(metrics).toContain(`printer_state{state="${state}"} 1`);

      await setPrinterFault(sim.adminUrl, { mode: 'ok' });
      const pages = await pagesAfter(before, 1);
      await terminal.paperOut();
      expect(pages[0]!.qrPayloads).toEqual([sold.body.data!.qrCodeData]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await printedPages(sim.adminUrl)).toHaveLength(before + 1);
      expect((await jobs(terminal)).printer).toMatchObject({ state: 'ready', queuedJobs: 0 });
    },
  );

  it('disconnect-mid-job: /api/print answers queued (printed again by the queue, not by the caller); a queued receipt prints after', async () => {
    await setPrinterFault(sim.adminUrl, { mode: 'disconnect-mid-job' });
    const before = (await printedPages(sim.adminUrl)).length;
    const print = await terminal.call('POST', '/api/print', { lines: [['mid-job']] });
    expect(print.status).toBe(200);
    expect(print.body.data).toMatchObject({ status: 'queued', jobId: expect.any(Number) });
    await terminal.call('POST', '/api/sales', { ...cashSale(8), printReceipt: true });
    await setPrinterFault(sim.adminUrl, { mode: 'ok' });
    await waitFor(async () => ((await jobs(terminal)).queued.length === 0 ? true : undefined));
    await terminal.paperOut();
    const pages = (await printedPages(sim.adminUrl)).slice(before);
    expect(pages.filter((page) => page.text.includes('mid-job'))).toHaveLength(1);
  });

  it('silent-after-job: a job the printer took whole is unconfirmed, never resent on its own; the cashier reprints it as a copy', async () => {
    await setPrinterFault(sim.adminUrl, { mode: 'silent-after-job' });
    const before = (await printedPages(sim.adminUrl)).length;
    const sold = await terminal.call('POST', '/api/sales', { ...cashSale(9), printReceipt: true });
    expect(sold.status).toBe(200);
    const waiting = await waitFor(async () => {
      const list = await jobs(terminal);
      return list.unconfirmed.length === 1 ? list : undefined;
    });
    expect(waiting.unconfirmed[0]).toMatchObject({
      status: 'unconfirmed',
      source: `sale ${String(sold.body.data!.saleId)}`,
      lastError: expect.stringContaining('did not confirm'),
    });
    expect(waiting.queued).toHaveLength(0);
    const receiptJob = waiting.unconfirmed[0]!.id;

    // /api/print says what it knows instead of an error the caller would answer with a retry.
    const print = await terminal.call('POST', '/api/print', { lines: [['silent text']] });
    expect(print.status).toBe(200);
    expect(print.body.data).toMatchObject({ status: 'unconfirmed', jobId: expect.any(Number) });
    const textJob = print.body.data!.jobId as number;

    // Whatever time passes (the queue retries every 100 ms here), nothing is printed again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await printedPages(sim.adminUrl)).toHaveLength(before + 2);
    const health = await terminal.call<{ data: { printer: { unconfirmedJobs: number } } }>(
      'GET',
      '/api/health',
    );
    expect(health.body.data.printer.unconfirmedJobs).toBe(2);
    const metrics = await (
      await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
    ).text();
    expect(metrics).toContain('print_jobs_unconfirmed 2');

    // The cashier looked at the paper: the receipt did not come out, the text did.
    await setPrinterFault(sim.adminUrl, { mode: 'ok' });
    const reprint = await terminal.call('POST', `/api/printer/jobs/${receiptJob}/reprint`);
    expect(reprint.status).toBe(200);
    expect(reprint.body.data).toMatchObject({
      kind: 'receipt-copy',
      status: 'queued',
      source: `reprint of job ${receiptJob}: sale ${String(sold.body.data!.saleId)}`,
    });
    const [copy] = await pagesAfter(before + 2, 1);
    await terminal.paperOut();
    const copyText = copy!.lines.map((l) => l.text.trim());
    expect(copyText[0]).toBe('COPIE');
    expect(copyText).toContain('COPIE - NU ESTE DOCUMENT FISCAL');
    expect(copy!.qrPayloads).toEqual([sold.body.data!.qrCodeData]);
    const again = await terminal.call('POST', `/api/printer/jobs/${receiptJob}/reprint`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'PRINT_JOB_NOT_UNCONFIRMED' });
    expect((await terminal.call('DELETE', `/api/printer/jobs/${textJob}`)).body.data).toMatchObject({
      status: 'dropped',
    });
    const after = await jobs(terminal);
    expect(after.unconfirmed).toHaveLength(0);
    expect(after.printer).toMatchObject({ unconfirmedJobs: 0 });
    expect(after.recent.find((j) => j.id === receiptJob)).toMatchObject({ status: 'reprinted' });
    expect(await printedPages(sim.adminUrl)).toHaveLength(before + 3);
  });

  it('paper-near-end and slow still print; health says near end', async () => {
    await setPrinterFault(sim.adminUrl, { mode: 'paper-near-end' });
    expect((await terminal.call('POST', '/api/print', { lines: [['near end']] })).status).toBe(200);
    expect((await jobs(terminal)).printer.state).toBe('paper-near-end');
    await setPrinterFault(sim.adminUrl, { mode: 'slow', delayMs: 200 });
    expect((await terminal.call('POST', '/api/print', { lines: [['slow']] })).status).toBe(200);
  });

  it('prints queued receipts in order; a dropped one never prints', async () => {
    await setPrinterFault(sim.adminUrl, { mode: 'paper-out' });
    const before = (await printedPages(sim.adminUrl)).length;
    const sales = [];
    for (const amount of [11, 12, 13]) {
      sales.push(
        (await terminal.call('POST', '/api/sales', { ...cashSale(amount), printReceipt: true })).body.data!,
      );
    }
    const queued = (await jobs(terminal)).queued;
    expect(queued).toHaveLength(3);
    const dropped = await terminal.call('DELETE', `/api/printer/jobs/${queued[1]!.id}`);
    expect(dropped.body.data).toMatchObject({
      status: 'dropped',
      source: `sale ${String(sales[1]!.saleId)}`,
    });
    await setPrinterFault(sim.adminUrl, { mode: 'ok' });
    const pages = await pagesAfter(before, 2);
    await terminal.paperOut();
    expect(pages.map((p) => p.qrPayloads[0])).toEqual([sales[0]!.qrCodeData, sales[2]!.qrCodeData]);
    const recent = (
      await terminal.call<{ data: { recent: { status: string }[] } }>('GET', '/api/printer/jobs')
    ).body.data.recent;
    expect(recent.slice(0, 3).map((j) => j.status)).toEqual(['printed', 'dropped', 'printed']);
  });
});
