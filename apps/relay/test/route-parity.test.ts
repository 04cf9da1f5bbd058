// Every route the terminal registers, called direct and through the relay: the same status,
// the same body (envelope or raw JSON, byte for byte once the fields that differ per call are
// normalised by name), the same relevant headers; and for each route that replays an
// Idempotency-Key, the replay through the relay too. The list of routes comes from
// TERMINAL_ENDPOINTS: a route without a case fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_ENDPOINTS } from '../../terminal/src/terminal-routes.js';
import {
  API_KEY,
  cashSale,
  removeDir,
  startCardSim,
  type CardSim,
  type TerminalHandle,
} from '../../terminal/test/support/terminal-harness.js';
import { RelayWorld, type ActivatedTerminal } from './relay-world.js';

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
}

interface Case {
  /** Run directly on the terminal before each of the two calls: what the call needs (a sale to refund...). */
  setup?: () => Promise<Call>;
  call?: Call;
  /** Fields that differ between two calls doing the same thing (new ids, numbers, times), by name. */
  varying?: readonly string[];
  /** Prometheus text: the values move with every request, the series must not. */
  text?: (body: string) => string;
}

/** Headers a client acts on; X-Request-Id differs per call and is only checked to be there. */
const COMPARED_HEADERS = [
  'content-type',
  'x-idempotency-replayed',
  'cache-control',
  'retry-after',
  'location',
  'content-disposition',
];

/** When the answer was made: the envelope's timestamp, a report's generatedAt. */
const ALWAYS_VARYING = ['timestamp', 'generatedAt'];

/**
 * What a write makes anew each time: ids, numbers in a sequence, fiscal codes and the tax
 * server's answer, times, balances that move with each cash operation, the card-sim's card.
 * Reads are compared without these: both calls see the same state.
 */
const NEW_RECORD = [
  'id',
  'saleId',
  'serverSaleId',
  'fiscalOperationId',
  'operationId',
  'refundId',
  'purchaseId',
  'receiptNumber',
  'reportNumber',
  'lastReceiptNumber',
  'fiscalCode',
  'mevId',
  'mevResponseXml',
  'qrCodeData',
  'createdAt',
  'printedAt',
  'openedAt',
  'closedAt',
  'shiftId',
  'shiftNumber',
  'newBalance',
  'cashBalance',
  'yearTax',
  'yearTotal',
  'lotId',
  'qrPayload',
  'jobId',
  'transactionId',
  'rrn',
  'authCode',
  'chequeNumber',
  'maskedPan',
  'scheme',
];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  requestId: string | null;
  body: unknown;
}

const world = new RelayWorld();
let card: CardSim;
let activation: ActivatedTerminal;
let terminal: TerminalHandle;

async function send(base: string, call: Call, idempotencyKey?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-api-key': API_KEY };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(base + call.url, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((h) => [h, response.headers.get(h)])),
    requestId: response.headers.get('x-request-id'),
    body: json ? (JSON.parse(text) as unknown) : text,
  };
}

/** The body with each varying field's value replaced, wherever it sits. */
function normalised(value: unknown, varying: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v, varying));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, varying.has(k) ? '<varies>' : normalised(v, varying)]),
  );
}

function comparable(answer: Answer, c: Case): unknown {
  const varying = new Set([...ALWAYS_VARYING, ...(c.varying ?? [])]);
  const body =
    typeof answer.body === 'string' && c.text ? c.text(answer.body) : normalised(answer.body, varying);
  return { status: answer.status, headers: answer.headers, body };
}

const direct = () => terminal.url;
const relayed = () => `${world.relay.url}/api/relay/${activation.publicId}`;
const json = async <T>(answer: Promise<{ status: number; body: unknown }>): Promise<T> => {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`setup failed: ${status} ${JSON.stringify(body)}`);
  return (body as { data: T }).data;
};
const newSale = (body: unknown = cashSale(5)) =>
  json<{ saleId: string; payments: { card?: { rrn: string; authCode: string; chequeNumber: string } }[] }>(
    terminal.call('POST', '/api/sales', body),
  );
const paidByCard = (total: number) => ({ ...cashSale(total), payments: [{ type: '2', amount: total }] });
const lotLines = [{ lotLineId: 'tea', name: 'Tea', quantity: 2, unitPrice: 5, vatCode: 'B' }];
const today = () => new Date().toISOString().slice(0, 10);
const OPEN_SHIFT = { cashierId: 'c-1', cashierName: 'Ana', openingCash: 1 };
/** Made once: a read is compared on the same record both ways. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
/** A card sale that stands, made once, whose payment the card endpoints refuse. */
const standingCardSale = once(() => newSale(paidByCard(12)));
const oneSale = once(() => newSale());
const oneLot = once(() =>
  json<{ lotId: string }>(terminal.call('POST', '/api/delivery-lots', { lines: lotLines })),
);

