import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A simulator's store: one SQLite file, WAL with synchronous=FULL (what a simulator answered
 * must still be there after a kill -9: deduplication across crashes depends on it), and
 * forward-only migrations whose index + 1 is the schema version kept in `user_version`.
 */
export function openVersionedDatabase(file: string, migrations: readonly string[]): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  migrations.slice(version).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + index + 1}`);
    })();
  });
  return db;
}
