/**
 * The production build, installed and started as production installs and starts it, answers:
 * run by .ci/run after `npm run build`. Each server is laid out by scripts/stage-production.sh
 * (its production dependencies alone, `npm ci --omit=dev --workspace`, and the built code), the
 * layout its Dockerfile copies into its image and its systemd unit runs, and started from there
 * with the command both use: `node --conditions=production apps/<part>/dist/main.js`, no tsx.
 * - The built terminal is fiscalized by its own `fiscalize` command against mev-sim's
 *   registration endpoint (with its serial number and tax office), then talks to mev-sim and card-sim started separately (development
 *   tools, as a real MEV and card terminal would be): GET /api/health (ready), an X report registered
 *   with the fiscal server through the built SOAP client, GET /metrics with a Bearer key.
 * - The built cloud on its embedded database: `admin seed-demo --direct`, then GET /ping with the key,
 *   and the merchant console it serves from the staged build: GET /console/ and the script it loads.
 * - The built relay, installed without sim-kit, SQLite or fastify, against that cloud: /healthz,
 *   /readyz and its metrics.
 * Everything runs on loopback in a temporary directory; every process is stopped at the end,
 * whatever happened.
 */
import { startCardSimProcess } from '@fiscal-pos/card-sim';
import { startMevSimProcess } from '@fiscal-pos/mev-sim';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
type Part = 'terminal' | 'cloud' | 'relay';
/** The production start (Dockerfiles, systemd units): the workspace packages resolve to their dist/. */
const PRODUCTION_NODE = [process.execPath, '--conditions=production'];
const main = (part: Part) => `apps/${part}/dist/main.js`;
const TERMINAL_API_KEY = 'smoke-test-key-0123456789abcdefghij';
const RELAY_TOKEN = 'smoke-relay-token-0123456789';
const READY_TIMEOUT_MS = 60_000;

const stops: (() => Promise<void>)[] = [];

/** Starts a built entry point and waits for the JSON log line `readyValue` picks a value from. */
let stageRoot = '';
const stageOf = (part: Part) => join(stageRoot, part);

/** Lays out the three servers as production has them, side by side (three `npm ci`s). */
async function stageAll(): Promise<void> {
  await Promise.all(
    (['terminal', 'cloud', 'relay'] as const).map(
      (part) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn('bash', [join(root, 'scripts/stage-production.sh'), part, stageOf(part)], {
            stdio: 'inherit',
          });
          child.once('error', reject);
          child.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`staging the ${part} failed (exit ${code})`)),
          );
        }),
    ),
  );
  // What the relay must not install: it uses none of it.
  for (const unused of ['@fiscal-pos/sim-kit', 'better-sqlite3', 'fastify'])
    if (existsSync(join(stageOf('relay'), 'node_modules', unused)))
      throw new Error(`the relay's production install contains ${unused}`);
  console.log('[smoke] staged terminal, cloud and relay; the relay without sim-kit, SQLite or fastify');
}

