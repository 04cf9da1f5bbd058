/**
 * The write-ahead log is copied into the database file by a worker thread of its own: a
 * commit on the terminal's connection does not checkpoint (SQLite's automatic checkpoint ran in
 * one sale's commit in 90, under the fiscal lock), until the log is so long that the worker
 * must have fallen behind.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { INLINE_CHECKPOINT_FRAMES, WalCheckpoints } from '../../src/storage/wal-checkpoints.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { API_KEY, cashSale, removeDir, tempDir, useFiscalTerminal } from '../support/terminal-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratchFile(): string {
  const dir = tempDir('wal-checkpoints');
  cleanups.push(() => removeDir(dir));
  return join(dir, 'terminal.sqlite');
}

function checkpointsOn(db: Db, file: string, onFailure: (message: string) => void = () => {}) {
  const checkpoints = new WalCheckpoints(db, { file, onFailure, intervalMs: 20, startAtLogBytes: 0 });
  cleanups.push(() => checkpoints.close());
  return checkpoints;
}

/** Commits of rows of 3 KB each: with ten, about eleven pages of log a commit, as a sale writes. */
function commitRows(db: Db, commits: number, rowsPerCommit = 10): void {
  const insert = db.prepare('INSERT INTO filler (payload) VALUES (?)');
  for (let i = 0; i < commits; i++)
    db.transaction(() => {
      for (let row = 0; row < rowsPerCommit; row++) insert.run(randomBytes(3000));
    })();
}

const logFrames = (file: string) => Math.floor((statSync(`${file}-wal`).size - 32) / (4096 + 24));

describe('checkpoints of the write-ahead log', () => {
  it('are not done by the commits of the terminal’s connection, but by the worker', async () => {
    const file = scratchFile();
    const db = openFiscalDatabase(file);
    cleanups.push(() => db.close());
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)');
    const checkpoints = checkpointsOn(db, file);
    await checkpoints.pause();
    const fileBytes = statSync(file).size;

    // Past SQLite's own threshold of 1,000 frames: no commit copied the log into the file.
    commitRows(db, 150);
    expect(logFrames(file)).toBeGreaterThan(1_500);
    expect(logFrames(file)).toBeLessThan(INLINE_CHECKPOINT_FRAMES);
    expect(statSync(file).size).toBe(fileBytes);
    expect(checkpoints.stats().checkpoints).toBe(0);

    checkpoints.resume();
    await waitUntil('a checkpoint by the worker', () => checkpoints.stats().checkpoints > 0);
    expect(checkpoints.stats().logFrames).toBeGreaterThan(1_500);
    expect(statSync(file).size).toBeGreaterThan(fileBytes + 150 * 10 * 3000);

    // The log starts over once copied: later commits write over it, the file does not grow.
    const logBytes = statSync(`${file}-wal`).size;
    commitRows(db, 20);
    expect(statSync(`${file}-wal`).size).toBe(logBytes);
    await waitUntil('the new commits copied too', () => checkpoints.stats().logFrames < 1_000);
  });

  it('are done by the terminal’s connection again past 10,000 frames, when the worker cannot keep up', async () => {
    const file = scratchFile();
    const db = openFiscalDatabase(file);
    cleanups.push(() => db.close());
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)');
    await checkpointsOn(db, file).pause();
    const fileBytes = statSync(file).size;
    commitRows(db, 110, 100);
    expect(statSync(file).size).toBeGreaterThan(fileBytes);
    // The commit that crossed it checkpointed; the log went on from its start, never longer.
    expect(logFrames(file)).toBeLessThanOrEqual(INLINE_CHECKPOINT_FRAMES + 110);
  });

  it('say once that the worker stopped, and leave the terminal’s connection working', async () => {
    const file = scratchFile();
    const db = openFiscalDatabase(file);
    cleanups.push(() => db.close());
    const failures: string[] = [];
    // The worker is given a file that is not there: it fails to open it.
    checkpointsOn(db, `${file}.missing`, (message) => failures.push(message));
    await waitUntil('the failure told', () => failures.length > 0);
    expect(failures).toEqual([expect.stringMatching(/^the checkpoint worker stopped: /)]);
    db.exec('CREATE TABLE still_written (id INTEGER PRIMARY KEY)');
  });
});

describe('checkpoints of a selling terminal', () => {
  const ctx = useFiscalTerminal({ card: 'none' });

  it('start once the log holds a megabyte, and show in the metrics', async () => {
    const metric = async (name: string) => {
      const text = await (
        await fetch(`${ctx.terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
      ).text();
      return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
    };
    expect(await metric('storage_wal_checkpoints_total')).toBe(0);
    for (let i = 0; i < 40; i++) {
      const sold = await fetch(`${ctx.terminal.url}/api/sales`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify(cashSale(100 + i)),
      });
      expect(sold.status).toBe(200);
    }
    await waitUntil(
      'a checkpoint by the worker',
      async () => (await metric('storage_wal_checkpoints_total')) > 0,
    );
    expect(await metric('storage_wal_frames')).toBeGreaterThan(0);
  });
});
