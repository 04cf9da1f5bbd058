/**
 * A full disk under the real terminal process: DATA_DIR on a small tmpfs this test mounts and
 * fills. What must hold (docs/terminal-api.md, "Storage unavailable"):
 *
 * - every write answers 200 or 503 STORAGE_UNAVAILABLE, never a 500, and the process never
 *   dies of it (the audit log's flush timer used to throw SQLITE_FULL uncaught);
 * - health says `degraded` with the reason STORAGE_UNAVAILABLE while writes fail;
 * - every sale answered 200 is still there;
 * - once space returns, the same process sells again and health is `ready`;
 * - a document committed before the disk refused a later write of its request keeps its answer
 *   (its Idempotency-Key record, its paper) and is registered once space returns;
 * - a queued document the sync worker sent, whose answer the disk refused to record, is sent
 *   again once space returns, by the same process;
 * - a document answered 503 after it was written (the disk refused the record of the fiscal
 *   server's answer) is what its key gets once space returns, not the 503 kept under the key;
 * - a card sale the fiscal server refused inline, whose refusal the disk refused to record
 *   (answered 503), ends refused and its card charge voided once space returns, without a restart;
 *   a delivery lot it sold is open again then; a retry with its key gets that refusal, even one
 *   that comes before the sync worker's next pass; lost by a restart, the refusal comes again
 *   when the sale is sent, and what is left of its charge goes back then, unless a retry with its
 *   key was answered with the sale meanwhile;
 * - a read-only file system is answered the same way.
 *
 * Mounting needs root (CI runs as root); elsewhere the test is skipped with the reason.
 */
import Database from 'better-sqlite3';
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import {
  printedPages,
  setPrinterFault,
  startPrinterSimProcess,
  type PrinterSimProcess,
} from '@fiscal-pos/printer-sim';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { renderError } from '../../src/http/error-rendering.js';
import { Idempotency, type RouteResult } from '../../src/http/idempotency.js';
import { IdempotencyStore } from '../../src/storage/idempotency-store.js';
import { PrintJobStore } from '../../src/printing/print-job-store.js';
import { PrintQueue } from '../../src/printing/print-queue.js';
import { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { openFiscalDatabase } from '../../src/storage/database.js';
import {
  API_KEY,
  cashSale,
  removeDir,
  startCardSim,
  startSimulator,
  tempDir,
  type CardSim,
  type Simulator,
} from '../support/terminal-harness.js';
import { startMevGate, type MevGate } from '../support/mev-gate.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

/** Why the test cannot run here, or null when a tmpfs can be mounted. */
function mountRefusal(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root (CI runs as root)';
  const probe = tempDir('mount-probe');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    removeDir(probe);
  }
}

const refusal = mountRefusal();
if (refusal !== null) console.warn(`full-disk test skipped: ${refusal}`);

interface Reply {
  status: number;
  body: { data: Record<string, unknown> | null; error: { code: string; message: string } | null };
}

