// A secret kept in a file of DATA_DIR (mode 0600), generated at first start: the secrets key,
// the operator token and the metrics token.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface PrivateFile {
  /** The file's content without its trailing newline. */
  text: string;
  /** Whether this call generated it. */
  generated: boolean;
}

export function readOrCreatePrivateFile(file: string, generate: () => string): PrivateFile {
  const generated = existsSync(file) ? false : createOnce(file, generate());
  return { text: readFileSync(file, 'utf8').trim(), generated };
}

/**
 * Writes the value whole under a private name, then links it into place: of two processes
 * starting together on one DATA_DIR, one link wins and neither reads a half-written file.
 * Returns whether this call's value is the one in place.
 */
function createOnce(file: string, value: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}
