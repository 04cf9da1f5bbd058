import { DEFAULT_VAT_TABLE, parseSaleRequest, type SaleDraft } from '@fiscal-pos/fiscal';
import { pino } from 'pino';
import { runHttpLoad, type HttpLoadResult } from '../../../../bench/load/http-load.js';
import { buildTerminalApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadTerminalConfig } from '../../src/config.js';
import { NoPrinter } from '../../src/printing/virtual-printer.js';
import { createTerminalRuntime, type TerminalRuntime } from '../../src/terminal-runtime.js';
import { InstantFiscalServer } from './instant-fiscal-server.js';

export const BENCH_API_KEY = 'bench-terminal-key-0123456789';

/** A production terminal's header: its serial number and tax office print on every document. */
export const BENCH_IDENTITY = {
  serialNumber: 'BENCH-0001',
  taxOfficeAddress: 'Direcţia deservire fiscală Centru, str. Exemplu 9, mun. Chişinău',
};

/** A clock the builder moves through two years; unset, it is the real time. */
export class BenchClock implements Clock {
  at: number | null = null;
  now(): Date {
    return new Date(this.at ?? Date.now());
  }
}

/**
 * Two lines and a cash payment with change: a typical small basket, 43.99 MDL (the API's
 * amounts are MDL with up to two decimals). It was 4,399 MDL once, by a misread unit: at a
 * million sales the drawer, never emptied, then reached 4.4 billion MDL, and the year's
 * turnover limit (issue 24) refused every further sale.
 */
export const SALE_REQUEST = {
  items: [
    { name: 'Bread', unitPrice: 12.5, quantity: 2, vatCode: 'B' },
    { name: 'Milk 1L', unitPrice: 18.99, quantity: 1, vatCode: 'B' },
  ],
  payments: [{ type: '1', amount: 50 }],
  amountReceived: 50,
  change: 6.01,
  printReceipt: false,
};

export function saleDraft(): SaleDraft {
  const parsed = parseSaleRequest(SALE_REQUEST, DEFAULT_VAT_TABLE);
  if (!parsed.ok) throw new Error(`the benchmark sale is invalid: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

export function requireSuccess(what: string, result: HttpLoadResult): HttpLoadResult {
  if (result.failures > 0 || result.requests === 0)
    throw new Error(
      `${what}: ${result.failures} of ${result.requests} failed (${JSON.stringify(result.statuses)}): ${result.firstError}`,
    );
  return result;
}

/**
 * GET `path` with the bench key from one client, `requests` times after `warmUp` unmeasured
 * ones on the same connection: with the warm-up in a load of its own, the first measured request
 * paid the new load worker's start (about 20 ms of its CPU), and with 40 requests that one was
 * the p99: the same 22-28 ms at 10k and at 1M, on every list, in the quiet run of 13:56.
 */
export async function measureGet(
  origin: string,
  path: string,
  o: { requests: number; warmUp: number; maxMs: number },
): Promise<HttpLoadResult> {
  return requireSuccess(
    path,
    await runHttpLoad({
      origin,
      method: 'GET',
      path,
      headers: { 'x-api-key': BENCH_API_KEY },
      clients: 1,
      maxRequests: o.requests,
      warmUp: o.warmUp,
      maxMs: o.maxMs,
    }),
  );
}

/** A fiscal terminal on `dataDir` with the instant fiscal server, no printer, no card terminal. */
export function benchRuntime(dataDir: string, clock: Clock = new BenchClock()): TerminalRuntime {
  return createTerminalRuntime({
    config: {
      ...loadTerminalConfig({}),
      dataDir,
      host: '127.0.0.1',
      port: 0,
      apiKey: BENCH_API_KEY,
      printer: { kind: 'none' },
      cardTerminalEnabled: false,
    },
    apiKey: BENCH_API_KEY,
    fiscal: {
      fiscalization: 'fiscal',
      registrationNumber: 'BENCH000001',
      identity: BENCH_IDENTITY,
      server: new InstantFiscalServer(),
    },
    logger: pino({ level: 'silent' }),
    clock,
    printer: new NoPrinter(),
    cardTerminal: null,
  });
}

/** Runs `use` on the bench terminal on `dataDir`, served over HTTP on 127.0.0.1, then closes it. */
export async function withServedTerminal<T>(
  dataDir: string,
  use: (rt: TerminalRuntime, origin: string) => Promise<T>,
): Promise<T> {
  const rt = benchRuntime(dataDir);
  const { app } = buildTerminalApp(rt);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await use(rt, `http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  } finally {
    await app.close();
    await rt.close();
  }
}
