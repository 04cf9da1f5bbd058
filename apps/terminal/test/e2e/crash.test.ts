/**
 * kill -9 at random points. The real terminal process sells in a loop to a few concurrent
 * clients and is killed with SIGKILL after a random delay, then restarted on the same
 * DATA_DIR, several times over. What must hold whatever the moment of the kill:
 *
 * - every sale answered 200 is there, with the receipt number and total it was answered with;
 * - receipt numbers run 1..N without gap or duplicate;
 * - nothing is half-written: each sale has all its items and payments and its fiscal
 *   operation, each receipt operation has exactly one sale (checked in the SQLite file right
 *   after each kill, before a restart could repair anything, and at the end);
 * - a request sent again with its Idempotency-Key after a crash gets the same sale back;
 * - once the restarted terminal has drained its queue, the simulator holds each operation once.
 *
 * Randomness is seeded; the seed is printed (rerun with CRASH_SEED=<seed>).
 */
import Database from 'better-sqlite3';
import { listRegistrations } from '@fiscal-pos/mev-sim';
import { mulberry32 } from '@fiscal-pos/sim-kit';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY, removeDir, startSimulator, tempDir } from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

const ROUNDS = 5;
const CLIENTS = 4;
/** Selling time before the kill, from the terminal's "ready" line. */
const KILL_AFTER_MS = { min: 20, max: 1500 };
const DRAIN_DEADLINE_MS = 20_000;

const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`crash test seed ${seed} (rerun with CRASH_SEED=${seed})`);

const random = mulberry32(seed);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

interface SaleAnswer {
  saleId: string;
  fiscalOperationId: string;
  receiptNumber: number;
  total: number;
}

/** One POST /api/sales as a client sent it; `marker` prefixes the names of its items. */
interface Attempt {
  marker: string;
  body: Record<string, unknown>;
  totalBani: number;
  itemCount: number;
  paymentCount: number;
  idempotencyKey: string | null;
  /** null: no answer came back (the kill, or the server already gone). */
  answer: SaleAnswer | null;
}

/** A valid sale with 1-3 lines and cash, card-with-RRN or split payments, total in bani exact. */
function randomSale(marker: string): Pick<Attempt, 'body' | 'totalBani' | 'itemCount' | 'paymentCount'> {
  const items = Array.from({ length: between(1, 3) }, (_, i) => ({
    name: `${marker}/${i}`,
    unitPriceBani: between(1, 50_000),
    quantity: between(1, 3),
    vatCode: (['A', 'B', '_'] as const)[between(0, 2)],
  }));
  const totalBani = items.reduce((sum, item) => sum + item.unitPriceBani * item.quantity, 0);
  const mode = between(0, 2);
  let payments: { type: string; amountBani: number; rrn?: string }[];
  let changeBani = 0;
  if (mode === 0) {
    changeBani = between(0, 1) === 0 ? 0 : between(1, 5_000);
    payments = [{ type: '1', amountBani: totalBani + changeBani }];
  } else if (mode === 1 || totalBani < 2) {
    payments = [{ type: '2', amountBani: totalBani, rrn: String(between(1, 999_999_999)) }];
  } else {
    const cash = between(1, totalBani - 1);
    payments = [
      { type: '1', amountBani: cash },
      { type: '2', amountBani: totalBani - cash, rrn: String(between(1, 999_999_999)) },
    ];
  }
  const received = totalBani + changeBani;
  return {
    body: {
      items: items.map((item) => ({
        name: item.name,
        unitPrice: item.unitPriceBani / 100,
        quantity: item.quantity,
        vatCode: item.vatCode,
      })),
      payments: payments.map((p) => ({
        type: p.type,
        amount: p.amountBani / 100,
        ...(p.rrn ? { rrn: p.rrn } : {}),
      })),
      amountReceived: received / 100,
      change: changeBani / 100,
      printReceipt: false,
    },
    totalBani,
    itemCount: items.length,
    paymentCount: payments.length,
  };
}

