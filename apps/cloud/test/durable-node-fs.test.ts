import type * as Fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf } from '../src/db/database.js';

// Counts what reaches the kernel's fdatasync (the test's own spy over the real call).
const synced = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  return {
    ...fs,
    fdatasyncSync: (fd: number) => {
      synced.calls++;
      fs.fdatasyncSync(fd);
    },
  };
});

describe('the cloud on PGlite in a directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'durable-pglite-'));
  const database = openDatabase({ dataDir: dir });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs with fsync on, and each commit syncs its WAL to the disk', async () => {
    const [settings] = rowsOf<{ fsync: string; method: string }>(
      await database.db.execute(
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      ),
    );
    expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
    await database.db.execute(sql`create table t (n int)`);
    for (let n = 1; n <= 3; n++) {
      const before = synced.calls;
      await database.db.execute(sql`insert into t values (${n})`);
      expect(synced.calls).toBeGreaterThan(before);
    }
  }, 120_000);
});