async function call(terminal: TerminalProcess, method: string, path: string, body?: unknown, key?: string) {
  const response = await fetch(terminal.url + path, {
    method,
    headers: {
      'X-API-Key': API_KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

/** Writes zeros until the file system refuses: the disk is full. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // The last few bytes too, so that no page is left.
    for (let size = 32 * 1024; size >= 512; size /= 2) {
      try {
        for (;;) writeSync(fd, chunk.subarray(0, size));
      } catch {
        // next smaller size
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The newest fiscal operation in the terminal's file, read on a connection of the test's own. */
function newestOperation(db: Database.Database): { id: string; status: string } | undefined {
  return db
    .prepare<[], { id: string; status: string }>(
      'SELECT id, status FROM fiscal_operations ORDER BY seq DESC LIMIT 1',
    )
    .get();
}

/**
 * A terminal process whose data directory is on a tmpfs of its own (24 MB), with mev-sim; both
 * started before the describe's tests, stopped and the tmpfs unmounted after them.
 */
function useTerminalOnTmpfs(
  name: string,
  env: Record<string, string>,
): { mountPoint: string; sim: Simulator; terminal: TerminalProcess } {
  const disk = {} as { mountPoint: string; sim: Simulator; terminal: TerminalProcess };
  beforeAll(async () => {
    disk.mountPoint = tempDir(name);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', disk.mountPoint]);
    disk.sim = await startSimulator();
    disk.terminal = await startTerminalProcess({
      dataDir: join(disk.mountPoint, 'data'),
      sim: disk.sim,
      env,
    });
  }, 60_000);
  afterAll(async () => {
    await disk.terminal?.stop();
    await disk.sim?.stop();
    execFileSync('umount', ['-l', disk.mountPoint]);
    removeDir(disk.mountPoint);
    removeDir(disk.sim?.dataDir ?? '');
  });
  return disk;
}

describe.skipIf(refusal !== null)('a full disk under the terminal process', () => {
  let mountPoint: string;
  let sim: Simulator;
  let terminal: TerminalProcess;

  beforeAll(async () => {
    mountPoint = tempDir('full-disk');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mountPoint]);
    sim = await startSimulator();
    terminal = await startTerminalProcess({ dataDir: join(mountPoint, 'data'), sim });
  }, 60_000);

  afterAll(async () => {
    await terminal?.stop();
    await sim?.stop();
    execFileSync('umount', ['-l', mountPoint]);
    removeDir(mountPoint);
    removeDir(sim?.dataDir ?? '');
  });

  it('answers 503 STORAGE_UNAVAILABLE, stays up, loses nothing answered and sells again when space returns', async () => {
    const answered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await call(terminal, 'POST', '/api/sales', cashSale(10 + i));
      expect(reply.status).toBe(200);
      answered.push(reply.body.data!.saleId as string);
    }

    const filler = join(mountPoint, 'filler');
    mkdirSync(mountPoint, { recursive: true });
    fill(filler);

    // The WAL reuses the space it already holds: sales go on until it must grow.
    let refused: Reply | null = null;
    let refusedKey = '';
    let refusedSale = cashSale(1);
    for (let i = 0; i < 3000 && refused === null; i++) {
      refusedKey = `full-disk-sale-${i}`;
      refusedSale = cashSale(1 + (i % 50));
      const reply = await call(terminal, 'POST', '/api/sales', refusedSale, refusedKey);
      if (reply.status === 200) answered.push(reply.body.data!.saleId as string);
      else refused = reply;
      // A read between writes: it used to kill the process as well (its audit row).
      expect((await call(terminal, 'GET', '/api/sales?limit=1')).status).toBe(200);
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.error?.code).toBe('STORAGE_UNAVAILABLE');

    // Other write paths answer the same refusal or succeed; never a 500.
    for (const [path, body] of [
      ['/api/cash/in', { amount: 5 }],
      ['/api/reports/x', {}],
      ['/api/sales', cashSale(7)],
    ] as const) {
      const reply = await call(terminal, 'POST', path, body);
      expect([200, 503], `${path}: ${JSON.stringify(reply.body.error)}`).toContain(reply.status);
      if (reply.status === 503) expect(reply.body.error?.code).toBe('STORAGE_UNAVAILABLE');
    }

    // The audit log's timer has run many times since: the process is still there.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const degraded = await call(terminal, 'GET', '/api/health');
    expect(degraded.status).toBe(200);
    expect(degraded.body.data!.status).toBe('degraded');
    expect(degraded.body.data!.degradedReasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'STORAGE_UNAVAILABLE' })]),
    );

    // Restarted on the full disk (it used to die again within seconds, forever): it starts,
    // refuses writes with the same answer and stays up.
    await terminal.kill();
    terminal = await startTerminalProcess({ dataDir: join(mountPoint, 'data'), sim });
    const refusedAgain = await call(terminal, 'POST', '/api/sales', refusedSale, refusedKey);
    expect([refusedAgain.status, refusedAgain.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call(terminal, 'GET', '/api/health')).body.data!.status).toBe('degraded');

    rmSync(filler);
    // The refused sale, sent again with its key once there is space: sold once.
    const again = await call(terminal, 'POST', '/api/sales', refusedSale, refusedKey);
    expect(again.status).toBe(200);
    answered.push(again.body.data!.saleId as string);
    // Health probes the disk again at most once a second.
    await expect
      .poll(async () => (await call(terminal, 'GET', '/api/health')).body.data!.status, { timeout: 10_000 })
      .toBe('ready');

    // Every sale answered is there, each under its own receipt number.
    const receipts = new Set<number>();
    for (const saleId of answered) {
      const sale = await call(terminal, 'GET', `/api/sales/${saleId}`);
      expect(sale.status).toBe(200);
      receipts.add((sale.body.data!.fiscalOperation as { receiptNumber: number }).receiptNumber);
    }
    expect(receipts.size).toBe(answered.length);
  }, 180_000);
});

describe.skipIf(refusal !== null)('the paper of a committed document on a full disk', () => {
  let mountPoint: string;
  let printerDir: string;

  beforeAll(() => {
    mountPoint = tempDir('full-disk-print');
    printerDir = tempDir('full-disk-printer');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint]);
  });

  afterAll(() => {
    execFileSync('umount', ['-l', mountPoint]);
    removeDir(mountPoint);
    removeDir(printerDir);
  });

  it('is not queued, and the answer of the document stands (no refusal that would make a retry sell twice)', async () => {
    const db = openFiscalDatabase(join(mountPoint, 'terminal.sqlite'));
    // An empty WAL: the next write must grow it, which the full disk refuses.
    db.pragma('wal_checkpoint(TRUNCATE)');
    fill(join(mountPoint, 'filler'));
    const queue = new PrintQueue({
      store: new PrintJobStore(db),
      printer: new VirtualPrinter(printerDir),
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      retryBaseMs: 50,
      retryMaxMs: 50,
    });
    try {
      const receipt = { kind: 'receipt', lines: [['Item', '1.00']], feedLines: 0, cut: true } as const;
      expect(queue.enqueue(receipt, 'sale s-1')).toBeNull();
      rmSync(join(mountPoint, 'filler'));
      expect(queue.enqueue(receipt, 'sale s-2')).toEqual(expect.any(Number));
    } finally {
      await queue.stop();
      db.close();
    }
  });
});

