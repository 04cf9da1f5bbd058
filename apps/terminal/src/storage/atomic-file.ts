import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces `file` with `content` so that a crash leaves either the old or the new file, never
 * a torn one: written to a temporary file with `mode` (secrets are 0600 from the first byte),
 * flushed, renamed over the target, and the folder flushed so that the rename itself survives
 * power loss.
 */
export function writeFileAtomically(file: string, content: string, mode = 0o600): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}
