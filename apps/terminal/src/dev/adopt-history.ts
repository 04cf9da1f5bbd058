/**
 * `HISTORY_FILE=<terminal.sqlite, or the folder holding it> npm run terminal`: the development
 * terminal on a copy of a terminal file that already has a history, such as the history
 * bench's (docs/benchmarks.md#history). Such a file closed Z reports that a fresh mev-sim never
 * registered, so the simulator would refuse its next sale with REPORT_NUMBER_MISMATCH: the file
 * is copied into a fresh DATA_DIR and the embedded mev-sim fiscalizes the terminal at the
 * report the file is at (POST /admin/terminals { reportNumber }), under the file's terminal id.
 * The source is never written: every run works on its own copy.
 */
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TerminalConfig } from '../config.js';
import { fiscalDir } from '../fiscalization/fiscal-setup.js';
import { openReadOnlyDatabase } from '../storage/database.js';
import { privateDir } from '../storage/private-files.js';

export interface AdoptedHistory {
  terminalId: string;
  /** The report the copied terminal is in: its next operation carries it. */
  reportNumber: number;
}

const TERMINAL_FILE = 'terminal.sqlite';

export function adoptHistoryFile(config: TerminalConfig, source: string): AdoptedHistory {
  if (config.mevUrl !== null || !config.autoFiscalize)
    throw new Error(
      'HISTORY_FILE needs the embedded mev-sim to fiscalize: leave MEV_URL unset and FISCALIZE at auto',
    );
  const file = existsSync(source) && statSync(source).isDirectory() ? join(source, TERMINAL_FILE) : source;
  if (!existsSync(file)) throw new Error(`HISTORY_FILE: no terminal file at ${file}`);
  // Never over a terminal that already has data: its fiscal numbers would be lost.
  for (const taken of [
    join(config.dataDir, TERMINAL_FILE),
    fiscalDir(config),
    join(config.dataDir, 'mev-sim'),
  ])
    if (existsSync(taken))
      throw new Error(
        `HISTORY_FILE: ${taken} exists; give a new DATA_DIR, or start without HISTORY_FILE to go on with the copy there`,
      );
  privateDir(config.dataDir);
  const copy = join(config.dataDir, TERMINAL_FILE);
  copyFileSync(file, copy);
  // A file whose last commits are still in its log (not checkpointed) needs the log too.
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  const db = openReadOnlyDatabase(copy);
  try {
    const state = db
      .prepare<[], { terminal_id: string; report_number: number }>(
        'SELECT terminal_id, report_number FROM terminal_state WHERE id = 1',
      )
      .get();
    if (!state) throw new Error(`HISTORY_FILE: ${file} is a terminal file that never started`);
    return { terminalId: state.terminal_id, reportNumber: state.report_number };
  } finally {
    db.close();
  }
}
