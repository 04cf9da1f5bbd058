// The wall clock of a real terminal process, moved while it runs: Debian's libfaketime (package
// `faketime`; .ci/run installs it) preloaded into the process reads its offset from a file at
// every clock reading, so a test moves the clock by rewriting that file.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The library where Debian installs it, or undefined where it is missing (the test skips). */
export const LIBFAKETIME = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
  .map((arch) => `/usr/lib/${arch}/faketime/libfaketime.so.1`)
  .find((file) => existsSync(file));

export interface FakedClock {
  /** The environment of a process whose clock this is (with startTerminalProcess's `env`). */
  env: Record<string, string>;
  /** The clock `seconds` from the real time from now on (negative: behind). */
  offset(seconds: number): void;
  /** The clock at `iso` (an instant) now, and running from there. */
  at(iso: string): void;
}

/** A clock whose offset file lives in `dir`, at the real time until moved. */
export function fakedClock(dir: string): FakedClock {
  if (LIBFAKETIME === undefined) throw new Error('libfaketime not found (apt-get install faketime)');
  const file = join(dir, 'faketime');
  const offset = (seconds: number) => {
    const whole = Math.round(seconds);
    writeFileSync(file, `${whole >= 0 ? '+' : '-'}${Math.abs(whole)}s\n`);
  };
  offset(0);
  return {
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: '1',
      // Timers run on the monotonic clock: only the wall clock moves.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    offset,
    at: (iso) => offset((Date.parse(iso) - Date.now()) / 1000),
  };
}
