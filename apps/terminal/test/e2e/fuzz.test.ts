/**
 * Random and malformed bodies against every POST of the terminal (real HTTP, real SQLite, a
 * real fiscal server simulator and a real card terminal simulator). Whatever arrives:
 *
 * - never a 5xx;
 * - every refusal is the spec's envelope with a code of the spec's vocabulary, and a
 *   VALIDATION_ERROR lists details whose codes are validation codes;
 * - a refused body changes nothing in the fiscal store (row counts and the state row), except
 *   that a request the card terminal declined (402) leaves its one card-journal row;
 * - a body that is accepted writes exactly the one document of its route (and a sale one card
 *   journal row per card payment the terminal charged);
 * - prototype-poisoning keys pollute nothing.
 *
 * The queries (GET) get random paths and query strings: never a 5xx, always the envelope,
 * nothing changed.
 *
 * Bodies: malformed JSON, JSON that is not an object, poisoned keys, random objects, random
 * values, and mutations of a valid request (wrong types, huge and negative numbers, NaN-like
 * strings, deep nesting, long and unicode strings, extra fields). X and Z reports accept any
 * object (their only field falls back to its default), so they get mostly bodies that must
 * fail and a few random objects whose success is accounted for.
 *
 * The seed is fixed so that CI is reproducible; explore with FUZZ_SEED=random (the seed used is
 * printed, and FUZZ_SEED=<seed> replays it).
 */
import { EXTENSION_VALIDATION_CODES, VALIDATION_CODES } from '@fiscal-pos/fiscal';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { MAX_DEPTH } from '../../src/http/json-body.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyValue,
  fuzzSeed,
  malformedJson,
  mutatedValid,
  notAnObject,
  pathSegment,
  poisoned,
  queryString,
  randomObject,
} from '../../../../test-support/json-fuzz.js';
import {
  removeDir,
  startCardSim,
  startSimulator,
  startTerminal,
  type CardSim,
  type Enveloped,
  type HttpResult,
  type TerminalHandle,
} from '../support/terminal-harness.js';

const seed = fuzzSeed(20_261_122);

/** The spec's error table, written out so that the server's own list is checked as well. */
const SPEC_ERROR_CODES = new Set([
  'INVALID_JSON',
  'VALIDATION_ERROR',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'CARD_PAYMENT_DECLINED',
  'NOT_FOUND',
  'SALE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'TERMINAL_NOT_FISCAL',
  'MEV_CREDENTIALS_MISSING',
  'FISCAL_DAY_EXPIRED',
  'INSUFFICIENT_CASH_BALANCE',
  'DUPLICATE_LIMIT_REACHED',
  'IDEMPOTENCY_KEY_REUSE_MISMATCH',
  'BUSY',
  'INTERNAL_ERROR',
  'PRINT_ERROR',
  'CARD_PAYMENT_ERROR',
  'MEV_ERROR',
  'MEV_TIMEOUT',
  'MEV_UNAVAILABLE',
  'PRINTER_UNAVAILABLE',
  'CARD_TERMINAL_UNAVAILABLE',
  'PLATFORM_ERROR',
  // The terminal's documented additions for the shift endpoints.
  'SHIFT_NOT_FOUND',
  'SHIFT_ALREADY_OPEN',
  'SHIFT_NOT_OPEN',
  // And for the delivery lots.
  'DELIVERY_LOT_NOT_FOUND',
  'DELIVERY_LOT_NOT_OPEN',
]);
/** Validation codes of the spec, plus the terminal's documented body, query and header codes. */
const DETAIL_CODES = new Set<string>([
  ...VALIDATION_CODES,
  ...EXTENSION_VALIDATION_CODES,
  'LIMIT_INVALID',
  'OFFSET_INVALID',
  'TYPE_INVALID',
  'STATUS_INVALID',
  'SHIFT_ID_INVALID',
  'IDEMPOTENCY_KEY_INVALID',
  'CHEQUE_NUMBER_INVALID',
  'CHEQUE_NUMBER_UNKNOWN',
  'RRN_UNKNOWN',
  'AUTH_CODE_INVALID',
  'AUTH_CODE_REQUIRED',
  'PARAMETER_UNKNOWN',
  'PARAMETER_REPEATED',
]);

const TABLES = [
  'fiscal_operations',
  'sales',
  'sale_items',
  'cash_operations',
  'z_reports',
  'shifts',
  'receipt_copies',
  'idempotency_keys',
  'card_transactions',
  'delivery_lots',
  'delivery_lot_lines',
  'refunds',
  'refund_items',
] as const;
type Table = (typeof TABLES)[number];

