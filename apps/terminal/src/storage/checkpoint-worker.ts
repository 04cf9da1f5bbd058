import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointCommand, CheckpointReport } from './wal-checkpoints.js';

/**
 * The checkpoint worker (wal-checkpoints.ts): a connection of its own to the terminal's file
 * that copies the log into it every `intervalMs`, PASSIVE, never waiting for the writer.
 */
const port = parentPort;
if (!port) throw new Error('checkpoint-worker.ts runs as a worker thread');
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new Database(file, { fileMustExist: true });
// The database file synced after each copy, as the sale's connection syncs its commits.
db.pragma('synchronous = FULL');

const report = (message: CheckpointReport) => port.postMessage(message);
let last = { log: 0, checkpointed: 0 };

function checkpoint(): void {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    if (!result || result.checkpointed === 0) return;
    // Told only when frames moved: an idle terminal's checkpoint finds the log already copied. (A
    // log restarted and filled to the same count between two goes uncounted: the count is for
    // the metrics, nothing depends on it.)
    if (result.log === last.log && result.checkpointed === last.checkpointed) return;
    last = result;
    report({ kind: 'checkpointed', log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

let timer: NodeJS.Timeout | null = setInterval(checkpoint, intervalMs);

port.on('message', (command: CheckpointCommand) => {
  switch (command.kind) {
    case 'pause':
      if (timer) clearInterval(timer);
      timer = null;
      report({ kind: 'paused' });
      return;
    case 'resume':
      timer ??= setInterval(checkpoint, intervalMs);
      return;
    case 'stop':
      if (timer) clearInterval(timer);
      db.close();
      port.close();
  }
});
