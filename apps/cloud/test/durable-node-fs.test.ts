import { fdatasyncSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPglite, openDatabase, PGLITE_START_PARAMS, rowsOf, type Database } from '../src/db/database.js';
import { DurableNodeFS } from '../src/db/durable-node-fs.js';
import { seedPgliteDataDir } from './harness.js';

describe('the cloud on PGlite in a directory', () => {
  const dirs: string[] = [];
  const databases: Database[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'durable-pglite-'));
    dirs.push(dir);
    return dir;
  };
  /**
   * A directory holding the migrated database (a copy of the test snapshot), where what is checked
   * is the commits that follow: initdb, seconds of CPU, is the first test's (a new directory).
   */
  const seededDir = async () => {
    const dir = newDir();
    await seedPgliteDataDir(dir);
    return dir;
  };
  afterAll(async () => {
    for (const database of databases) await database.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('opens with fsync on and the WAL flushed by fsync', async () => {
    const database = openDatabase({ dataDir: newDir() });
    databases.push(database);
    const [settings] = rowsOf<{ fsync: string; method: string }>(
      await database.db.execute(
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      ),
    );
    expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
  }, 120_000);

  it('syncs each commit to the disk', async () => {
    let synced = 0;
    const fs = new DurableNodeFS(await seededDir(), (fd) => {
      synced++;
      fdatasyncSync(fd);
    });
    const database = fromPglite(new PGlite({ fs, startParams: PGLITE_START_PARAMS }));
    databases.push(database);
    await database.db.execute(sql`create table t (n int)`);
    for (let n = 1; n <= 3; n++) {
      const before = synced;
      await database.db.execute(sql`insert into t values (${n})`);
      expect(synced).toBeGreaterThan(before);
    }
  }, 120_000);
});