interface Reply {
  status: number;
  replayed: boolean;
  body: {
    success: boolean;
    data: Record<string, unknown> | null;
    error: { code: string; message: string } | null;
  };
}

async function call(
  terminal: TerminalProcess,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string | null,
): Promise<Reply> {
  const response = await fetch(terminal.url + path, {
    method,
    headers: {
      'X-API-Key': API_KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // Only a guard against a hung socket; a killed server resets its connections at once.
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    replayed: response.headers.get('x-idempotency-replayed') === 'true',
    body: (await response.json()) as Reply['body'],
  };
}

function saleAnswer(reply: Reply): SaleAnswer {
  const data = reply.body.data!;
  return {
    saleId: data.saleId as string,
    fiscalOperationId: data.fiscalOperationId as string,
    receiptNumber: data.receiptNumber as number,
    total: data.total as number,
  };
}

/** Sells until the server stops answering; anything but a 200 from a live server is noted. */
async function sellUntilKilled(
  terminal: TerminalProcess,
  round: number,
  client: number,
  attempts: Attempt[],
  unexpected: string[],
): Promise<void> {
  for (let n = 0; ; n++) {
    const marker = `r${round}c${client}n${n}`;
    const keyed = random() < 0.5;
    const attempt: Attempt = {
      marker,
      ...randomSale(marker),
      idempotencyKey: keyed ? `crash-${seed}-${marker}` : null,
      answer: null,
    };
    attempts.push(attempt);
    let reply: Reply;
    try {
      reply = await call(terminal, 'POST', '/api/sales', attempt.body, attempt.idempotencyKey);
    } catch {
      return;
    }
    if (reply.status === 200) attempt.answer = saleAnswer(reply);
    else unexpected.push(`${marker}: ${reply.status} ${JSON.stringify(reply.body.error)}`);
  }
}

/** Everything that would be half-written or inconsistent in the terminal's SQLite file. */
function storeProblems(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
    const problems: string[] = [];
    const check = (what: string, found: unknown[]) => {
      if (found.length > 0) problems.push(`${what}: ${JSON.stringify(found.slice(0, 5))}`);
    };
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    check('foreign key violations', rows('PRAGMA foreign_key_check'));
    check(
      'sales without items',
      rows('SELECT id FROM sales s WHERE NOT EXISTS (SELECT 1 FROM sale_items i WHERE i.sale_id = s.id)'),
    );
    check(
      'sales without payments',
      rows('SELECT id FROM sales s WHERE json_array_length(s.payments_json) = 0'),
    );
    check(
      'sales whose payments do not sum to amount_received',
      rows(
        `SELECT id FROM sales s
         WHERE amount_received != (SELECT SUM(p.value ->> 'amount') FROM json_each(s.payments_json) p)`,
      ),
    );
    check(
      'sales without their fiscal operation or with another total',
      rows(
        `SELECT s.id FROM sales s LEFT JOIN fiscal_operations o ON o.seq = s.seq
         WHERE o.id IS NULL OR o.operation_type != 'receipt' OR o.total_amount != s.total`,
      ),
    );
    check(
      'receipt operations without exactly one sale',
      rows(
        `SELECT o.id, (SELECT COUNT(*) FROM sales s WHERE s.seq = o.seq) AS n
         FROM fiscal_operations o WHERE o.operation_type = 'receipt' AND n != 1`,
      ),
    );
    check(
      'idempotency keys linked to a missing sale',
      rows(
        `SELECT key FROM idempotency_keys k WHERE resource_kind = 'sale'
         AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.id = k.resource_id)`,
      ),
    );
    const numbers = rows(
      'SELECT receipt_number AS n FROM fiscal_operations WHERE report_number = 1 ORDER BY receipt_number',
    ).map((row) => row.n as number);
    const expected = numbers.map((_, i) => i + 1);
    if (JSON.stringify(numbers) !== JSON.stringify(expected)) {
      problems.push(`receipt numbers are not 1..${numbers.length}: ${numbers.join(',')}`);
    }
    return problems;
  } finally {
    db.close();
  }
}

/** Sale ids by attempt marker, read from the item names, with their item counts. */
function salesByMarker(file: string): Map<string, { saleId: string; items: number }[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT sale_id AS saleId, substr(name, 1, instr(name, '/') - 1) AS marker, COUNT(*) AS items
         FROM sale_items GROUP BY sale_id`,
      )
      .all() as { saleId: string; marker: string; items: number }[];
    const byMarker = new Map<string, { saleId: string; items: number }[]>();
    for (const row of rows) {
      byMarker.set(row.marker, [...(byMarker.get(row.marker) ?? []), row]);
    }
    return byMarker;
  } finally {
    db.close();
  }
}

/** Sends again, with their keys, the keyed requests of the round before the crash. */
async function retryKeyed(
  terminal: TerminalProcess,
  attempts: Attempt[],
  problems: string[],
): Promise<number> {
  let retried = 0;
  for (const attempt of attempts) {
    if (attempt.idempotencyKey === null) continue;
    retried++;
    const reply = await call(terminal, 'POST', '/api/sales', attempt.body, attempt.idempotencyKey);
    if (reply.status !== 200) {
      problems.push(`retry ${attempt.marker}: ${reply.status} ${JSON.stringify(reply.body.error)}`);
      continue;
    }
    const answer = saleAnswer(reply);
    if (attempt.answer === null) {
      attempt.answer = answer;
    } else if (!reply.replayed || JSON.stringify(answer) !== JSON.stringify(attempt.answer)) {
      problems.push(
        `retry ${attempt.marker} answered ${JSON.stringify(answer)} (replayed ${reply.replayed}), first ${JSON.stringify(attempt.answer)}`,
      );
    }
  }
  return retried;
}

async function waitForDrainedQueue(terminal: TerminalProcess): Promise<void> {
  const deadline = Date.now() + DRAIN_DEADLINE_MS;
  for (;;) {
    let waiting = 0;
    for (const status of ['pending', 'sent', 'offline']) {
      const reply = await call(terminal, 'GET', `/api/fiscal/operations?status=${status}&limit=1`);
      waiting += reply.body.data!.total as number;
    }
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} operations still unsynced`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function allOperations(terminal: TerminalProcess): Promise<Record<string, unknown>[]> {
  const operations: Record<string, unknown>[] = [];
  for (;;) {
    const reply = await call(terminal, 'GET', `/api/fiscal/operations?limit=500&offset=${operations.length}`);
    const page = reply.body.data!.operations as Record<string, unknown>[];
    operations.push(...page);
    if (page.length < 500) return operations;
  }
}

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dataDir: string;
let terminal: TerminalProcess | undefined;

beforeAll(async () => {
  sim = await startSimulator();
  dataDir = tempDir('crash');
});

afterAll(async () => {
  await terminal?.kill();
  await sim?.stop();
  if (dataDir) removeDir(dataDir);
  if (sim) removeDir(sim.dataDir);
});

it('keeps every answered sale, gapless receipt numbers and whole records across kill -9', async () => {
  const dbFile = join(dataDir, 'terminal.sqlite');
  const attempts: Attempt[] = [];
  const unexpected: string[] = [];
  const retryProblems: string[] = [];
  const crashStateProblems: string[] = [];
  let previousRound: Attempt[] = [];
  let retries = 0;

  for (let round = 0; round < ROUNDS; round++) {
    terminal = await startTerminalProcess({ dataDir, sim });
    retries += await retryKeyed(terminal, previousRound, retryProblems);
    const roundAttempts: Attempt[] = [];
    const killAfter = between(KILL_AFTER_MS.min, KILL_AFTER_MS.max);
    const clients = Array.from({ length: CLIENTS }, (_, client) =>
      sellUntilKilled(terminal!, round, client, roundAttempts, unexpected),
    );
    await new Promise((resolve) => setTimeout(resolve, killAfter));
    const exit = await terminal.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(clients);
    terminal = undefined;
    crashStateProblems.push(...storeProblems(dbFile).map((p) => `after kill ${round + 1}: ${p}`));
    const answered = roundAttempts.filter((a) => a.answer !== null).length;
    console.log(
      `round ${round + 1}: killed after ${killAfter} ms; ${answered} sales answered, ${roundAttempts.length - answered} unanswered`,
    );
    attempts.push(...roundAttempts);
    previousRound = roundAttempts;
  }

  terminal = await startTerminalProcess({ dataDir, sim });
  retries += await retryKeyed(terminal, previousRound, retryProblems);
  await waitForDrainedQueue(terminal);

  expect(unexpected).toEqual([]);
  expect(retryProblems).toEqual([]);
  expect(crashStateProblems).toEqual([]);

  // Every sale answered 200 is there as it was answered.
  const answered = attempts.filter((a) => a.answer !== null);
  for (const attempt of answered) {
    const reply = await call(terminal, 'GET', `/api/sales/${attempt.answer!.saleId}`);
    expect(reply.status, attempt.marker).toBe(200);
    const sale = reply.body.data!;
    expect((sale.fiscalOperation as { receiptNumber: number }).receiptNumber, attempt.marker).toBe(
      attempt.answer!.receiptNumber,
    );
    expect(sale.total, attempt.marker).toBe(attempt.totalBani / 100);
    expect(attempt.answer!.total, attempt.marker).toBe(attempt.totalBani / 100);
    expect((sale.items as unknown[]).length, attempt.marker).toBe(attempt.itemCount);
    expect((sale.payments as unknown[]).length, attempt.marker).toBe(attempt.paymentCount);
  }

  // Receipt numbers 1..N in the report, each once, all registered.
  const operations = await allOperations(terminal);
  const numbers = operations.map((op) => op.receiptNumber as number).sort((a, b) => a - b);
  expect(numbers).toEqual(operations.map((_, i) => i + 1));
  expect(operations.filter((op) => op.status !== 'success' || op.reportNumber !== 1)).toEqual([]);

  // The simulator holds each operation exactly once, and nothing else from this terminal.
  const registered = await listRegistrations(sim.adminUrl, sim.caCertPem, {
    registrationNumber: terminal.registrationNumber,
    limit: 10_000,
  });
  expect(registered.map((r) => r.operationId).sort()).toEqual(operations.map((op) => op.id as string).sort());

  const exit = await terminal.stop();
  terminal = undefined;
  expect(exit.code).toBe(0);
  expect(storeProblems(dbFile)).toEqual([]);

  // Each request became at most one sale; answered and retried ones exactly the one answered.
  const byMarker = salesByMarker(dbFile);
  const sent = new Set(attempts.map((a) => a.marker));
  expect([...byMarker.keys()].filter((marker) => !sent.has(marker))).toEqual([]);
  for (const attempt of attempts) {
    const sales = byMarker.get(attempt.marker) ?? [];
    expect(sales.length, attempt.marker).toBeLessThanOrEqual(1);
    if (attempt.answer)
      expect(sales, attempt.marker).toEqual([
        { saleId: attempt.answer.saleId, items: attempt.itemCount, marker: attempt.marker },
      ]);
  }
  const sales = [...byMarker.values()].flat().length;
  expect(sales).toBe(operations.length);

  console.log(
    `seed ${seed}: ${ROUNDS} kills, ${attempts.length} sale requests, ${answered.length} answered 200, ` +
      `${retries} retried by Idempotency-Key after a crash, ${sales} sales stored and registered once`,
  );
  // ~30 s on an idle machine, most of it six process starts; the margin is for a loaded one.
}, 90_000);
