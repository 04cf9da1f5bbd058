import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on its module: compiled JavaScript (the production build) directly; a
 * TypeScript module (tsx, vitest) through tsx's API, since `--import tsx` does not reach a
 * worker's entry point (as bench/load/http-load.ts does).
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(source, { eval: true, workerData });
}