/** Runs a built server's command (not the server) from its staged directory. */
function runBuilt(part: Part, args: string[], env: Record<string, string>) {
  return spawnSync(PRODUCTION_NODE[0]!, [...PRODUCTION_NODE.slice(1), main(part), ...args], {
    cwd: stageOf(part),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

async function startBuilt<T>(
  part: Part,
  env: Record<string, string>,
  readyValue: (line: Record<string, unknown>) => T | undefined,
): Promise<T> {
  const name = part;
  const child = spawn(PRODUCTION_NODE[0]!, [...PRODUCTION_NODE.slice(1), main(part)], {
    cwd: stageOf(part),
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
  const fiscalized = runBuilt(
    'terminal',
    [
      'fiscalize',
      '--registration-url',
      `${mevSim.adminUrl}/admin/terminals`,
      '--ca-file',
      mevSim.caCertPath,
      // What every fiscal document prints (HG 141/2019, pct. 24): a new fiscalization needs both.
      '--serial-number',
      'SMOKE-0001',
      '--tax-office-address',
      'str. Exemplu 9, mun. Chişinău',
    ],
    { DATA_DIR: dataDir },
  );
  if (fiscalized.status !== 0) throw new Error(`terminal fiscalize failed:\n${fiscalized.stderr}`);
  console.log(`[smoke] terminal fiscalize: ${fiscalized.stdout.trim()}`);

  const port = await startBuilt(
    'terminal',
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_KEY: TERMINAL_API_KEY,
      MEV_URL: mevSim.url,
      CARD_TERMINAL_URL: cardSim.url,
      MERCHANT_IDNO: '1003600012345',
      MERCHANT_ADDRESS: 'str. Ştefan cel Mare 1, Chişinău',
      // CI's network is not a shop's: no multicast from the smoke test.
      MDNS: 'off',
    },
    (line) => (line.event === 'ready' && typeof line.port === 'number' ? line.port : undefined),
  );
  const url = `http://127.0.0.1:${port}`;
  const health = (await expectOk('terminal GET /api/health', await fetch(`${url}/api/health`))) as {
    data: { status: string; degradedReasons: unknown[] };
  };
  // The identity the built command wrote is the one the built terminal reads: nothing incomplete.
  if (health.data.status !== 'ready')
    throw new Error(
      `terminal health is ${health.data.status}: ${JSON.stringify(health.data.degradedReasons)}`,
    );
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
  const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TERMINAL_API_KEY}` } });
  const text = await metrics.text();
  if (metrics.status !== 200 || !text.includes('terminal_http_requests_total{'))
    throw new Error(`terminal GET /metrics with a Bearer key: HTTP ${metrics.status}`);
  console.log('[smoke] terminal GET /metrics (Bearer): HTTP 200, requests by route');
}

async function smokeCloud(dir: string): Promise<string> {
  const env = { DATA_DIR: join(dir, 'cloud'), PORT: '0', HOST: '127.0.0.1', RELAY_TOKEN };
  // --direct: no cloud runs yet, so the command runs in a private one on DATA_DIR.
  const seeded = runBuilt('cloud', ['admin', 'seed-demo', '--direct'], env);
  if (seeded.status !== 0) throw new Error(`cloud admin seed-demo failed:\n${seeded.stderr}`);
  const { key } = JSON.parse(seeded.stdout) as { key: { key: string } };
  console.log('[smoke] cloud admin seed-demo: a merchant and its key');

  const listening = 'Server listening at ';
  const url = await startBuilt('cloud', env, (line) =>
    typeof line.msg === 'string' && line.msg.startsWith(listening)
      ? line.msg.slice(listening.length)
      : undefined,
  );
  await expectOk(
    'cloud GET /api/public/v1/ping',
    await fetch(`${url}/api/public/v1/ping`, { headers: { 'x-service-api-key': key.key } }),
  );
  await smokeConsole(url);
  return url;
}

/** The console's page, with its policy, and the hashed script it names, with its year-long cache. */
async function smokeConsole(cloudUrl: string): Promise<void> {
  const page = await fetch(`${cloudUrl}/console/`);
  const html = await page.text();
  if (page.status !== 200 || !page.headers.get('content-security-policy')?.includes("script-src 'self'"))
    throw new Error(
      `cloud GET /console/: HTTP ${page.status}, ${page.headers.get('content-security-policy')}`,
    );
  const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error('cloud GET /console/: the page names no script under /console/assets/');
  const asset = await fetch(`${cloudUrl}${script}`);
  await asset.arrayBuffer();
  if (asset.status !== 200 || !asset.headers.get('cache-control')?.includes('immutable'))
    throw new Error(
      `cloud GET ${script}: HTTP ${asset.status}, cache-control ${asset.headers.get('cache-control')}`,
    );
  console.log(`[smoke] cloud GET /console/ and ${script}: HTTP 200, CSP and an immutable asset`);
}

async function smokeRelay(cloudUrl: string): Promise<void> {
  const ready = await startBuilt(
    'relay',
    { PORT: '0', HOST: '127.0.0.1', CLOUD_URL: cloudUrl, RELAY_TOKEN, RELAY_METRICS_PORT: '0' },
    (line) =>
      line.event === 'ready' && typeof line.url === 'string' && typeof line.metricsUrl === 'string'
        ? { url: line.url, metricsUrl: line.metricsUrl }
        : undefined,
  );
  await expectOk('relay GET /healthz', await fetch(`${ready.url}/healthz`));
  await expectOk('relay GET /readyz', await fetch(`${ready.url}/readyz`));
  const metrics = await fetch(ready.metricsUrl);
  if (metrics.status !== 200 || !(await metrics.text()).includes('relay_http_requests_total'))
    throw new Error(`relay GET /metrics: HTTP ${metrics.status}`);
  console.log('[smoke] relay GET /metrics: HTTP 200');
}

const dir = mkdtempSync(join(tmpdir(), 'fiscal-pos-smoke-'));
stageRoot = join(dir, 'stage');
try {
  await stageAll();
  await smokeTerminal(dir);
  await smokeRelay(await smokeCloud(dir));
  console.log('[smoke] the production build answers');
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}
