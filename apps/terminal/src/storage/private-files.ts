import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything the terminal writes under DATA_DIR is the owner's only: fiscal documents, the
 * audit log, the printer journal (receipts with masked card numbers), the fiscal server's keys
 * and credentials, the API key. Files are 0600 and folders 0700 from their creation, whatever
 * the umask; SQLite gives a database's -wal and -shm files the database file's mode.
 */
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its parents) 0700, or makes an existing one 0700. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Before SQLite or an append opens it: the file exists, 0600, in a 0700 folder. */
export function privateFile(file: string, dir: string): void {
  privateDir(dir);
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * At start: DATA_DIR 0700, and what an earlier version left readable to others (0644 files,
 * 0755 folders) made private. Symbolic links are left alone: what they point to is not the
 * terminal's to change.
 */
export function privateDataDir(dataDir: string): void {
  privateDir(dataDir);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, PRIVATE_DIR_MODE);
        walk(path);
      } else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
    }
  };
  walk(dataDir);
}
