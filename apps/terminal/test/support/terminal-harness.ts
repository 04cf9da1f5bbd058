import { afterAll, beforeAll } from 'vitest';
import { startCardSimProcess, type CardSimProcess } from '@fiscal-pos/card-sim';
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildTerminalApp, startServing, stopServing } from '../../src/app.js';
import { HttpCardTerminal } from '../../src/card/http-card-terminal.js';
import type { Clock } from '../../src/clock.js';
import { loadTerminalConfig, type TerminalConfig } from '../../src/config.js';
import type { Fiscalization } from '../../src/fiscalization/fiscalization-status.js';
import type { Idempotency } from '../../src/http/idempotency.js';
import type { TerminalApp } from '../../src/http/terminal-app.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';
import type { FiscalServer } from '../../src/mev/fiscal-server.js';
import { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import type { ReceiptPrinter } from '../../src/printing/receipt-printer.js';
import type { FiscalSetup } from '../../src/fiscalization/fiscal-setup.js';
import type { FiscalIdentity } from '../../src/fiscalization/fiscal-identity.js';
import { createTerminalRuntime, type TerminalRuntime } from '../../src/terminal-runtime.js';
import type { RelayAccess } from '../../src/relay/relay-access.js';

export const API_KEY = 'test-terminal-key-0123456789abcdef';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `fiscal-pos-${prefix}-`));
}

/** One real mev-sim process (HTTPS, mutual TLS) per test file. */
export async function startSimulator(): Promise<MevSimProcess & { dataDir: string }> {
  const dataDir = tempDir('mev');
  const sim = await startMevSimProcess({ dataDir });
  return Object.assign(sim, { dataDir });
}

export type CardSim = CardSimProcess & { dataDir: string };

/** One real card-sim process (the bank card terminal) per test file. */
export async function startCardSim(env: Record<string, string> = {}): Promise<CardSim> {
  const dataDir = tempDir('card');
  const sim = await startCardSimProcess({ dataDir, env });
  return Object.assign(sim, { dataDir });
}

/** A settable clock for fiscal-day tests; starts at the real time unless told otherwise. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** An enveloped response, loosely typed for assertions. */
export interface Enveloped {
  success: boolean;
  data: Record<string, any> | null;
  error: {
    code: string;
    message: string;
    details?: { field: string; code: string; message: string }[];
  } | null;
  timestamp: string;
}

export interface TerminalHandle {
  url: string;
  dataDir: string;
  runtime: TerminalRuntime;
  app: TerminalApp;
  idempotency: Idempotency;
  printer: ReceiptPrinter;
  /** The card-sim this terminal charges cards on, if any. */
  card: CardSimProcess | null;
  registrationNumber: string;
  /** The fiscalization this terminal got, to restart it on the same data directory. */
  material: StartTerminalOptions['material'];
  call<T = Enveloped>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpResult<T>>;
  /** Resolves once every queued print job is on paper (the virtual printer's journal). */
  paperOut(): Promise<void>;
  /** Stops the HTTP server and the runtime; the data directory stays for a restart. */
  stop(): Promise<void>;
}

/** What a terminal fiscalized in the tests prints as its serial number and tax office. */
export const TEST_IDENTITY: FiscalIdentity = {
  serialNumber: 'SN-TEST-0001',
  taxOfficeAddress: 'Direcţia deservire fiscală Centru, str. Exemplu 9, mun. Chişinău',
};

export interface StartTerminalOptions {
  sim?: MevSimProcess;
  fiscalization?: Fiscalization;
  dataDir?: string;
  clock?: Clock;
  config?: Partial<TerminalConfig>;
  /** Reuse fiscalization material (for a restart on the same data directory). */
  material?: Awaited<ReturnType<typeof fiscalizeTerminal>>;
  /** The serial number and tax office a fiscalized terminal prints (default TEST_IDENTITY); null: none given. */
  identity?: FiscalIdentity | null;
  printer?: ReceiptPrinter;
  /** The card terminal; absent: none (card payments without an RRN answer 503). */
  card?: CardSimProcess | 'none';
  /** Wraps the SOAP client to the simulator (to observe or disturb the terminal's requests). */
  wrapServer?: (server: FiscalServer) => FiscalServer;
  /** The read workers' module in place of the terminal's (history/read-worker.ts). */
  readWorker?: URL;
  /** The relay to dial out to (docs/relay.md); absent: none. */
  relayAccess?: () => RelayAccess | null;
}

/**
 * A terminal over real HTTP on 127.0.0.1, with its real SQLite files in a temp directory and,
 * when fiscal, a real SOAP client talking to the mev-sim process with a fresh fiscalization;
 * with `card`, the real ECR driver talking to a card-sim process.
 */
