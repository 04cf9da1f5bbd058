/**
 * The benchmark suites `npm run bench` knows. Each lives beside the package it measures and
 * exports one function returning flat figures; a suite whose file does not exist (yet) is
 * reported as skipped rather than failing the run.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type SuiteName =
  | 'terminal'
  | 'offline'
  | 'history'
  | 'health'
  | 'printer'
  | 'catalog'
  | 'cloud'
  | 'ingest'
  | 'sales'
  | 'import'
  | 'relay'
  | 'console';
export const SUITE_NAMES: readonly SuiteName[] = [
  'terminal',
  'offline',
  'history',
  'health',
  'printer',
  'catalog',
  'cloud',
  'ingest',
  'sales',
  'import',
  'relay',
  'console',
];

type Figures = Record<string, number | string>;

interface SuiteDefinition {
  name: SuiteName;
  /** Relative to the repository root. */
  file: string;
  exportName: string;
}

const SUITES: readonly SuiteDefinition[] = [
  { name: 'terminal', file: 'apps/terminal/bench/terminal-bench.ts', exportName: 'runTerminalBench' },
  { name: 'offline', file: 'apps/terminal/bench/offline-sync-bench.ts', exportName: 'runOfflineSyncBench' },
  { name: 'history', file: 'apps/terminal/bench/history-bench.ts', exportName: 'runHistoryBench' },
  { name: 'health', file: 'apps/terminal/bench/health-bench.ts', exportName: 'runHealthBench' },
  { name: 'printer', file: 'apps/terminal/bench/printer-bench.ts', exportName: 'runPrinterBench' },
  { name: 'catalog', file: 'apps/terminal/bench/catalog-bench.ts', exportName: 'runCatalogBench' },
  { name: 'cloud', file: 'apps/cloud/bench/cloud-bench.ts', exportName: 'runCloudBench' },
  { name: 'ingest', file: 'apps/cloud/bench/ingest-bench.ts', exportName: 'runIngestBench' },
  { name: 'sales', file: 'apps/cloud/bench/sales-bench.ts', exportName: 'runSalesBench' },
  { name: 'import', file: 'apps/cloud/bench/product-import-bench.ts', exportName: 'runProductImportBench' },
  { name: 'relay', file: 'apps/relay/bench/relay-bench.ts', exportName: 'runRelayBench' },
  { name: 'console', file: 'apps/console/bench/console-bench.ts', exportName: 'runConsoleBench' },
];

export type SuiteOutcome =
  | { suite: SuiteName; status: 'ok'; durationMs: number; figures: Figures }
  | { suite: SuiteName; status: 'skipped'; reason: string }
  | { suite: SuiteName; status: 'failed'; durationMs: number; error: string };

const REPO_ROOT = new URL('../', import.meta.url);

export function isSuiteName(value: string): value is SuiteName {
  return (SUITE_NAMES as readonly string[]).includes(value);
}

export async function runSuite(name: SuiteName): Promise<SuiteOutcome> {
  const definition = SUITES.find((s) => s.name === name)!;
  const path = fileURLToPath(new URL(definition.file, REPO_ROOT));
  if (!existsSync(path))
    return { suite: name, status: 'skipped', reason: `${definition.file} does not exist` };
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const run = module[definition.exportName];
    if (typeof run !== 'function')
      throw new Error(`${definition.file} does not export ${definition.exportName}()`);
    const figures = (await (run as () => Promise<Figures>)()) ?? {};
    return { suite: name, status: 'ok', durationMs: performance.now() - started, figures };
  } catch (error) {
    return {
      suite: name,
      status: 'failed',
      durationMs: performance.now() - started,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}
