// A cloud started on the embedded database runs with the Node flags that bound its memory
// (embedded-runtime.ts), in the process it was started as (same pid); one on PostgreSQL runs as
// started. Read back from what the kernel says the process runs (/proc/<pid>/cmdline).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_NODE_FLAGS } from '../src/embedded-runtime.js';
import { kill9, spawnCloud, type CloudChild } from './cloud-process.js';
import {
  DRIVERS,
  openTestDatabase,
  seedPgliteDataDir,
  TEST_SECRETS_KEY,
  type TestDatabase,
} from './harness.js';

/** The command line of a running process, as the kernel holds it. */
function runningWith(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

describe.each(DRIVERS)('the cloud process on %s', (driver) => {
  const tmp = mkdtempSync(join(tmpdir(), 'embedded-runtime-'));
  let child: CloudChild | undefined;
  let database: TestDatabase | undefined;

  afterAll(async () => {
    if (child) await kill9(child);
    await database?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it(
    driver === 'pglite'
      ? 'runs with V8 Liftoff only and a small young generation, in the process started'
      : 'runs with the flags it was started with',
    async () => {
      if (driver === 'postgres') database = await openTestDatabase('postgres');
      // What is read back is the command line; the database the child opens is already made.
      else await seedPgliteDataDir(join(tmp, 'data'));
      child = await spawnCloud({
        DATABASE_URL: database?.url ?? '',
        DATA_DIR: join(tmp, 'data'),
        CLOUD_SECRETS_KEY: TEST_SECRETS_KEY,
      });
      const argv = runningWith(child.process.pid!);
      if (driver === 'pglite') {
        expect(argv).toEqual(expect.arrayContaining([...EMBEDDED_NODE_FLAGS]));
        // The restarted process keeps what it was started with: tsx's loader, the entry point.
        expect(argv).toEqual(expect.arrayContaining(['--import', 'tsx']));
        expect(argv.at(-1)).toMatch(/main\.ts$/);
      } else {
        for (const flag of EMBEDDED_NODE_FLAGS) expect(argv).not.toContain(flag);
      }
    },
    120_000,
  );
});
