import { parentPort, workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from './database.js';
import { HISTORY_READS, type ReadReply, type ReadRequest } from './history-reads.js';

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
    // The name is checked by the type of HistoryReader.read on the sending side.
    const read = HISTORY_READS[request.name] as (db: unknown, args: unknown) => unknown;
    reply = { id: request.id, ok: true, value: read(db, request.args) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