export async function startTerminal(o: StartTerminalOptions = {}): Promise<TerminalHandle> {
  const dataDir = o.dataDir ?? tempDir('terminal');
  const config: TerminalConfig = {
    ...loadTerminalConfig({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    apiKey: API_KEY,
    // The security suites send wrong keys on every route from one address on purpose; the
    // throttle they would meet is tested with its own limit (api-key-throttle.test.ts).
    apiKeyRefusals: { max: 1_000_000, windowMs: 60_000 },
    mevConnectTimeoutMs: 1000,
    mevRequestTimeoutMs: 2000,
    syncRetryBaseMs: 50,
    syncRetryMaxMs: 500,
    cardConnectTimeoutMs: 1000,
    cardRequestTimeoutMs: 3000,
    ...o.config,
  };
  const card = o.card === undefined || o.card === 'none' ? null : o.card;
  const fiscalization = o.fiscalization ?? 'fiscal';
  let material = o.material;
  const identity = o.identity === undefined ? TEST_IDENTITY : o.identity;
  let fiscal: FiscalSetup = { fiscalization, registrationNumber: '', identity: null, server: null };
  if (fiscalization === 'fiscal') {
    if (!o.sim) throw new Error('a fiscal terminal needs the simulator');
    material ??= await fiscalizeTerminal(o.sim.adminUrl, o.sim.caCertPem, {});
    fiscal = {
      fiscalization,
      registrationNumber: material.registrationNumber,
      identity,
      server: (o.wrapServer ?? ((server) => server))(
        new SoapFiscalServer({
          url: o.sim.url,
          ...material,
          connectTimeoutMs: config.mevConnectTimeoutMs,
          requestTimeoutMs: config.mevRequestTimeoutMs,
        }),
      ),
    };
  } else if (fiscalization === 'credentials_missing') {
    fiscal = { fiscalization, registrationNumber: '1234567890', identity, server: null };
  }
  const printer = o.printer ?? new VirtualPrinter(join(dataDir, 'printer'));
  const runtime = createTerminalRuntime({
    config,
    apiKey: API_KEY,
    fiscal,
    logger: pino({ level: process.env.TEST_LOG ?? 'error' }),
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.readWorker ? { readWorker: o.readWorker } : {}),
    ...(o.relayAccess ? { relayAccess: o.relayAccess } : {}),
    printer,
    cardTerminal: card
      ? new HttpCardTerminal({
          url: card.url,
          connectTimeoutMs: config.cardConnectTimeoutMs,
          requestTimeoutMs: config.cardRequestTimeoutMs,
        })
      : null,
  });
  const built = buildTerminalApp(runtime);
  const { app, idempotency } = built;
  const url = `http://127.0.0.1:${await startServing(built, runtime, { port: 0, host: '127.0.0.1' })}`;
  let stopped = false;
  return {
    url,
    dataDir,
    runtime,
    app,
    idempotency,
    printer,
    card,
    material,
    registrationNumber: fiscal.registrationNumber,
    async paperOut() {
      await runtime.printQueue.drained();
      if (printer instanceof VirtualPrinter) await printer.idle();
    },
    async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(url + path, {
        method,
        headers: {
          'X-API-Key': API_KEY,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : null) as T,
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopServing(app, runtime);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A valid sale of the given total in cash (one B line), paid exactly. */
export function cashSale(total = 100, extra: Record<string, unknown> = {}) {
  return {
    items: [{ name: 'Item', unitPrice: total, quantity: 1, vatCode: 'B' }],
    payments: [{ type: '1', amount: total }],
    amountReceived: total,
    change: 0,
    printReceipt: false,
    ...extra,
  };
}

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * Registers file-level setup for one mev-sim and one card-sim process shared by the terminals
 * a test file starts with `start` (each gets the card-sim unless told `card: 'none'`); all of
 * them, and their directories, are torn down after the file.
 */
export function useSimulator(): {
  readonly sim: Simulator;
  readonly cardSim: CardSim;
  start(o?: Omit<StartTerminalOptions, 'sim'>): Promise<TerminalHandle>;
} {
  let sim: Simulator | undefined;
  let cardSim: CardSim | undefined;
  const terminals: TerminalHandle[] = [];
  beforeAll(async () => {
    [sim, cardSim] = await Promise.all([startSimulator(), startCardSim()]);
  });
  afterAll(async () => {
    // Whatever the setup managed to start is stopped; a setup failure is the one to report.
    for (const terminal of terminals) {
      await terminal.stop();
      removeDir(terminal.dataDir);
    }
    for (const started of [sim, cardSim]) {
      await started?.stop();
      if (started) removeDir(started.dataDir);
    }
  });
  const started = <T>(process: T | undefined): T => {
    if (!process) throw new Error('the simulators are not started yet (use them inside tests or hooks)');
    return process;
  };
  return {
    get sim() {
      return started(sim);
    },
    get cardSim() {
      return started(cardSim);
    },
    async start(o = {}) {
      const terminal = await startTerminal({ card: started(cardSim), ...o, sim: started(sim) });
      terminals.push(terminal);
      return terminal;
    },
  };
}

/**
 * The usual file-level setup: one simulator and one fiscal terminal, read from the result;
 * `restart` stops the terminal and starts it again on the same data and fiscalization.
 */
export function useFiscalTerminal(o: Omit<StartTerminalOptions, 'sim'> = {}): {
  sim: Simulator;
  cardSim: CardSim;
  terminal: TerminalHandle;
  restart(): Promise<void>;
} {
  const env = useSimulator();
  const ctx = {
    async restart() {
      const { dataDir, material } = ctx.terminal;
      await ctx.terminal.stop();
      ctx.terminal = await env.start({ ...o, dataDir, material });
    },
  } as { sim: Simulator; cardSim: CardSim; terminal: TerminalHandle; restart(): Promise<void> };
  beforeAll(async () => {
    ctx.sim = env.sim;
    ctx.cardSim = env.cardSim;
    ctx.terminal = await env.start(o);
  });
  return ctx;
}