describe.skipIf(refusal !== null)('an Idempotency-Key whose answer the full disk refuses', () => {
  let mountPoint: string;

  beforeAll(() => {
    mountPoint = tempDir('full-disk-key');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint]);
  });

  afterAll(() => {
    execFileSync('umount', ['-l', mountPoint]);
    removeDir(mountPoint);
  });

  it('still answers what the request did: it is committed, a retry with the key rebuilds it', async () => {
    const db = openFiscalDatabase(join(mountPoint, 'terminal.sqlite'));
    const store = new IdempotencyStore(db);
    const answer = { statusCode: 200, body: { success: true, data: { saleId: 's-1' } } };
    const idempotency = new Idempotency(store, systemClock, new Map([['sale', (): RouteResult => answer]]));
    try {
      const { result } = await idempotency.execute(
        'key-1',
        () => 'fingerprint',
        () => {
          // The operation commits with its link to the key; then the disk is full.
          store.link('key-1', 'sale', 's-1');
          db.pragma('wal_checkpoint(TRUNCATE)');
          fill(join(mountPoint, 'filler'));
          return Promise.resolve(answer);
        },
      );
      expect(result).toEqual(answer);
      rmSync(join(mountPoint, 'filler'));
      expect(
        await idempotency.execute(
          'key-1',
          () => 'fingerprint',
          () => Promise.reject(new Error('ran twice')),
        ),
      ).toEqual({
        result: answer,
        replayed: true,
      });
    } finally {
      db.close();
    }
  });
});

describe.skipIf(refusal !== null)('a document whose fiscal server answer the full disk refuses', () => {
  const disk = useTerminalOnTmpfs('full-disk-mev', { MEV_REQUEST_TIMEOUT_MS: '20000' });

  it('is registered once space returns, and the documents after it are not held behind it, without a restart', async () => {
    const { mountPoint, sim, terminal } = disk;
    const file = join(mountPoint, 'data', 'terminal.sqlite');
    const db = new Database(file);
    try {
      // The fiscal server answers after a while: the disk fills while the sale waits for it.
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'slow', delayMs: 3000 });
      const sale = call(terminal, 'POST', '/api/sales', cashSale(21), 'stranded-sale');
      await expect.poll(() => newestOperation(db)?.status, { timeout: 15_000, interval: 20 }).toBe('sent');
      const stranded = newestOperation(db)!.id;
      // An empty WAL: recording the answer must grow it, which the full disk refuses.
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(join(mountPoint, 'filler'));
      // The sale is on disk and registered: answered 200. Its registration is held for the
      // next commit (docs/offline-mode.md, "Group commit of answers"); the lazy commit that
      // writes it when none comes is the write the full disk refuses, which strands it `sent`.
      const answered = await sale;
      expect([answered.status, answered.body.data?.fiscalOperationId]).toEqual([200, stranded]);

      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
      rmSync(join(mountPoint, 'filler'));
      // The same process registers it (it used to stay `sent` until a restart)...
      await expect
        .poll(
          () =>
            db
              .prepare<[string], { status: string }>('SELECT status FROM fiscal_operations WHERE id = ?')
              .get(stranded)?.status,
          {
            timeout: 20_000,
          },
        )
        .toBe('success');
      // ...and the next sale is registered online, not queued behind it.
      const next = await call(terminal, 'POST', '/api/sales', cashSale(22));
      expect([next.status, next.body.data?.isOffline]).toEqual([200, false]);
      // The sale, sent again with its key, is the one written: sold once.
      const retried = await call(terminal, 'POST', '/api/sales', cashSale(21), 'stranded-sale');
      expect([retried.status, retried.body.data?.fiscalOperationId]).toEqual([200, stranded]);
    } finally {
      db.close();
    }
  }, 120_000);
});

describe.skipIf(refusal !== null)('a queued document whose answer the full disk refuses', () => {
  const disk = useTerminalOnTmpfs('full-disk-queue', { MEV_REQUEST_TIMEOUT_MS: '20000' });

  it('is sent again by the sync worker once space returns, without a restart', async () => {
    const { mountPoint, sim, terminal } = disk;
    const file = join(mountPoint, 'data', 'terminal.sqlite');
    const db = new Database(file);
    const statusOf = (id: string) =>
      db.prepare<[string], { status: string }>('SELECT status FROM fiscal_operations WHERE id = ?').get(id)
        ?.status;
    try {
      // The fiscal server is down: the sale is answered offline and waits in the queue.
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
      const sale = await call(terminal, 'POST', '/api/sales', cashSale(31));
      expect([sale.status, sale.body.data?.isOffline]).toEqual([200, true]);
      const queued = sale.body.data!.fiscalOperationId as string;

      // Back, but slow: the sync worker marks the sale `sent` and waits for the answer.
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'slow', delayMs: 3000 });
      await expect.poll(() => statusOf(queued), { timeout: 15_000, interval: 20 }).toBe('sent');
      // An empty WAL: recording the answer must grow it, which the full disk refuses.
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(join(mountPoint, 'filler'));
      expect(await terminal.logged(/offline sync pass failed/)).toMatch(/SQLITE_FULL/);

      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
      rmSync(join(mountPoint, 'filler'));
      // The same process sends it again (it stayed `sent`, out of the queue, until a restart).
      await expect.poll(() => statusOf(queued), { timeout: 20_000 }).toBe('success');
      // ...and the next sale is registered online, not queued behind it.
      const next = await call(terminal, 'POST', '/api/sales', cashSale(32));
      expect([next.status, next.body.data?.isOffline]).toEqual([200, false]);
    } finally {
      db.close();
    }
  }, 120_000);
});

