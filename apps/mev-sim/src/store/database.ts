/**
 * The simulator's store: one SQLite file in DATA_DIR (WAL, synchronous=FULL), because what
 * the simulator answered "registered" must still be there after a kill -9: the terminal's
 * deduplication across crashes depends on it.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { openVersionedDatabase } from '@fiscal-pos/sim-kit';

export type Db = Database.Database;

/** Forward-only migrations; the index + 1 is the schema version kept in `user_version`. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE terminals (
     terminal_id TEXT PRIMARY KEY,
     registration_number TEXT NOT NULL UNIQUE,
     username TEXT NOT NULL UNIQUE,
     password_salt TEXT NOT NULL,
     password_hash TEXT NOT NULL,
     cert_fingerprint TEXT NOT NULL UNIQUE,
     cert_not_after TEXT NOT NULL,
     fiscalized_at TEXT NOT NULL
   );
   CREATE TABLE registrations (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     operation_id TEXT NOT NULL UNIQUE,
     registration_number TEXT NOT NULL,
     type TEXT NOT NULL,
     receipt_number INTEGER,
     report_number INTEGER NOT NULL,
     total INTEGER NOT NULL,
     vat_json TEXT NOT NULL,
     payments_json TEXT NOT NULL,
     occurred_at TEXT NOT NULL,
     content_hash TEXT NOT NULL,
     mev_id TEXT NOT NULL UNIQUE,
     fiscal_code TEXT NOT NULL,
     server_time TEXT NOT NULL,
     response_xml TEXT NOT NULL,
     registered_at TEXT NOT NULL
   );
   CREATE INDEX registrations_by_report ON registrations (registration_number, report_number, receipt_number);`,
  // The report number check reads a terminal's last Z report on every registration.
  `CREATE INDEX registrations_z_reports ON registrations (registration_number, report_number)
     WHERE type = 'z_report';`,
  // A terminal adopted with a history of its own (POST /admin/terminals { reportNumber }).
  `ALTER TABLE terminals ADD COLUMN first_report_number INTEGER NOT NULL DEFAULT 1;`,
];

export function openSimulatorDatabase(dataDir: string): Db {
  return openVersionedDatabase(join(dataDir, 'mev-sim.sqlite'), MIGRATIONS);
}
