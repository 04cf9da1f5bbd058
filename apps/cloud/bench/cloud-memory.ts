// The memory of a cloud process after 10,000 requests (issue 28: the embedded database's memory
// bounded). The cloud runs as its own process, built and started as production starts it
// (`npm run build`, then `node --conditions=production dist/main.js`: tsx, which `npm run cloud`
// runs the sources under, holds some 290 MB of its own), so what is measured is the process's
// resident set, not the benchmark's load client beside it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createKey } from '../src/keys/keys.js';
import { SCOPES } from '../src/keys/scopes.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { spawnCloud } from '../test/cloud-process.js';
import { TEST_SECRETS_KEY, testSecrets } from '../test/harness.js';

const REQUESTS = 10_000;
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CONNECTIONS = 16;

export interface CloudMemory {
  /** Resident set after the requests, MB. */
  rssMb: number;
  /** The most it was resident at any time (VmHWM), MB. */
  peakMb: number;
  /** Resident, and the most it had been, once it listened (before the first request), MB. */
  listeningMb: number;
  listeningPeakMb: number;
  /**
   * The steady cost, measured over STEADY_REQUESTS more requests after the first 10,000 (the
   * compilers done): the cloud process's CPU (all its threads, user + system) per request, µs,
   * and its rate, requests/s.
   */
  steadyCpuMicros: number;
  steadyRate: number;
}

/** Requests of the steady phase, after the 10,000 whose memory is measured. */
const STEADY_REQUESTS = 6_000;

/** CPU a process has used so far (utime + stime of /proc/<pid>/stat), µs. */
function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux Node runs on. */
const CLOCK_TICKS = 100;

/** VmRSS and VmHWM of a process, MB. */
function residentMb(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** A merchant, its key and `seed`'s products, in a database the caller opened. */
type Seed = (db: Db, merchantId: string) => Promise<void>;

/**
 * Starts a cloud process on `databaseUrl`, or on PGlite in a fresh directory when none is given,
 * with one merchant whose products `seed` writes, and sends it 10,000 requests from 16
 * connections: `/ping` and 100-product pages in turn, then STEADY_REQUESTS more for the steady cost.
 * On PGlite the cloud restarts itself with its embedded flags (src/embedded-runtime.ts).
 */
export async function cloudMemoryAfterRequests(
  seed: Seed,
  databaseUrl: string | undefined,
): Promise<CloudMemory> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloud-memory-'));
  const database = openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  await migrate(database.db, { secrets: testSecrets });
  const merchant = await createMerchant(database.db, { name: 'Memory', integrationActive: true });
  await seed(database.db, merchant.id);
  const key = await createKey(database.db, { merchantId: merchant.id, scopes: [...SCOPES] });
  await database.close();
  // Incremental: a no-op when the build is current.
  execFileSync('npm', ['run', 'build', '-w', '@fiscal-pos/cloud'], { cwd: REPO, stdio: 'ignore' });
  const child = await spawnCloud(
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      DATA_DIR: dataDir,
      CLOUD_SECRETS_KEY: TEST_SECRETS_KEY,
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_ADDRESS_MAX: '1000000000',
    },
    [],
    'build',
  );
  const listening = residentMb(child.process.pid!);
  const pool = new Pool(child.url, { connections: CONNECTIONS });
  try {
    const headers = { 'x-service-api-key': key.key };
    let cursor: string | null = null;
    const send = async (count: number) => {
      let sent = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (sent < count) {
            const page = sent++ % 2 === 1;
            const path = page
              ? `/api/public/v1/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`
              : '/api/public/v1/ping';
            const res = await pool.request({ path, method: 'GET', headers });
            if (res.statusCode !== 200) throw new Error(`${path}: HTTP ${res.statusCode}`);
            if (page) cursor = ((await res.body.json()) as { nextCursor: string | null }).nextCursor;
            else await res.body.dump();
          }
        }),
      );
    };
    await send(REQUESTS);
    const memory = residentMb(child.process.pid!);
    const cpuBefore = processCpuMicros(child.process.pid!);
    const started = performance.now();
    await send(STEADY_REQUESTS);
    const seconds = (performance.now() - started) / 1000;
    return {
      ...memory,
      listeningMb: listening.rssMb,
      listeningPeakMb: listening.peakMb,
      steadyCpuMicros: Math.round((processCpuMicros(child.process.pid!) - cpuBefore) / STEADY_REQUESTS),
      steadyRate: Math.round(STEADY_REQUESTS / seconds),
    };
  } finally {
    await pool.close();
    await new Promise((resolve) => {
      child.process.once('exit', resolve);
      child.process.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