const ROUTES = [
  '/api/sales',
  '/api/cash/in',
  '/api/cash/out',
  '/api/print',
  '/api/reports/x',
  '/api/reports/z',
  '/api/reports/periodic',
  // After the sale above opened a shift: close it, then open one on request.
  '/api/shifts/close',
  '/api/shifts/open',
  '/api/sales/{saleId}/duplicate',
  '/api/card/void',
  '/api/card/refund',
  '/api/delivery-lots',
  // The lot the valid POST above created.
  '/api/delivery-lots/{lotId}/cancel',
  // A cash sale of many units, returned a few at a time.
  '/api/sales/{refundedSaleId}/refund',
] as const;
type Route = (typeof ROUTES)[number];

/** The sale whose receipt the duplicate route copies (the valid sale of beforeAll). */
let duplicatedSaleId = '';
/** The lot the cancel route cancels (the valid lot of beforeAll). */
let cancelledLotId = '';
/** The sale the refund route returns (made in beforeAll). */
let refundedSaleId = '';
const urlOf = (route: Route): string =>
  route
    .replace('{saleId}', duplicatedSaleId)
    .replace('{lotId}', cancelledLotId)
    .replace('{refundedSaleId}', refundedSaleId);

/**
 * A valid request of each route (checked to succeed before fuzzing starts). The card routes
 * name card payments the terminal charged: they are filled in once those are made.
 */
const VALID: Record<Route, Record<string, unknown>> = {
  '/api/sales': {
    items: [
      { id: 'sku-1', name: 'Coffee', unitPrice: 12.5, quantity: 2, vatCode: 'B', discountPercent: 0 },
      { name: 'Sugar ½ kg', unitPrice: 3.99, quantity: 1, vatCode: 'A', allowDecimals: false },
    ],
    cartDiscount: { percent: 0, absolute: 0 },
    cartMarkup: { percent: 0 },
    payments: [
      { type: '1', amount: 20 },
      { type: '2', amount: 5, rrn: '123456789012' },
      // Charged by the terminal on the card terminal.
      { type: '2', amount: 3.99 },
    ],
    amountReceived: 28.99,
    change: 0,
    delivery: { customerPhone: '+37360000000', customerEmail: 'ion@example.md', language: 'ro' },
    printReceipt: false,
  },
  '/api/cash/in': { amount: 10.5, reason: 'float', printReceipt: false },
  '/api/cash/out': { amount: 0.5, reason: 'change', printReceipt: false },
  '/api/print': { lines: [['Title'], ['left', 'right'], ['l', 'c', 'r'], ['']], feedLines: 2, cut: false },
  '/api/reports/x': { printReport: false },
  '/api/reports/z': { printReport: false },
  '/api/reports/periodic': { reportFrom: 1, reportTo: 1, detailed: true, printReport: false },
  '/api/shifts/close': { countedCash: 10.5, printReport: false },
  '/api/shifts/open': { cashierId: 'c-1', cashierName: 'Ana', openingCash: 0 },
  '/api/sales/{saleId}/duplicate': {},
  '/api/card/void': {},
  '/api/card/refund': {},
  '/api/delivery-lots': {
    lines: [
      { lotLineId: 'l-1', productId: 'sku-1', name: 'Coffee', quantity: 2, unitPrice: 12.5, vatCode: 'B' },
      {
        name: 'Sugar',
        quantity: 0.5,
        unitPrice: 3.99,
        vatCode: 'A',
        allowDecimals: true,
        discountPercent: 5,
      },
    ],
    reference: 'ERP-1',
    expiresAt: '2999-01-01T00:00:00Z',
    printQr: false,
  },
  '/api/delivery-lots/{lotId}/cancel': {},
  '/api/sales/{refundedSaleId}/refund': {
    items: [{ index: 0, quantity: 1 }],
    reason: 'damaged',
    printReceipt: false,
  },
};

