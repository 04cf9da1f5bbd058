import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from './private-files.js';

/**
 * Replaces `file` with `content` so that a crash leaves either the old or the new file, never
 * a torn one: written to a temporary file that is 0600 from the first byte (private-files.ts),
 * flushed, renamed over the target, and the folder flushed so that the rename itself survives
 * power loss.
 */
export function writeFileAtomically(file: string, content: string): void {
  const dir = dirname(file);
  privateDir(dir);
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', PRIVATE_FILE_MODE);
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