describe.skipIf(refusal !== null)('a sale answered 503 after its document was written', () => {
  const disk = useTerminalOnTmpfs('full-disk-answer', { MEV_REQUEST_TIMEOUT_MS: '3000' });

  it('is the document when sent again with its key once there is space, not the 503 again', async () => {
    const { mountPoint, sim, terminal } = disk;
    const file = join(mountPoint, 'data', 'terminal.sqlite');
    const db = new Database(file);
    const filler = join(mountPoint, 'filler');
    try {
      // The fiscal server does not answer: the sale is written `sent`, and after the timeout
      // its way into the offline queue must be written.
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'hang' });
      const sale = call(terminal, 'POST', '/api/sales', cashSale(41), 'answer-after-write');
      await expect.poll(() => newestOperation(db)?.status, { timeout: 15_000, interval: 20 }).toBe('sent');
      const written = newestOperation(db)!.id;
      // An empty WAL and the disk full but for a few pages: the queueing of the sale (several
      // pages) is refused, a smaller write after it still fits in what the refused one took.
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(filler);
      truncateSync(filler, statSync(filler).size - 12 * 1024);
      const refused = await sale;
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);

      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
      rmSync(filler);
      // As the refusal says: sent again with the key once there is space, it gets its document.
      const retried = await call(terminal, 'POST', '/api/sales', cashSale(41), 'answer-after-write');
      expect([retried.status, retried.body.data?.fiscalOperationId]).toEqual([200, written]);
    } finally {
      db.close();
    }
  }, 120_000);
});

/**
 * A terminal process on a tmpfs of its own (24 MB) with card-sim, and mev-sim behind a gate;
 * started before the describe's tests, stopped and the tmpfs unmounted after them.
 */
function useCardTerminalOnTmpfs(name: string, env: Record<string, string> = {}) {
  const disk = {} as {
    mountPoint: string;
    sim: Simulator;
    cardSim: CardSim;
    gate: MevGate;
    terminal: TerminalProcess;
    /** A new terminal process on the same data, the simulators and the gate. */
    start: () => Promise<TerminalProcess>;
  };
  beforeAll(async () => {
    disk.mountPoint = tempDir(name);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', disk.mountPoint]);
    [disk.sim, disk.cardSim] = await Promise.all([startSimulator(), startCardSim()]);
    disk.gate = await startMevGate(disk.sim.url);
    disk.start = () =>
      startTerminalProcess({
        dataDir: join(disk.mountPoint, 'data'),
        sim: disk.sim,
        card: disk.cardSim,
        env: {
          MEV_URL: disk.gate.url,
          MEV_CONNECT_TIMEOUT_MS: '20000',
          MEV_REQUEST_TIMEOUT_MS: '20000',
          ...env,
        },
      });
    disk.terminal = await disk.start();
  }, 60_000);
  afterAll(async () => {
    await disk.terminal?.stop();
    await disk.gate?.close();
    await Promise.all([disk.sim?.stop(), disk.cardSim?.stop()]);
    execFileSync('umount', ['-l', disk.mountPoint]);
    removeDir(disk.mountPoint);
    for (const dir of [disk.sim?.dataDir, disk.cardSim?.dataDir]) if (dir) removeDir(dir);
  });
  return disk;
}

/**
 * A card sale the fiscal server refuses for itself once it is written, whose refusal the disk
 * refuses to record: answered 503, the card charged. The disk is left full (`filler`).
 */
