import { parentPort, workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from '../storage/database.js';
import type { ReadReply, ReadRequest } from '../storage/read-pool.js';
import { HISTORY_READS } from './history-reads.js';

/**
 * A read worker: one read-only connection to the terminal's file. In WAL mode it reads the last
 * committed state without ever blocking the writer on the main thread, or being blocked by it.
 */
const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread');
const db = openReadOnlyDatabase((workerData as { file: string }).file);

port.on('message', (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    if (!Object.hasOwn(HISTORY_READS, request.name)) throw new Error(`no history read ${request.name}`);
    // PooledHistory sends each name with the arguments of its read.
    const read = HISTORY_READS[request.name as keyof typeof HISTORY_READS] as (
      db: unknown,
      args: unknown,
    ) => unknown;
    reply = { id: request.id, ok: true, value: read(db, request.args) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
