/** Fiscalized terminals: who may register, identified by client certificate and credentials. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../store/database.js';

export interface TerminalRecord {
  terminalId: string;
  registrationNumber: string;
  username: string;
  certFingerprint: string;
  certNotAfter: string;
  fiscalizedAt: string;
  /**
   * The report the terminal was at when the simulator first knew it: 1 for a new terminal, more
   * for one adopted with the Z reports of a history it never saw (POST /admin/terminals).
   */
  firstReportNumber: number;
}

interface TerminalRow {
  terminal_id: string;
  registration_number: string;
  username: string;
  password_salt: string;
  password_hash: string;
  cert_fingerprint: string;
  cert_not_after: string;
  fiscalized_at: string;
  first_report_number: number;
}

/**
 * Passwords are random 192-bit tokens issued by the simulator, never chosen by people, so a
 * salted SHA-256 is enough here and keeps every SOAP request cheap (a slow KDF would cost
 * tens of milliseconds per registration).
 */
function hashPassword(password: string, salt: string): Buffer {
  return createHash('sha256').update(salt).update(password).digest();
}

export class TerminalStore {
  constructor(private readonly db: Db) {}

  byId(terminalId: string): TerminalRecord | null {
    const row = this.db
      .prepare<[string], TerminalRow>('SELECT * FROM terminals WHERE terminal_id = ?')
      .get(terminalId);
    return row ? toRecord(row) : null;
  }

  byRegistrationNumber(registrationNumber: string): TerminalRecord | null {
    const row = this.db
      .prepare<[string], TerminalRow>('SELECT * FROM terminals WHERE registration_number = ?')
      .get(registrationNumber);
    return row ? toRecord(row) : null;
  }

  byCertificate(fingerprint256: string): TerminalRecord | null {
    const row = this.db
      .prepare<[string], TerminalRow>('SELECT * FROM terminals WHERE cert_fingerprint = ?')
      .get(fingerprint256);
    return row ? toRecord(row) : null;
  }

  /** Inserts or replaces a terminal: re-fiscalizing rotates its certificate and credentials. */
  save(record: TerminalRecord, password: string): void {
    const salt = randomBytes(16).toString('hex');
    this.db
      .prepare(
        `INSERT INTO terminals (terminal_id, registration_number, username, password_salt, password_hash,
           cert_fingerprint, cert_not_after, fiscalized_at, first_report_number)
         VALUES (@terminalId, @registrationNumber, @username, @salt, @hash, @certFingerprint, @certNotAfter, @fiscalizedAt,
           @firstReportNumber)
         ON CONFLICT (terminal_id) DO UPDATE SET registration_number = excluded.registration_number,
           username = excluded.username, password_salt = excluded.password_salt,
           password_hash = excluded.password_hash, cert_fingerprint = excluded.cert_fingerprint,
           cert_not_after = excluded.cert_not_after, fiscalized_at = excluded.fiscalized_at,
           first_report_number = excluded.first_report_number`,
      )
      .run({ ...record, salt, hash: hashPassword(password, salt).toString('hex') });
  }

  /** Constant-time check of a terminal's username and password. */
  credentialsMatch(terminalId: string, username: string, password: string): boolean {
    const row = this.db
      .prepare<[string], TerminalRow>('SELECT * FROM terminals WHERE terminal_id = ?')
      .get(terminalId);
    if (!row) return false;
    const expected = Buffer.from(row.password_hash, 'hex');
    const passwordOk = timingSafeEqual(hashPassword(password, row.password_salt), expected);
    return passwordOk && row.username === username;
  }
}

function toRecord(row: TerminalRow): TerminalRecord {
  return {
    terminalId: row.terminal_id,
    registrationNumber: row.registration_number,
    username: row.username,
    certFingerprint: row.cert_fingerprint,
    certNotAfter: row.cert_not_after,
    fiscalizedAt: row.fiscalized_at,
    firstReportNumber: row.first_report_number,
  };
}
