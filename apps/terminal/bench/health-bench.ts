/**
 * The health benchmark (`npm run bench -- --only health`): what GET /api/health, GET /metrics
 * and the counts they read cost on an empty terminal and on one that was never activated in
 * the cloud, so that every fiscal document it ever wrote waits in the platform outbox
 * (1,000,000 by default), the last of them still in the offline queue after an outage of the
 * fiscal server. ERPs and load balancers poll health: its cost must not grow with the history.
 *
 * The documents are inserted in SQL (minutes through the stores, seconds this way), so the
 * triggers write the outbox and the counts as a sale's transaction does. The terminal runs in
 * this process over real HTTP on 127.0.0.1 with the instant fiscal server.
 *
 * HEALTH_BENCH_DOCUMENTS (default 1000000) and HEALTH_BENCH_OFFLINE (default 10000) choose the sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeEach } from '../../../bench/load/latency-stats.js';
import type { TerminalRuntime } from '../src/terminal-runtime.js';
import { measureGet, withServedTerminal } from './history/bench-terminal.js';

type Figures = Record<string, number | string>;

const HTTP_REQUESTS = 500;
const COUNT_CALLS = 200;
/** A busy shop's day: the documents are spread over Z reports of this many. */
const DOCUMENTS_PER_REPORT = 1_500;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function envCount(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a count, got "${raw}"`);
  return n;
}

export async function runHealthBench(): Promise<Figures> {
  const documents = envCount('HEALTH_BENCH_DOCUMENTS', 1_000_000);
  const offline = Math.min(documents, envCount('HEALTH_BENCH_OFFLINE', 10_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-pos-health-'));
  const figures: Figures = {};
  try {
    await withServedTerminal(dataDir, async (rt, origin) => {
      for (const [name, value] of Object.entries(await measure(rt, origin)))
        figures[`empty terminal: ${name}`] = value;
      const started = performance.now();
      insertDocuments(rt, documents, offline);
      figures['documents inserted'] = documents;
      figures['insert s'] = round((performance.now() - started) / 1000, 1);
      const label = `${documents} unconfirmed, ${offline} offline`;
      for (const [name, value] of Object.entries(await measure(rt, origin)))
        figures[`${label}: ${name}`] = value;
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/**
 * Receipts numbered across Z reports, a minute apart, accepted by the fiscal server except the
 * last `offline`; none confirmed by the cloud (the terminal is not activated).
 */
function insertDocuments(rt: TerminalRuntime, documents: number, offline: number): void {
  rt.db.transaction(() => {
    rt.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @documents)
         INSERT INTO fiscal_operations (id, operation_type, receipt_number, report_number, status, is_offline,
           total_amount, cash_delta, vat_json, payments_json, fiscal_code, created_at, completed_at)
         SELECT printf('bench-%08d', i), 'receipt', i % @perReport + 1, i / @perReport + 1,
                CASE WHEN i >= @documents - @offline THEN 'offline' ELSE 'success' END,
                i >= @documents - @offline, 100, 100, '[]', '[{"code":"1","amount":100}]',
                CASE WHEN i >= @documents - @offline THEN NULL ELSE printf('FC%08d', i) END,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d minutes', i)),
                strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d minutes', i))
           FROM n`,
      )
      // A number is bound as a REAL, which would make i / @perReport a fraction.
      .run({ documents, offline, perReport: BigInt(DOCUMENTS_PER_REPORT) });
  })();
  rt.db.pragma('wal_checkpoint(TRUNCATE)');
}

/** The counts alone (SQLite and the store code, no HTTP), then health and metrics over HTTP. */
async function measure(rt: TerminalRuntime, origin: string): Promise<Figures> {
  const figures: Figures = {
    documentsWaiting: rt.documentOutbox.size(),
    offlineQueueSize: rt.operations.queueStats().size,
  };
  const counts: [string, () => unknown][] = [
    ['outbox size', () => rt.documentOutbox.size()],
    ['offline queue stats', () => rt.operations.queueStats()],
  ];
  for (const [name, count] of counts) {
    const latency = await timeEach(COUNT_CALLS, 120_000, count);
    figures[`${name} p50 ms`] = round(latency.p50, 3);
    figures[`${name} p99 ms`] = round(latency.p99, 3);
  }
  for (const path of ['/api/health', '/metrics']) {
    const result = await measureGet(origin, path, { requests: HTTP_REQUESTS, warmUp: 20, maxMs: 120_000 });
    figures[`GET ${path} p50 ms`] = round(result.latency.p50);
    figures[`GET ${path} p99 ms`] = round(result.latency.p99);
    figures[`GET ${path} req/s, 1 client`] = Math.round(result.requestsPerSecond);
  }
  return figures;
}
