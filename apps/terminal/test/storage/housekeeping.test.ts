import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { reclaimFreePages } from '../../src/storage/housekeeping.js';
import { tempDir } from '../support/terminal-harness.js';

describe('housekeeping', () => {
  it('creates files with incremental vacuum and gives free pages back a pass at a time', () => {
    const db = openFiscalDatabase(join(tempDir('housekeeping'), 'terminal.sqlite'));
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
    const insert = db.prepare(
      `INSERT INTO idempotency_keys (key, request_hash, state, created_at) VALUES (?, 'h', 'processing', '2020-01-01T00:00:00.000Z')`,
    );
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(`key-${i}-${'x'.repeat(200)}`);
    })();
    db.prepare('DELETE FROM idempotency_keys').run();
    const free = () => db.pragma('freelist_count', { simple: true }) as number;
    const before = free();
    expect(before).toBeGreaterThan(2_000);
    reclaimFreePages(db);
    expect(free()).toBe(before - 2_000);
    db.close();
  });
});