async function refusedOnFullDisk(
  disk: ReturnType<typeof useCardTerminalOnTmpfs>,
  db: Database.Database,
  body: unknown,
  key: string,
): Promise<{ operationId: string; saleId: string; purchase: string }> {
  const latest = () =>
    db
      .prepare<[], { operationId: string; saleId: string; purchase: string; status: string }>(
        `SELECT o.id AS operationId, s.id AS saleId, c.id AS purchase, o.status FROM fiscal_operations o
         JOIN sales s ON s.seq = o.seq JOIN card_transactions c ON c.sale_id = s.id
         ORDER BY o.seq DESC LIMIT 1`,
      )
      .get();
  const before = latest()?.operationId;
  // The card is charged and the sale written; its registration is held on its way.
  disk.gate.hold();
  const sale = call(disk.terminal, 'POST', '/api/sales', body, key);
  await expect
    .poll(() => (latest()?.operationId === before ? undefined : latest()?.status), {
      timeout: 15_000,
      interval: 20,
    })
    .toBe('sent');
  const { operationId, saleId, purchase } = latest()!;
  expect((await listCardTransactions(disk.cardSim.adminUrl, { reference: purchase }))[0]).toMatchObject({
    state: 'charged',
  });

  // The fiscal server refuses it for itself; the disk refuses the record of that refusal.
  await setFaultMode(disk.sim.adminUrl, disk.sim.caCertPem, {
    mode: 'poison',
    poisonOperationId: operationId,
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  fill(join(disk.mountPoint, 'filler'));
  disk.gate.release();
  const refused = await sale;
  expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
  return { operationId, saleId, purchase };
}

/** A card sale of `amount` MDL. */
const cardSale = (amount: number) => ({ ...cashSale(amount), payments: [{ type: '2', amount }] });

describe.skipIf(refusal !== null)('card payments on a full disk', () => {
  const disk = useCardTerminalOnTmpfs('full-disk-card');
  let mountPoint: string;
  let cardSim: CardSim;
  let terminal: TerminalProcess;
  beforeAll(() => {
    ({ mountPoint, cardSim, terminal } = disk);
  });

  it('a sale refused inline whose refusal the disk refused ends refused, its charge voided once space returns, without a restart', async () => {
    const file = join(mountPoint, 'data', 'terminal.sqlite');
    const db = new Database(file);
    const filler = join(mountPoint, 'filler');
    try {
      const { operationId, purchase } = await refusedOnFullDisk(disk, db, cardSale(51), 'refused-card-sale');

      // Space returns; the fiscal server still refuses that operation.
      rmSync(filler);
      const cardRow = () =>
        db
          .prepare<[string], { status: string; cancelled_by: string | null }>(
            'SELECT status, cancelled_by FROM card_transactions WHERE id = ?',
          )
          .get(purchase);
      await expect.poll(cardRow, { timeout: 20_000 }).toMatchObject({ status: 'cancelled' });
      expect((await listCardTransactions(cardSim.adminUrl, { reference: purchase }))[0]?.state).toMatch(
        /^(voided|reversed)$/,
      );
      // Refused inline, never queued offline: its key answers the refusal.
      expect(
        db
          .prepare<[string], { status: string; is_offline: number }>(
            'SELECT status, is_offline FROM fiscal_operations WHERE id = ?',
          )
          .get(operationId),
      ).toEqual({ status: 'failed', is_offline: 0 });
      const retried = await call(terminal, 'POST', '/api/sales', cardSale(51), 'refused-card-sale');
      expect([retried.status, retried.body.error?.code]).toEqual([502, 'MEV_ERROR']);
    } finally {
      db.close();
    }
  }, 120_000);

  it('a delivery lot sold by a sale whose refusal the disk recorded late is open again', async () => {
    const db = new Database(join(mountPoint, 'data', 'terminal.sqlite'));
    try {
      const created = await call(terminal, 'POST', '/api/delivery-lots', {
        lines: [{ lotLineId: 'box', name: 'Box', quantity: 1, unitPrice: 55, vatCode: 'B' }],
      });
      expect(created.status).toBe(200);
      const lotId = created.body.data!.lotId as string;
      const fromLot = {
        ...cardSale(55),
        items: [{ lotLineId: 'box', name: 'Box', quantity: 1, unitPrice: 55, vatCode: 'B' }],
        deliveryLotId: lotId,
      };
      await refusedOnFullDisk(disk, db, fromLot, 'refused-lot-sale');
      // The sale stands for now (its refusal is not recorded): the lot stays sold meanwhile.
      expect((await call(terminal, 'GET', `/api/delivery-lots/${lotId}`)).body.data!.status).toBe('sold');

      rmSync(join(mountPoint, 'filler'));
      // Once the refusal is recorded, nothing was sold: the lot is open again (it stayed sold).
      await expect
        .poll(async () => (await call(terminal, 'GET', `/api/delivery-lots/${lotId}`)).body.data!.status, {
          timeout: 20_000,
        })
        .toBe('open');
    } finally {
      db.close();
    }
  }, 120_000);

  it('a charge whose approval the disk refused to journal is taken back once space returns, without a restart', async () => {
    const db = new Database(join(mountPoint, 'data', 'terminal.sqlite'));
    const filler = join(mountPoint, 'filler');
    const lastPurchase = () =>
      db
        .prepare<[], { id: string; status: string }>(
          `SELECT id, status FROM card_transactions WHERE kind = 'purchase' ORDER BY seq DESC LIMIT 1`,
        )
        .get();
    try {
      // The card terminal charges the card, then answers after a while: the disk fills meanwhile.
      await setCardFault(cardSim.adminUrl, { mode: 'slow', delayMs: 3000, operations: ['purchase'] });
      const before = lastPurchase()?.id;
      const sale = call(terminal, 'POST', '/api/sales', {
        ...cashSale(52),
        payments: [{ type: '2', amount: 52 }],
      });
      await expect
        .poll(() => (lastPurchase()?.id !== before ? lastPurchase()?.status : undefined), {
          timeout: 15_000,
          interval: 20,
        })
        .toBe('sending');
      const { id: purchase } = lastPurchase()!;
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(filler);
      const refused = await sale;
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect((await listCardTransactions(cardSim.adminUrl, { reference: purchase }))[0]).toMatchObject({
        result: 'approved',
        state: 'charged',
      });

      // Space returns: no sale was written, so the charge must not stay.
      await setCardFault(cardSim.adminUrl, { mode: 'ok' });
      rmSync(filler);
      const next = await call(terminal, 'POST', '/api/sales', {
        ...cashSale(53),
        payments: [{ type: '2', amount: 53 }],
      });
      expect(next.status).toBe(200);
      await expect
        .poll(async () => (await listCardTransactions(cardSim.adminUrl, { reference: purchase }))[0]?.state, {
          timeout: 10_000,
        })
        .toMatch(/^(voided|reversed)$/);
      expect(
        db
          .prepare<[string], { status: string }>('SELECT status FROM card_transactions WHERE id = ?')
          .get(purchase),
      ).toEqual({ status: 'cancelled' });
    } finally {
      db.close();
    }
  }, 120_000);
  it('a card refund whose approval the disk refused to journal is not refunded again by its retry', async () => {
    const db = new Database(join(mountPoint, 'data', 'terminal.sqlite'));
    const filler = join(mountPoint, 'filler');
    const lastRefund = () =>
      db
        .prepare<[], { id: string; status: string }>(
          `SELECT id, status FROM card_transactions WHERE kind = 'refund' ORDER BY seq DESC LIMIT 1`,
        )
        .get();
    try {
      const sold = await call(terminal, 'POST', '/api/sales', {
        ...cashSale(60),
        items: [{ name: 'Item', unitPrice: 30, quantity: 2, vatCode: 'B' }],
        payments: [{ type: '2', amount: 60 }],
      });
      expect(sold.status).toBe(200);
      const saleId = sold.body.data!.saleId as string;
      const rrn = (sold.body.data!.payments as { card: { rrn: string } }[])[0]!.card.rrn;
      const refundedAtBank = async () =>
        (await listCardTransactions(cardSim.adminUrl, { operation: 'purchase' })).find((p) => p.rrn === rrn)
          ?.refunded;

      // Half of it back: the card terminal refunds, then answers after a while; the disk fills meanwhile.
      await setCardFault(cardSim.adminUrl, { mode: 'slow', delayMs: 3000, operations: ['refund'] });
      const half = { items: [{ index: 0, quantity: 1 }], printReceipt: false };
      const refund = call(terminal, 'POST', `/api/sales/${saleId}/refund`, half, 'unjournaled-card-refund');
      await expect.poll(() => lastRefund()?.status, { timeout: 15_000, interval: 20 }).toBe('sending');
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(filler);
      const refused = await refund;
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect(await refundedAtBank()).toBe(3000);

      // Space returns; the refund is sent again with its key, as the 503 asks: the card gets it once.
      await setCardFault(cardSim.adminUrl, { mode: 'ok' });
      rmSync(filler);
      const retried = await call(
        terminal,
        'POST',
        `/api/sales/${saleId}/refund`,
        half,
        'unjournaled-card-refund',
      );
      expect([retried.status, retried.body.error]).toEqual([200, null]);
      expect(await refundedAtBank()).toBe(3000);
    } finally {
      db.close();
    }
  }, 120_000);

  it('a card payment to take back whose marking the disk refused is taken back once space returns, without a restart', async () => {
    const db = new Database(join(mountPoint, 'data', 'terminal.sqlite'));
    const filler = join(mountPoint, 'filler');
    const lastPurchase = () =>
      db
        .prepare<[], { id: string; status: string; amount: number }>(
          `SELECT id, status, amount FROM card_transactions WHERE kind = 'purchase' ORDER BY seq DESC LIMIT 1`,
        )
        .get();
    try {
      // Two card payments: the first is approved at once, the second answers after a while and
      // the disk fills meanwhile; its approval is refused, and so is the marking of the first as
      // to be taken back.
      await setCardFault(cardSim.adminUrl, {
        mode: 'slow',
        delayMs: 3000,
        operations: ['purchase'],
        amounts: [2000],
      });
      const sale = call(terminal, 'POST', '/api/sales', {
        ...cashSale(30),
        payments: [
          { type: '2', amount: 10 },
          { type: '2', amount: 20 },
        ],
      });
      await expect
        .poll(() => (lastPurchase()?.amount === 2000 ? lastPurchase()?.status : undefined), {
          timeout: 15_000,
          interval: 20,
        })
        .toBe('sending');
      const first = db
        .prepare<[], { id: string; status: string }>(
          `SELECT id, status FROM card_transactions WHERE kind = 'purchase' AND amount = 1000 ORDER BY seq DESC LIMIT 1`,
        )
        .get()!;
      expect(first.status).toBe('approved');
      db.pragma('wal_checkpoint(TRUNCATE)');
      fill(filler);
      const refused = await sale;
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);

      // Space returns: no sale was written, so neither charge may stay.
      await setCardFault(cardSim.adminUrl, { mode: 'ok' });
      rmSync(filler);
      const next = await call(terminal, 'POST', '/api/sales', {
        ...cashSale(54),
        payments: [{ type: '2', amount: 54 }],
      });
      expect(next.status).toBe(200);
      expect((await listCardTransactions(cardSim.adminUrl, { reference: first.id }))[0]?.state).toMatch(
        /^(voided|reversed)$/,
      );
      expect(
        db
          .prepare<[string], { status: string }>('SELECT status FROM card_transactions WHERE id = ?')
          .get(first.id),
      ).toEqual({ status: 'cancelled' });
    } finally {
      db.close();
    }
  }, 120_000);
});

describe.skipIf(refusal !== null)('a refusal the full disk could only record late', () => {
  // The sync worker waits long after a failed pass: what a request sees before its next pass.
  const disk = useCardTerminalOnTmpfs('full-disk-late', {
    SYNC_RETRY_BASE_MS: '600000',
    SYNC_RETRY_MAX_MS: '600000',
  });
  const statusOf = (db: Database.Database, operationId: string) =>
    db
      .prepare<[string], { status: string }>('SELECT status FROM fiscal_operations WHERE id = ?')
      .get(operationId)?.status;

  it('is what a retry with its key gets once there is space, before the sync worker has recorded it', async () => {
    const db = new Database(join(disk.mountPoint, 'data', 'terminal.sqlite'));
    try {
      const { operationId, purchase } = await refusedOnFullDisk(disk, db, cardSale(71), 'late-retry');
      expect(await disk.terminal.logged(/offline sync pass failed/)).toMatch(/SQLITE_FULL/);
      rmSync(join(disk.mountPoint, 'filler'));
      // Sent again as the 503 asks: the refusal (it answered 200 for the refused sale, and kept it).
      const retried = await call(disk.terminal, 'POST', '/api/sales', cardSale(71), 'late-retry');
      expect([retried.status, retried.body.error?.code]).toEqual([502, 'MEV_ERROR']);
      expect(statusOf(db, operationId)).toBe('failed');
      await expect
        .poll(
          async () => (await listCardTransactions(disk.cardSim.adminUrl, { reference: purchase }))[0]?.state,
          {
            timeout: 10_000,
          },
        )
        .toMatch(/^(voided|reversed)$/);
      const again = await call(disk.terminal, 'POST', '/api/sales', cardSale(71), 'late-retry');
      expect([again.status, again.body.error?.code]).toEqual([502, 'MEV_ERROR']);
    } finally {
      db.close();
    }
  }, 120_000);

  it('lost by a restart, still takes the card charge back when the fiscal server refuses the sale again', async () => {
    const db = new Database(join(disk.mountPoint, 'data', 'terminal.sqlite'));
    try {
      const { operationId, purchase } = await refusedOnFullDisk(disk, db, cardSale(72), 'late-restart');
      // The process ends before the disk takes writes: the refusal it held is lost with it.
      await disk.terminal.kill();
      rmSync(join(disk.mountPoint, 'filler'));
      disk.terminal = await disk.start();
      // Queued by the restart and sent; the fiscal server refuses it again. No one was answered
      // with the sale, so its charge goes back (it stayed charged for good).
      await expect.poll(() => statusOf(db, operationId), { timeout: 20_000 }).toBe('failed');
      await expect
        .poll(
          async () => (await listCardTransactions(disk.cardSim.adminUrl, { reference: purchase }))[0]?.state,
          {
            timeout: 10_000,
          },
        )
        .toMatch(/^(voided|reversed)$/);
    } finally {
      db.close();
    }
  }, 120_000);

  it('lost by a restart, gives back only what a refund of the sale left on the card', async () => {
    const db = new Database(join(disk.mountPoint, 'data', 'terminal.sqlite'));
    try {
      const twoUnits = {
        ...cardSale(60),
        items: [{ name: 'Item', unitPrice: 30, quantity: 2, vatCode: 'B' }],
      };
      const { operationId, saleId, purchase } = await refusedOnFullDisk(disk, db, twoUnits, 'late-refunded');
      await disk.terminal.kill();
      rmSync(join(disk.mountPoint, 'filler'));
      // The queued sale's registration is held on its way while half of it is returned.
      disk.gate.hold();
      disk.terminal = await disk.start();
      await expect.poll(() => statusOf(db, operationId), { timeout: 15_000, interval: 20 }).toBe('sent');
      const refund = await call(disk.terminal, 'POST', `/api/sales/${saleId}/refund`, {
        items: [{ index: 0, quantity: 1 }],
        printReceipt: false,
      });
      expect([refund.status, refund.body.error]).toEqual([200, null]);
      disk.gate.release();

      await expect.poll(() => statusOf(db, operationId), { timeout: 20_000 }).toBe('failed');
      // The card gets the other half back, by a refund: a void would give the whole of it again.
      const atBank = async () =>
        (await listCardTransactions(disk.cardSim.adminUrl, { reference: purchase }))[0];
      await expect.poll(async () => (await atBank())?.refunded, { timeout: 10_000 }).toBe(6000);
      expect((await atBank())?.state).toBe('charged');
    } finally {
      db.close();
    }
  }, 120_000);

  it('lost by a restart, and then answered to a retry with its key: the sale stands for that customer, charged', async () => {
    const db = new Database(join(disk.mountPoint, 'data', 'terminal.sqlite'));
    try {
      const { operationId, purchase } = await refusedOnFullDisk(disk, db, cardSale(73), 'late-answered');
      await disk.terminal.kill();
      rmSync(join(disk.mountPoint, 'filler'));
      disk.gate.hold();
      disk.terminal = await disk.start();
      await expect.poll(() => statusOf(db, operationId), { timeout: 15_000, interval: 20 }).toBe('sent');
      // Sent again as the 503 asked: answered offline, as any sale the terminal queued.
      const retried = await call(disk.terminal, 'POST', '/api/sales', cardSale(73), 'late-answered');
      expect([retried.status, retried.body.data?.isOffline]).toEqual([200, true]);
      disk.gate.release();

      await expect.poll(() => statusOf(db, operationId), { timeout: 20_000 }).toBe('failed');
      // The card lock passes any take-back before the next purchase: there was none.
      const next = await call(disk.terminal, 'POST', '/api/sales', cardSale(74));
      expect(next.status).toBe(200);
      expect((await listCardTransactions(disk.cardSim.adminUrl, { reference: purchase }))[0]?.state).toBe(
        'charged',
      );
    } finally {
      db.close();
    }
  }, 120_000);
});

describe.skipIf(refusal !== null)('a receipt printed while the full disk refuses the record of it', () => {
  let mountPoint: string;
  let sim: Simulator;
  let printer: PrinterSimProcess;
  let terminal: TerminalProcess;
  const dataDir = () => join(mountPoint, 'data');
  const start = () =>
    startTerminalProcess({
      dataDir: dataDir(),
      sim,
      env: { PRINTER: printer.url, PRINTER_RETRY_MAX_MS: '100', PRINTER_TIMEOUT_MS: '10000' },
    });

  beforeAll(async () => {
    mountPoint = tempDir('full-disk-paper');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mountPoint]);
    sim = await startSimulator();
    printer = await startPrinterSimProcess({ dataDir: tempDir('full-disk-printer-sim') });
    terminal = await start();
  }, 60_000);

  afterAll(async () => {
    await terminal?.stop();
    await printer?.stop();
    await sim?.stop();
    execFileSync('umount', ['-l', mountPoint]);
    removeDir(mountPoint);
    removeDir(sim?.dataDir ?? '');
  });

  interface Job {
    id: number;
    source: string;
    status: string;
    lastError: string | null;
  }
  const jobs = async () =>
    (await call(terminal, 'GET', '/api/printer/jobs')).body.data as unknown as {
      queued: Job[];
      unconfirmed: Job[];
      recent: Job[];
    };
  const pagesOf = async (qr: string) =>
    (await printedPages(printer.adminUrl)).filter((page) => page.qrPayloads.includes(qr)).length;

  /**
   * A sale whose receipt comes out on paper, after which the disk is full before the terminal
   * can record it: the printer answers slowly, and the disk fills between the page and the
   * printer's confirmation.
   */
  async function printedOnFullDisk(amount: number): Promise<{ qr: string; saleId: string }> {
    await setPrinterFault(printer.adminUrl, { mode: 'slow', delayMs: 2000 });
    const sale = await call(terminal, 'POST', '/api/sales', { ...cashSale(amount), printReceipt: true });
    expect(sale.status).toBe(200);
    const qr = sale.body.data!.qrCodeData as string;
    await expect.poll(() => pagesOf(qr), { timeout: 15_000, interval: 20 }).toBe(1);
    const db = new Database(join(dataDir(), 'terminal.sqlite'));
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    fill(join(mountPoint, 'filler'));
    await setPrinterFault(printer.adminUrl, { mode: 'ok' });
    return { qr, saleId: sale.body.data!.saleId as string };
  }

  it('is not printed again, by the same process, while the disk is full or once it has space', async () => {
    const { qr, saleId } = await printedOnFullDisk(41);
    // The printer confirms the page (2 s after it) and the terminal cannot record it.
    await terminal.logged(/print queue could not record/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(join(mountPoint, 'filler'));
    await expect
      .poll(async () => (await jobs()).recent.find((job) => job.source === `sale ${saleId}`)?.status, {
        timeout: 15_000,
      })
      .toBe('printed');
    // A resent job would have come out by now (the printer answers at once again).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pagesOf(qr)).toBe(1);
  }, 60_000);

  it('lost by a restart, is unconfirmed (health says so) for a cashier to reprint, never printed again on its own', async () => {
    const { qr, saleId } = await printedOnFullDisk(42);
    // The printer confirms the page; the terminal cannot record it, and ends before it can.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await terminal.kill();
    rmSync(join(mountPoint, 'filler'));
    terminal = await start();
    await expect
      .poll(async () => (await jobs()).unconfirmed.map((job) => job.source), { timeout: 15_000 })
      .toEqual([`sale ${saleId}`]);
    expect((await jobs()).unconfirmed[0]!.lastError).toMatch(/whether it printed was not recorded/);
    const health = (await call(terminal, 'GET', '/api/health')).body.data as {
      printer: { unconfirmedJobs: number };
    };
    expect(health.printer.unconfirmedJobs).toBe(1);
    // The next receipt prints; the one in doubt does not.
    const next = await call(terminal, 'POST', '/api/sales', { ...cashSale(43), printReceipt: true });
    await expect.poll(() => pagesOf(next.body.data!.qrCodeData as string), { timeout: 15_000 }).toBe(1);
    expect(await pagesOf(qr)).toBe(1);
  }, 90_000);
});

describe.skipIf(refusal !== null)('a read-only file system', () => {
  let mountPoint: string;

  beforeAll(() => {
    mountPoint = tempDir('read-only');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mountPoint]);
    const db = new Database(join(mountPoint, 'store.sqlite'));
    db.exec('CREATE TABLE t (x INTEGER)');
    db.close();
    execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
  });

  afterAll(() => {
    execFileSync('umount', ['-l', mountPoint]);
    removeDir(mountPoint);
  });

  it('refuses a write with 503 STORAGE_UNAVAILABLE, like a full disk', () => {
    const db = new Database(join(mountPoint, 'store.sqlite'));
    try {
      let thrown: unknown = null;
      try {
        db.prepare('INSERT INTO t (x) VALUES (1)').run();
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { code?: string } | null)?.code).toMatch(/^SQLITE_READONLY/);
      const rendered = renderError(thrown, new Date());
      expect([rendered.statusCode, (rendered.body as { error: { code: string } }).error.code]).toEqual([
        503,
        'STORAGE_UNAVAILABLE',
      ]);
    } finally {
      db.close();
    }
  });
});
