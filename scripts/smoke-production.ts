/**
 * The production build, started as production starts it (`node --conditions=production
 * dist/main.js`, no tsx), answers: run by .ci/run after `npm run build`.
 * - The built terminal talks to mev-sim and card-sim started separately (development tools,
 *   as a real MEV and card terminal would be): GET /api/health, and an X report registered
 *   with the fiscal server through the built SOAP client.
 * - The built cloud on its embedded database: `admin seed-demo --direct`, then GET /ping with the key.
 * Everything runs on loopback in a temporary directory; every process is stopped at the end,
 * whatever happened.
 */
import { startCardSimProcess } from '@fiscal-pos/card-sim';
import { fiscalizeTerminal, startMevSimProcess } from '@fiscal-pos/mev-sim';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeFiscalization } from '../apps/terminal/src/mev/terminal-credentials.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** How production resolves the workspace packages: to their built dist/ (package.json exports). */
const PRODUCTION_NODE = [process.execPath, '--conditions=production'];
const TERMINAL_MAIN = join(root, 'apps/terminal/dist/main.js');
const CLOUD_MAIN = join(root, 'apps/cloud/dist/main.js');
const TERMINAL_API_KEY = 'smoke-test-key-0123456789';
const READY_TIMEOUT_MS = 60_000;

const stops: (() => Promise<void>)[] = [];

/** Starts a built entry point and waits for the JSON log line `readyValue` picks a value from. */
async function startBuilt<T>(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyValue: (line: Record<string, unknown>) => T | undefined,
): Promise<T> {
  const child = spawn(PRODUCTION_NODE[0]!, [...PRODUCTION_NODE.slice(1), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  stops.push(async () => {
    const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    clearTimeout(forced);
  });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not ready in time`)), READY_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      const value =
        typeof parsed === 'object' && parsed !== null
          ? readyValue(parsed as Record<string, unknown>)
          : undefined;
      if (value !== undefined) {
        clearTimeout(timer);
        resolve(value);
      }
    });
  });
}

async function expectOk(label: string, response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${JSON.stringify(body)}`);
  console.log(`[smoke] ${label}: HTTP ${response.status}`);
  return body;
}

async function smokeTerminal(dir: string): Promise<void> {
  const mevSim = await startMevSimProcess({ dataDir: join(dir, 'mev-sim') });
  stops.push(mevSim.stop);
  const cardSim = await startCardSimProcess({ dataDir: join(dir, 'card-sim') });
  stops.push(cardSim.stop);
  const dataDir = join(dir, 'terminal');
  await writeFiscalization(
    join(dataDir, 'fiscal'),
    await fiscalizeTerminal(mevSim.adminUrl, mevSim.caCertPem, {}),
  );

  const port = await startBuilt(
    'terminal',
    [TERMINAL_MAIN],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_KEY: TERMINAL_API_KEY,
      MEV_URL: mevSim.url,
      CARD_TERMINAL_URL: cardSim.url,
      MERCHANT_IDNO: '1003600012345',
      MERCHANT_ADDRESS: 'str. Ştefan cel Mare 1, Chişinău',
    },
    (line) => (line.event === 'ready' && typeof line.port === 'number' ? line.port : undefined),
  );
  const url = `http://127.0.0.1:${port}`;
  await expectOk('terminal GET /api/health', await fetch(`${url}/api/health`));
  await expectOk(
    'terminal POST /api/reports/x (registered with mev-sim)',
    await fetch(`${url}/api/reports/x`, {
      method: 'POST',
      headers: {
        'x-api-key': TERMINAL_API_KEY,
        'idempotency-key': 'smoke-x-report',
        'content-type': 'application/json',
      },
      body: '{}',
    }),
  );
}

async function smokeCloud(dir: string): Promise<void> {
  const env = { ...process.env, DATA_DIR: join(dir, 'cloud'), PORT: '0', HOST: '127.0.0.1' };
  const seeded = spawnSync(
    PRODUCTION_NODE[0]!,
    // --direct: no cloud runs yet, so the command runs in a private one on DATA_DIR.
    [...PRODUCTION_NODE.slice(1), CLOUD_MAIN, 'admin', 'seed-demo', '--direct'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`cloud admin seed-demo failed:\n${seeded.stderr}`);
  const { key } = JSON.parse(seeded.stdout) as { key: { key: string } };
  console.log('[smoke] cloud admin seed-demo: a merchant and its key');

  const listening = 'Server listening at ';
  const url = await startBuilt('cloud', [CLOUD_MAIN], env, (line) =>
    typeof line.msg === 'string' && line.msg.startsWith(listening)
      ? line.msg.slice(listening.length)
      : undefined,
  );
  await expectOk(
    'cloud GET /api/public/v1/ping',
    await fetch(`${url}/api/public/v1/ping`, { headers: { 'x-service-api-key': key.key } }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'fiscal-pos-smoke-'));
try {
  await smokeTerminal(dir);
  await smokeCloud(dir);
  console.log('[smoke] the production build answers');
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}
