/**
 * The simulator's store: one SQLite file in DATA_DIR (WAL, synchronous=FULL). What the card
 * terminal answered must still be there after a kill -9: a retry with the same ECR reference
 * is answered from it, and tests read from it what was charged.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { openVersionedDatabase } from '@fiscal-pos/sim-kit';

export type Db = Database.Database;

/** Forward-only migrations; never edit one that shipped. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE transactions (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     reference TEXT NOT NULL UNIQUE,
     operation TEXT NOT NULL CHECK (operation IN ('purchase', 'void', 'refund')),
     request_hash TEXT NOT NULL,
     result TEXT NOT NULL CHECK (result IN ('approved', 'declined')),
     amount INTEGER NOT NULL,
     currency TEXT NOT NULL,
     rrn TEXT UNIQUE,
     auth_code TEXT,
     cheque_number TEXT UNIQUE,
     masked_pan TEXT,
     scheme TEXT,
     decline_code TEXT,
     decline_reason TEXT,
     -- void and refund: the purchase they are about
     original_seq INTEGER REFERENCES transactions(seq),
     -- refund: the authorisation code the ECR sent, if any
     auth_code_given TEXT,
     -- approved purchases: charged, voided or reversed
     state TEXT CHECK (state IN ('charged', 'voided', 'reversed')),
     refunded INTEGER NOT NULL DEFAULT 0,
     reply_json TEXT NOT NULL,
     processed_at TEXT NOT NULL,
     cancelled_at TEXT
   );
   CREATE TABLE reversals (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     reference TEXT NOT NULL UNIQUE,
     found INTEGER NOT NULL,
     reply_json TEXT NOT NULL,
     reversed_at TEXT NOT NULL
   );`,
];

export function openSimulatorDatabase(dataDir: string): Db {
  return openVersionedDatabase(join(dataDir, 'card-sim.sqlite'), MIGRATIONS);
}