/** Fields of each route, so that random objects hit real names as well as junk. */
const FIELDS: Record<Route, string[]> = {
  '/api/sales': [
    'items',
    'payments',
    'amountReceived',
    'change',
    'cartDiscount',
    'cartMarkup',
    'delivery',
    'printReceipt',
    'deliveryLotId',
    'qrPayload',
  ],
  '/api/cash/in': ['amount', 'reason', 'printReceipt'],
  '/api/cash/out': ['amount', 'reason', 'printReceipt'],
  '/api/print': ['lines', 'feedLines', 'cut'],
  '/api/reports/x': ['printReport'],
  '/api/reports/z': ['printReport'],
  '/api/reports/periodic': ['dateFrom', 'dateTo', 'reportFrom', 'reportTo', 'detailed', 'printReport'],
  '/api/shifts/close': ['countedCash', 'printReport'],
  '/api/shifts/open': ['cashierId', 'cashierName', 'openingCash'],
  '/api/sales/{saleId}/duplicate': [],
  '/api/card/void': ['chequeNumber'],
  '/api/card/refund': ['rrn', 'amount', 'authCode'],
  '/api/delivery-lots': ['lines', 'webhookUrl', 'reference', 'expiresAt', 'printQr'],
  '/api/delivery-lots/{lotId}/cancel': [],
  '/api/sales/{refundedSaleId}/refund': ['items', 'payments', 'reason', 'printReceipt'],
};

/** What one success of each route adds to the store; routes not listed write nothing. */
const WRITES_ON_SUCCESS: Record<Route, Partial<Record<Table, number>>> = {
  '/api/sales': { fiscal_operations: 1, sales: 1, cash_operations: 0, z_reports: 0 },
  '/api/cash/in': { fiscal_operations: 1, sales: 0, cash_operations: 1, z_reports: 0 },
  '/api/cash/out': { fiscal_operations: 1, sales: 0, cash_operations: 1, z_reports: 0 },
  '/api/reports/x': { fiscal_operations: 1, sales: 0, cash_operations: 0, z_reports: 0 },
  '/api/reports/z': { fiscal_operations: 1, sales: 0, cash_operations: 0, z_reports: 1 },
  '/api/print': {},
  '/api/reports/periodic': {},
  '/api/shifts/close': { shifts: 0, fiscal_operations: 0 },
  '/api/shifts/open': { shifts: 1, fiscal_operations: 0 },
  '/api/sales/{saleId}/duplicate': { receipt_copies: 1, fiscal_operations: 0 },
  // Card terminal operations, not fiscal documents.
  '/api/card/void': { fiscal_operations: 0, sales: 0 },
  '/api/card/refund': { fiscal_operations: 0, sales: 0 },
  '/api/delivery-lots': { delivery_lots: 1, fiscal_operations: 0 },
  '/api/delivery-lots/{lotId}/cancel': { delivery_lots: 0, fiscal_operations: 0 },
  '/api/sales/{refundedSaleId}/refund': { fiscal_operations: 1, refunds: 1, sales: 0 },
};

/**
 * Card-journal rows one success adds: one per card payment of a sale that the terminal charged
 * itself (a card payment without an RRN), one per card void or refund, none for the rest.
 */
function cardRowsOnSuccess(route: Route, text: string): number {
  if (route === '/api/card/void' || route === '/api/card/refund') return 1;
  if (route !== '/api/sales') return 0;
  const { payments } = JSON.parse(text.replace(/^\uFEFF/, '')) as {
    payments: { type: string; rrn?: unknown }[];
  };
  return payments.filter((p) => p.type === '2' && (p.rrn === undefined || p.rrn === null || p.rrn === ''))
    .length;
}
const READ_ONLY: ReadonlySet<Route> = new Set(['/api/print', '/api/reports/periodic']);
/** Field names worth adding as extras anywhere in a mutated body. */
const MUTATION_KEYS = ['items', 'amount', 'lines'];

// ---- bodies (shared generators, plus the terminal's Idempotency-Key header) -------------

/** 'fresh' becomes a key never used before; the others are not valid keys. */
const idempotencyKey: fc.Arbitrary<string | undefined> = fc.option(
  fc.constantFrom('fresh', 'fresh', '', ' ', 'a b', 'x'.repeat(256), 'clé', '\t'),
  { nil: undefined, freq: 3 },
);
let keysUsed = 0;

// ---- the terminal and the checks ----------------------------------------------------------

let sim: Awaited<ReturnType<typeof startSimulator>>;
let cardSim: CardSim;
let terminal: TerminalHandle;
const tally = new Map<Route, Map<number, number>>();

interface StoreSnapshot {
  counts: Record<Table, number>;
  state: unknown;
}

