import { DEFAULT_VAT_TABLE, parseSaleRequest, type SaleDraft } from '@fiscal-pos/fiscal';
import { pino } from 'pino';
import type { Clock } from '../../src/clock.js';
import { loadTerminalConfig } from '../../src/config.js';
import { NoPrinter } from '../../src/printing/virtual-printer.js';
import { createTerminalRuntime, type TerminalRuntime } from '../../src/terminal-runtime.js';
import { InstantFiscalServer } from './instant-fiscal-server.js';

export const BENCH_API_KEY = 'bench-terminal-key-0123456789';

/** A clock the builder moves through two years; unset, it is the real time. */
export class BenchClock implements Clock {
  at: number | null = null;
  now(): Date {
    return new Date(this.at ?? Date.now());
  }
}

/** Two lines and a cash payment with change: a typical small basket (amounts in bani). */
export const SALE_REQUEST = {
  items: [
    { name: 'Bread', unitPrice: 1250, quantity: 2, vatCode: 'B' },
    { name: 'Milk 1L', unitPrice: 1899, quantity: 1, vatCode: 'B' },
  ],
  payments: [{ type: '1', amount: 5000 }],
  amountReceived: 5000,
  change: 601,
  printReceipt: false,
};

export function saleDraft(): SaleDraft {
  const parsed = parseSaleRequest(SALE_REQUEST, DEFAULT_VAT_TABLE);
  if (!parsed.ok) throw new Error(`the benchmark sale is invalid: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
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
    fiscal: { fiscalization: 'fiscal', registrationNumber: 'BENCH000001', server: new InstantFiscalServer() },
    logger: pino({ level: 'silent' }),
    clock,
    printer: new NoPrinter(),
    cardTerminal: null,
  });
}
