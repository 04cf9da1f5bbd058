import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The first line of a migration that edits the text of a definition in sqlite_schema (PRAGMA
 * writable_schema: SQLite's way to change what does not change how rows are stored, without
 * rebuilding a table of a million rows). Only such a migration runs with better-sqlite3's
 * defensive mode off, which otherwise refuses writes to sqlite_schema.
 */
const EDITS_SCHEMA_TEXT = '-- edits the schema text';

/**
 * The first line of a migration that rebuilds a table other tables reference (a new table
 * filled from the old one, the old one dropped, the new one renamed): with the foreign keys on,
 * dropping the old table would delete its rows first and break every reference to them. Such a
 * migration runs with them off, as SQLite's procedure for a rebuild asks, and the references
 * are all checked before it commits.
 */
const REBUILDS_REFERENCED_TABLE = '-- rebuilds a table other tables reference';

/**
 * Versioned, forward-only migrations: `NNNN_name.sql`, applied in order, each in its own
 * transaction, recorded in `schema_migrations`. A fleet of offline terminals upgrades its file
 * whenever it starts a newer build; nothing is ever edited in place.
 */
export function runMigrations(db: Database.Database, folder: URL): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const dir = fileURLToPath(folder);
  const files = readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    if (applied.has(version)) continue;
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    const editsSchemaText = sql.startsWith(EDITS_SCHEMA_TEXT);
    // Only when they are on, and before the transaction opens: inside one the pragma does nothing.
    const foreignKeysOff =
      sql.startsWith(REBUILDS_REFERENCED_TABLE) && db.pragma('foreign_keys', { simple: true }) === 1;
    if (editsSchemaText) db.unsafeMode(true);
    if (foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(sql);
        if (foreignKeysOff && (db.pragma('foreign_key_check') as unknown[]).length > 0)
          throw new Error(`migration ${file} left references to rows it does not have`);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          version,
          file,
          new Date().toISOString(),
        );
      })();
    } finally {
      if (editsSchemaText) db.unsafeMode(false);
      if (foreignKeysOff) db.pragma('foreign_keys = ON');
    }
    newlyApplied.push(file);
  }
  return newlyApplied;
}