function snapshot(): StoreSnapshot {
  const db = terminal.runtime.db;
  const counts = Object.fromEntries(
    TABLES.map((table) => [
      table,
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  ) as Record<Table, number>;
  return { counts, state: db.prepare('SELECT * FROM terminal_state').get() };
}

function expectEnvelope(result: HttpResult<Enveloped>): void {
  const { status, body } = result;
  expect(typeof body.timestamp).toBe('string');
  if (status === 200) {
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    return;
  }
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body.success).toBe(false);
  expect(body.data).toBeNull();
  const error = body.error!;
  expect(SPEC_ERROR_CODES.has(error.code), error.code).toBe(true);
  expect(typeof error.message).toBe('string');
  if (error.code !== 'VALIDATION_ERROR') {
    expect(error.details).toBeUndefined();
    return;
  }
  expect(error.details!.length).toBeGreaterThan(0);
  for (const detail of error.details!) {
    expect(typeof detail.field).toBe('string');
    expect(typeof detail.message).toBe('string');
    expect(DETAIL_CODES.has(detail.code), detail.code).toBe(true);
  }
}

/** Sends one body and checks every invariant; returns the answer for case-specific checks. */
async function send(route: Route, text: string, keyKind?: string): Promise<HttpResult<Enveloped>> {
  const key = keyKind === 'fresh' ? `fuzz-${seed}-${++keysUsed}` : keyKind;
  const before = snapshot();
  const result = await terminal.call(
    'POST',
    urlOf(route),
    text,
    key === undefined ? {} : { 'Idempotency-Key': key },
  );
  const after = snapshot();
  const counts = tally.get(route) ?? new Map<number, number>();
  counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
  tally.set(route, counts);

  expect(result.status, `${route} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(result.headers.get('x-request-id')).toBeTruthy();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expectEnvelope(result);
  if (result.status !== 200) {
    // A request the card terminal declined was journaled before it was sent (write-ahead, so
    // that a crash during it can be settled) and its row is kept as the record of the
    // attempt; nothing else changes. Refusals before the card terminal journal nothing.
    const journaled = result.status === 402 ? 1 : 0;
    expect(after.counts.card_transactions - before.counts.card_transactions).toBe(journaled);
    expect({ ...after, counts: { ...after.counts, card_transactions: 0 } }).toEqual({
      ...before,
      counts: { ...before.counts, card_transactions: 0 },
    });
    return result;
  }
  // A success keeps its Idempotency-Key, and writes its route's document and nothing else.
  expect(after.counts.idempotency_keys - before.counts.idempotency_keys).toBe(key === undefined ? 0 : 1);
  if (READ_ONLY.has(route)) {
    expect(after.state).toEqual(before.state);
    expect({ ...after.counts, idempotency_keys: 0 }).toEqual({ ...before.counts, idempotency_keys: 0 });
  }
  for (const [table, added] of Object.entries(WRITES_ON_SUCCESS[route])) {
    expect(after.counts[table as Table] - before.counts[table as Table], table).toBe(added);
  }
  expect(after.counts.card_transactions - before.counts.card_transactions).toBe(
    cardRowsOnSuccess(route, text),
  );
  return result;
}

function routeSeed(route: Route, group: number): number {
  return (seed + ROUTES.indexOf(route) * 7919 + group * 104_729) % 2 ** 31;
}

beforeAll(async () => {
  [sim, cardSim] = await Promise.all([startSimulator(), startCardSim()]);
  terminal = await startTerminal({ sim, card: cardSim });
  // The valid bodies are valid: mutations start from the edge of acceptance. The card endpoints
  // serve card payments whose sale does not stand: one answered offline, refused when sent.
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
  const paidByCard = await terminal.call('POST', '/api/sales', {
    ...VALID['/api/sales'],
    payments: [
      { type: '2', amount: 20 },
      { type: '2', amount: 8.99 },
    ],
  });
  const refusedId = paidByCard.body.data!.fiscalOperationId as string;
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'poison', poisonOperationId: refusedId });
  terminal.runtime.syncWorker!.wake();
  await waitUntil(
    'the offline card sale refused',
    () => terminal.runtime.operations.require(refusedId).status === 'failed',
  );
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
  const [toVoid, toRefund] = paidByCard.body.data!.payments.map((p: { card: unknown }) => p.card);
  const manyUnits = await terminal.call('POST', '/api/sales', {
    items: [{ name: 'Nail', unitPrice: 0.1, quantity: 5000, vatCode: 'B' }],
    payments: [{ type: '1', amount: 500 }],
    amountReceived: 500,
    change: 0,
    printReceipt: false,
  });
  refundedSaleId = manyUnits.body.data!.saleId as string;
  VALID['/api/card/void'] = { chequeNumber: toVoid.chequeNumber };
  VALID['/api/card/refund'] = { rrn: toRefund.rrn, amount: 0.01, authCode: toRefund.authCode };
  for (const route of ROUTES) {
    const result = await terminal.call('POST', urlOf(route), VALID[route]);
    expect(result.status, `${route}: ${JSON.stringify(result.body.error)}`).toBe(200);
    if (route === '/api/sales') duplicatedSaleId = result.body.data!.saleId as string;
    if (route === '/api/delivery-lots') cancelledLotId = result.body.data!.lotId as string;
  }
});

afterAll(async () => {
  const summary = [...tally].map(
    ([route, counts]) =>
      `${route}: ${[...counts.values()].reduce((a, b) => a + b, 0)} cases (${[...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ')})`,
  );
  console.log(`fuzz seed ${seed}\n${summary.join('\n')}`);
  await terminal?.stop();
  await Promise.all([sim?.stop(), cardSim?.stop()]);
  for (const dir of [terminal?.dataDir, sim?.dataDir, cardSim?.dataDir]) if (dir) removeDir(dir);
});

describe.each(ROUTES)('POST %s', (route) => {
  it('refuses malformed JSON, non-objects and poisoned keys with 400 INVALID_JSON, changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(malformedJson(VALID[route]), notAnObject, poisoned(VALID[route])),
        async (text) => {
          const result = await send(route, text);
          expect(result.status).toBe(400);
          expect(result.body.error!.code).toBe('INVALID_JSON');
        },
      ),
      { seed: routeSeed(route, 0), numRuns: 100 },
    );
  });

  it('answers random bodies and mutations of a valid one without a 5xx, refusals changing nothing', async () => {
    // X and Z reports accept any object: a few, each one accounted for as a written report.
    const reports = route === '/api/reports/x' || route === '/api/reports/z';
    const bodies = reports
      ? fc.oneof(randomObject(FIELDS[route]), anyValue)
      : fc.oneof(
          randomObject(FIELDS[route]),
          anyValue,
          mutatedValid(VALID[route], MUTATION_KEYS),
          mutatedValid(VALID[route], MUTATION_KEYS),
        );
    await fc.assert(
      fc.asyncProperty(bodies, idempotencyKey, async (text, keyKind) => {
        await send(route, text, keyKind);
      }),
      { seed: routeSeed(route, 1), numRuns: reports ? 25 : 200 },
    );
  });

  it(`takes bodies nested ${MAX_DEPTH} levels deep and refuses deeper ones with 400 INVALID_JSON`, async () => {
    const nestedIn = (arrays: number) => `{"extra":${'['.repeat(arrays)}0${']'.repeat(arrays)}}`;
    const deepest = await send(route, nestedIn(MAX_DEPTH - 1));
    expect(deepest.body.error?.code).not.toBe('INVALID_JSON');
    for (const arrays of [MAX_DEPTH, 100_000]) {
      const refused = await send(route, nestedIn(arrays));
      expect(refused.status).toBe(400);
      expect(refused.body.error!.code).toBe('INVALID_JSON');
    }
  });
});

