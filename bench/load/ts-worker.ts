/** A worker thread running a TypeScript module, for load generators and simulated clients. */
import { Worker } from 'node:worker_threads';

/** Loaded through tsx's API, since `--import tsx` does not reach workers' entry points. */
export function startTsWorker(module: URL, workerData: unknown): Worker {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(source, { eval: true, workerData });
}