async function shiftOpen(open: boolean): Promise<void> {
  const current = await json<{ shift: unknown }>(terminal.call('GET', '/api/shifts/current'));
  const isOpen = current.shift !== null;
  if (isOpen === open) return;
  if (open) await json(terminal.call('POST', '/api/shifts/open', OPEN_SHIFT));
  else await json(terminal.call('POST', '/api/shifts/close', { printReport: false }));
}

/** One case per operationId, in the order they run (later reads see what earlier writes made). */
const CASES: Record<string, Case> = {
  getHealth: { call: { method: 'GET', url: '/api/health' } },
  getCatalogHealth: { call: { method: 'GET', url: '/api/catalog/health' } },
  getOpenApiDocument: { call: { method: 'GET', url: '/api/openapi.json' } },
  openShift: {
    setup: async () => {
      await shiftOpen(false);
      return {
        method: 'POST',
        url: '/api/shifts/open',
        body: OPEN_SHIFT,
      };
    },
    varying: NEW_RECORD,
  },
  closeShift: {
    setup: async () => {
      await shiftOpen(true);
      return { method: 'POST', url: '/api/shifts/close', body: { countedCash: 1, printReport: false } };
    },
    varying: NEW_RECORD,
  },
  getCurrentShift: {
    setup: async () => {
      await shiftOpen(true);
      return { method: 'GET', url: '/api/shifts/current' };
    },
  },
  createSale: { call: { method: 'POST', url: '/api/sales', body: cashSale(12.5) }, varying: NEW_RECORD },
  listSales: { call: { method: 'GET', url: '/api/sales?limit=500' } },
  getSale: { setup: async () => ({ method: 'GET', url: `/api/sales/${(await oneSale()).saleId}` }) },
  refundSale: {
    setup: async () => ({
      method: 'POST',
      url: `/api/sales/${(await newSale()).saleId}/refund`,
      body: { items: [{ index: 0, quantity: 1 }], reason: 'damaged' },
    }),
    varying: NEW_RECORD,
  },
  quoteRefund: {
    setup: async () => ({
      method: 'POST',
      url: `/api/sales/${(await newSale()).saleId}/refund/quote`,
      body: { items: [{ index: 0, quantity: 1 }] },
    }),
    varying: NEW_RECORD,
  },
  printReceiptDuplicate: {
    setup: async () => ({ method: 'POST', url: `/api/sales/${(await newSale()).saleId}/duplicate` }),
    varying: NEW_RECORD,
  },
  cashIn: {
    call: { method: 'POST', url: '/api/cash/in', body: { amount: 10, reason: 'float', printReceipt: false } },
    varying: NEW_RECORD,
  },
  cashOut: {
    call: { method: 'POST', url: '/api/cash/out', body: { amount: 0.25, printReceipt: false } },
    varying: NEW_RECORD,
  },
  // A card payment of a sale that stands is refused (409 FISCAL_REFUND_REQUIRED, the message
  // naming the sale): one sale for both calls, so the two refusals read the same.
  voidCardPayment: {
    setup: async () => ({
      method: 'POST',
      url: '/api/card/void',
      body: { chequeNumber: (await standingCardSale()).payments[0]!.card!.chequeNumber },
    }),
  },
  refundCardPayment: {
    setup: async () => {
      const { rrn, authCode } = (await standingCardSale()).payments[0]!.card!;
      return { method: 'POST', url: '/api/card/refund', body: { rrn, amount: 10, authCode } };
    },
  },
  createXReport: {
    call: { method: 'POST', url: '/api/reports/x', body: { printReport: false } },
    varying: NEW_RECORD,
  },
  createPeriodicReport: {
    call: {
      method: 'POST',
      url: '/api/reports/periodic',
      body: { dateFrom: today(), dateTo: today(), printReport: false },
    },
  },
  getDailySummary: { call: { method: 'GET', url: '/api/fiscal/daily-summary' } },
  listShifts: { call: { method: 'GET', url: '/api/shifts' } },
  getShift: {
    setup: async () => {
      const page = await json<{ shifts: { shiftId?: string; id?: string }[] }>(
        terminal.call('GET', '/api/shifts'),
      );
      const shift = page.shifts[0]!;
      return { method: 'GET', url: `/api/shifts/${shift.shiftId ?? shift.id}` };
    },
  },
  createDeliveryLot: {
    call: { method: 'POST', url: '/api/delivery-lots', body: { lines: lotLines } },
    varying: NEW_RECORD,
  },
  listDeliveryLots: { call: { method: 'GET', url: '/api/delivery-lots' } },
  getDeliveryLot: {
    setup: async () => ({ method: 'GET', url: `/api/delivery-lots/${(await oneLot()).lotId}` }),
  },
  cancelDeliveryLot: {
    setup: async () => {
      const lot = await json<{ lotId: string }>(
        terminal.call('POST', '/api/delivery-lots', { lines: lotLines }),
      );
      return { method: 'POST', url: `/api/delivery-lots/${lot.lotId}/cancel` };
    },
    varying: NEW_RECORD,
  },
  listFiscalOperations: { call: { method: 'GET', url: '/api/fiscal/operations?limit=500' } },
  listCatalogProducts: { call: { method: 'GET', url: '/api/catalog/products' } },
  getCatalogProduct: { call: { method: 'GET', url: '/api/catalog/products/no-such-product' } },
  listCatalogCategories: { call: { method: 'GET', url: '/api/catalog/categories' } },
  listCatalogVatRates: { call: { method: 'GET', url: '/api/catalog/vat-rates' } },
  listCatalogCashiers: { call: { method: 'GET', url: '/api/catalog/cashiers' } },
  syncCatalog: { call: { method: 'POST', url: '/api/catalog/sync' } },
  printText: {
    call: {
      method: 'POST',
      url: '/api/print',
      body: { lines: [['Hello'], ['Left', 'Right']], feedLines: 0 },
    },
    varying: NEW_RECORD,
  },
  listPrintJobs: {
    setup: async () => {
      await terminal.paperOut();
      return { method: 'GET', url: '/api/printer/jobs' };
    },
  },
  dropPrintJob: { call: { method: 'DELETE', url: '/api/printer/jobs/no-such-job' } },
  reprintPrintJob: { call: { method: 'POST', url: '/api/printer/jobs/no-such-job/reprint' } },
  createZReport: {
    // The day closed, then one sale: each Z report covers the same day's worth.
    setup: async () => {
      await json(terminal.call('POST', '/api/reports/z', { printReport: false }));
      await newSale();
      return { method: 'POST', url: '/api/reports/z', body: { printReport: false } };
    },
    varying: NEW_RECORD,
  },
  getMetrics: {
    call: { method: 'GET', url: '/metrics' },
    // Series names and labels, without their values (counters move with each request), and
    // without the runtime's own (nodejs_*, process_*): a garbage collection of a new kind
    // between the two calls adds series that say nothing of the route. Nor the scrapes' own
    // series: a scrape is counted once answered, so the second call sees the first.
    text: (body) =>
      body
        .split('\n')
        .filter((line) => !/^(# \w+ )?(nodejs|process)_/.test(line) && !line.includes('route="/metrics"'))
        .map((line) => (line.startsWith('#') ? line : line.replace(/ \S+$/, '')))
        .join('\n'),
  },
};

/** Whether a call's path is an instance of a route's path (`/api/sales/:saleId`). */
function matches(route: { method: string; path: string }, call: Call): boolean {
  const pattern = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`);
  return route.method === call.method && pattern.test(call.url.split('?')[0]!);
}

beforeAll(async () => {
  // Independent processes, seconds each to start on a busy machine: they start together.
  [, card] = await Promise.all([world.start(), startCardSim()]);
  activation = await world.activate('Parity');
  terminal = await world.startTerminal(activation, { card });
});
afterAll(async () => {
  await world.stop();
  await card?.stop();
  if (card) removeDir(card.dataDir);
});

describe('every terminal route, direct and through the relay', () => {
  it('has a case for each route the terminal registers, and nothing else', () => {
    const declared = TERMINAL_ENDPOINTS.map((e) => e.operationId).sort();
    expect(Object.keys(CASES).sort()).toEqual(declared);
  });

  for (const [operationId, c] of Object.entries(CASES)) {
    const endpoint = TERMINAL_ENDPOINTS.find((e) => e.operationId === operationId);
    it(`${endpoint?.method} ${endpoint?.path} (${operationId})`, async () => {
      if (!endpoint) throw new Error(`no terminal route ${operationId}`);
      const prepare = async () => (c.setup ? c.setup() : c.call!);
      const label = endpoint.operationId;
      const replayable = endpoint.replay !== undefined;
      const keys = [`${label}-direct-${Date.now()}`, `${label}-relayed-${Date.now()}`];
      const directCall = await prepare();
      expect(
        matches(endpoint, directCall),
        `${label}: the case calls ${directCall.method} ${directCall.url}`,
      ).toBe(true);
      const first = await send(direct(), directCall, replayable ? keys[0] : undefined);
      const relayedCall = await prepare();
      const second = await send(relayed(), relayedCall, replayable ? keys[1] : undefined);
      expect(second.requestId, label).toBeTruthy();
      expect(comparable(second, c), label).toEqual(comparable(first, c));
      if (!replayable) return;
      // The same Idempotency-Key again, each through the other way: the stored answer, marked replayed.
      const replayedDirect = await send(direct(), relayedCall, keys[1]);
      const replayedRelayed = await send(relayed(), directCall, keys[0]);
      expect(replayedRelayed.headers['x-idempotency-replayed'], label).toBe('true');
      expect(replayedDirect.headers['x-idempotency-replayed'], label).toBe('true');
      expect(normalised(replayedRelayed.body, new Set(ALWAYS_VARYING)), label).toEqual(
        normalised(first.body, new Set(ALWAYS_VARYING)),
      );
      expect(normalised(replayedDirect.body, new Set(ALWAYS_VARYING)), label).toEqual(
        normalised(second.body, new Set(ALWAYS_VARYING)),
      );
    });
  }
});
