// Applies the versioned SQL files in ../../migrations in order, each once, recorded in
// schema_migrations. An advisory lock held for the transaction lets several cloud processes
// start against one database at the same time without applying a file twice.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './database.js';
import { DATA_STEPS, type DataStepContext } from './data-migrations.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const MIGRATION_LOCK_ID = 4_600_001;

interface MigrationFile {
  version: string;
  statements: string[];
  checksum: string;
}

function readMigrations(): MigrationFile[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(MIGRATIONS_DIR + name, 'utf8');
      return {
        version: name.replace(/\.sql$/, ''),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter((s) => !isOnlyComments(s)),
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
}

function isOnlyComments(statement: string): boolean {
  return statement.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'));
}

export interface MigrateOptions extends DataStepContext {
  /** Stops after this version (tests build the schema an older release left behind). */
  upTo?: string;
}

/** Returns the versions applied by this call. Refuses to run if an applied file was edited. */
export async function migrate(db: Db, options: MigrateOptions): Promise<string[]> {
  const all = readMigrations();
  for (const version of Object.keys(DATA_STEPS))
    if (!all.some((f) => f.version === version))
      throw new Error(`data step ${version} has no migration file`);
  const files = options.upTo === undefined ? all : all.filter((f) => f.version <= options.upTo!);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(sql`create table if not exists schema_migrations (
      version text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const applied = new Map(
      rowsOf<{ version: string; checksum: string }>(
        await tx.execute(sql`select version, checksum from schema_migrations`),
      ).map((r) => [r.version, r.checksum]),
    );
    const done: string[] = [];
    for (const file of files) {
      const previous = applied.get(file.version);
      if (previous !== undefined) {
        if (previous !== file.checksum)
          throw new Error(`migration ${file.version} was edited after it was applied`);
        continue;
      }
      for (const statement of file.statements) await tx.execute(sql.raw(statement));
      await DATA_STEPS[file.version]?.(tx, options);
      await tx.execute(
        sql`insert into schema_migrations (version, checksum) values (${file.version}, ${file.checksum})`,
      );
      done.push(file.version);
    }
    return done;
  });
}

/** Versions of the migration files not yet applied to this database (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const applied = new Set(
    rowsOf<{ version: string }>(await db.execute(sql`select version from schema_migrations`)).map(
      (r) => r.version,
    ),
  );
  return readMigrations()
    .map((f) => f.version)
    .filter((version) => !applied.has(version));
}
