import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The tests' files (terminals' SQLite files, data directories, PGlite copies) go to memory
// (tmpfs) where the machine has it. The terminal commits with synchronous=FULL, so every write
// waited for the VM's disk: a fresh file's 35 migrations took 0.3 s, and the history property
// tests spent 63 s of their 65 in fsync. No test can see whether an fsync reached a disk; what
// the crash tests prove (kill -9, then a restart reads what was committed) holds on any file
// system, and the full-disk test mounts a tmpfs of its own. Set TMPDIR to keep them elsewhere.
if (process.env.TMPDIR === undefined && writable('/dev/shm')) {
  process.env.TMPDIR = join('/dev/shm', 'fiscal-pos-tests');
  mkdirSync(process.env.TMPDIR, { recursive: true });
}

// The suite starts a few hundred Node processes (terminals, clouds, relays and simulators under
// tsx, the SDK's discover command), each compiling the same modules of the apps and their
// dependencies again. Node's compile cache keeps V8's code for them across processes: the
// workers, and every child they spawn with process.env, inherit the variable. A cloud's server
// module graph loaded in 1.6 s of CPU instead of 2.0 with it. Entries are checked against the
// source, and kept per Node version, so a change or another Node never reads a stale one.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'fiscal-pos-compile-cache');

export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker on a 2-core machine (cores - 1). Most suites wait on real
    // processes, sockets and fsync rather than compute, so three files at a time finish the
    // terminal suite in 178 s instead of 289 s there; each cloud file has its own database.
    maxWorkers: 3,
    // A worker runs file after file without a new process each time, and modules imported by
    // several files (the harnesses, the apps) are evaluated once per worker rather than once
    // per file: that evaluation was 327 s of 2,549 worker-seconds in a full run. Every file
    // starts and stops its own processes, servers and databases in its hooks.
    isolate: false,
    env: { TZ: 'UTC' },
  },
});

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