const query = queryString(
  ['dateFrom', 'dateTo', 'limit', 'offset', 'type', 'status', 'shiftId'],
  [
    '2026-11-22',
    '2026-02-30',
    '9999-12-31',
    'receipt',
    'offline',
    '501',
    '1.5',
    '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  ],
);
const getPath: fc.Arbitrary<string> = fc.oneof(
  query.map((q) => `/api/sales?${q}`),
  query.map((q) => `/api/fiscal/operations?${q}`),
  query.map((q) => `/api/shifts?${q}`),
  query.map((q) => `/api/delivery-lots?${q}`),
  pathSegment.map((id) => `/api/delivery-lots/${encodeURIComponent(id)}`),
  pathSegment.map((id) => `/api/sales/${encodeURIComponent(id)}`),
  pathSegment.map((id) => `/api/shifts/${encodeURIComponent(id)}`),
  fc.constantFrom('/api/shifts/current', '/api/fiscal/daily-summary', '/api/health', '/api/sales/%E0%A4%A'),
);

describe('GET', () => {
  it('answers random paths and query strings of the queries without a 5xx, changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(getPath, async (path) => {
        const before = snapshot();
        const result = await terminal.call<Enveloped>('GET', path);
        expect(result.status, path.slice(0, 300)).toBeLessThan(500);
        expect(result.headers.get('x-request-id')).toBeTruthy();
        expectEnvelope(result);
        expect(snapshot()).toEqual(before);
      }),
      { seed: seed + 1, numRuns: 300 },
    );
  });
});
