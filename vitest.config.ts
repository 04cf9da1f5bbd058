import { defineConfig } from 'vitest/config';

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
