/**
 * `npm start`: the whole system on embedded defaults, nothing external needed:
 * - the terminal on :4567 (it starts mev-sim on loopback and fiscalizes itself against it),
 * - the cloud on :4600 (PGlite in .data/cloud); on first start a demo merchant with products,
 *   an all-scopes integration key and a terminal is seeded, kept in .data/cloud-demo.json;
 * - the embedded terminal is activated against that terminal at its first start (CLOUD_URL and
 *   ACTIVATION_CODE), so its catalog comes from the cloud and its sales go up to it. The
 *   terminal starts once the cloud answers.
 * - a mail-catcher for the cloud unless SMTP_URL is set: the console's invitations and password
 *   reset links are read on its page (the demo merchant's console owner and password are in
 *   .data/cloud-demo.json, printed below);
 * - the merchant console (apps/console), built by Vite before the cloud starts (a second or two)
 *   and served by the cloud at http://127.0.0.1:4600/console/ (docs/console.md);
 * - the relay on :4700 (docs/relay.md), sharing with the cloud a RELAY_TOKEN generated once
 *   into .data/relay-token (unless RELAY_TOKEN is set); the embedded terminal dials out to it.
 * Data lives under .data/ at the repository root. Ctrl-C (or SIGTERM) stops everything, and
 * when one part exits the others are stopped too: each part runs in its own process group, which
 * is signalled whole, so no simulator or server is left behind.
 *
 * Ports: TERMINAL_PORT (default 4567), CLOUD_PORT (default 4600) and RELAY_PORT (default 4700). A
 * plain PORT would give them all the same port, so it is not passed on.
 */
import { startMailCatcherProcess, type MailCatcherProcess } from '@fiscal-pos/mail-catcher';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Part {
  name: string;
  workspace: string;
  env: Record<string, string>;
}

const terminalPort = process.env.TERMINAL_PORT ?? '4567';
const cloudPort = process.env.CLOUD_PORT ?? '4600';
const relayPort = process.env.RELAY_PORT ?? '4700';
if (new Set([terminalPort, cloudPort, relayPort]).size !== 3) {
  console.error(
    `[start] TERMINAL_PORT, CLOUD_PORT and RELAY_PORT (${terminalPort}, ${cloudPort}, ${relayPort}) must differ`,
  );
  process.exit(2);
}
if (process.env.PORT !== undefined) {
  console.warn(
    '[start] PORT is ignored here: set TERMINAL_PORT, CLOUD_PORT and RELAY_PORT (defaults 4567, 4600, 4700)',
  );
}

/** The token the relay and the cloud share: RELAY_TOKEN, or one generated once (mode 0600). */
function relayToken(): string {
  if (process.env.RELAY_TOKEN) return process.env.RELAY_TOKEN;
  const file = join(root, '.data', 'relay-token');
  if (!existsSync(file)) {
    mkdirSync(join(root, '.data'), { recursive: true });
    writeFileSync(file, `rt_${randomBytes(32).toString('base64url')}`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
const sharedRelayToken = relayToken();

const cloudUrl = `http://127.0.0.1:${cloudPort}`;
const terminalDataDir = join(root, '.data', 'terminal');
const cloud: Part = {
  name: 'cloud',
  workspace: '@fiscal-pos/cloud',
  env: {
    DATA_DIR: join(root, '.data', 'cloud'),
    PORT: cloudPort,
    RELAY_TOKEN: sharedRelayToken,
    // The console shows each terminal's relay address and tests it through the embedded relay.
    RELAY_PUBLIC_URL: `http://127.0.0.1:${relayPort}`,
  },
};
const relay: Part = {
  name: 'relay',
  workspace: '@fiscal-pos/relay',
  env: { PORT: relayPort, CLOUD_URL: cloudUrl, RELAY_TOKEN: sharedRelayToken },
};

/** Seeds the demo merchant once, directly in the embedded database before the cloud holds it. */
interface CloudDemo {
  terminal?: { activationCode: string };
  /** The demo's console owner (a demo seeded by an older version has none). */
  console?: { email: string; password: string };
}

function seedCloudDemo(): CloudDemo {
  const demoFile = join(root, '.data', 'cloud-demo.json');
  if (!existsSync(demoFile)) {
    mkdirSync(join(root, '.data'), { recursive: true });
    const seeded = spawnSync(
      'npm',
      ['run', 'start', '--silent', '-w', '@fiscal-pos/cloud', '--', 'admin', 'seed-demo', '--direct'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: join(root, '.data', 'cloud') },
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding the cloud demo merchant failed:\n${seeded.stderr}`);
    writeFileSync(demoFile, seeded.stdout, { mode: 0o600 });
  }
  const demo = readFileSync(demoFile, 'utf8');
  console.log(`[start] cloud demo merchant, integration key and terminal (${demoFile}):\n${demo}`);
  return JSON.parse(demo) as CloudDemo;
}

const demo = seedCloudDemo();

/**
 * The cloud's mail server: SMTP_URL when set, else a mail-catcher started here (the terminal
 * starts its own for receipts), whose page lists what the cloud sent.
 */
const cloudCatcher: MailCatcherProcess | undefined = process.env.SMTP_URL
  ? undefined
  : await startMailCatcherProcess({ dataDir: join(root, '.data', 'mail-catcher') });
if (cloudCatcher) {
  cloud.env.SMTP_URL = cloudCatcher.url;
  console.log(
    `[start] the cloud's mail (console invitations, password resets) is caught at ${cloudCatcher.adminUrl}`,
  );
}
const demoOwner = demo.console;
if (demoOwner)
  console.log(
    `[start] console: sign in at ${cloudUrl}/console/ as ${demoOwner.email} with password ${demoOwner.password}`,
  );
/** Builds the console into apps/console/dist, which the cloud serves under /console/. */
function buildConsole(): void {
  const built = spawnSync(
    'npm',
    ['run', 'build', '--silent', '-w', '@fiscal-pos/console', '--', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0)
    throw new Error('building the console (npm run build -w @fiscal-pos/console) failed');
  console.log(`[start] console built: http://127.0.0.1:${cloudPort}/console/`);
}

buildConsole();

/** The terminal of the demo merchant, activated at its first start; standalone if that fails. */
const terminal: Part = {
  name: 'terminal',
  workspace: '@fiscal-pos/terminal',
  env: {
    DATA_DIR: terminalDataDir,
    PORT: terminalPort,
    RELAY_URL: `http://127.0.0.1:${relayPort}`,
    // A demo seeded by an older version has no terminal: the embedded one then stays standalone.
    ...(existsSync(join(terminalDataDir, 'platform.json')) || demo.terminal === undefined
      ? {}
      : { CLOUD_URL: cloudUrl, ACTIVATION_CODE: demo.terminal.activationCode }),
  },
};

const children: ChildProcess[] = [];
let stopping = false;

/**
 * Signals a part's whole process group (npm, tsx, node and the simulators it started), also
 * after its leader exited: a crashed terminal's simulators are still in its group.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  void cloudCatcher?.stop();
  // What did not stop gracefully in time is killed, so nothing outlives npm start.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code);
  }, 8000).unref();
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
  Promise.all(children.map(exited)).then(
    () => process.exit(code),
    () => process.exit(code),
  );
}

function startPart(part: Part): void {
  const child = spawn('npm', ['run', 'start', '--silent', '-w', part.workspace], {
    cwd: root,
    env: { ...process.env, ...part.env },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, signalled whole by stopAll.
    detached: true,
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] ${part.name} exited with code ${code ?? 'null'}; stopping the rest`);
      stopAll(code ?? 1);
    }
  });
  children.push(child);
}

/** Waits until the cloud answers, so that the terminal's activation finds it. */
async function cloudReady(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`${cloudUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the cloud did not answer at ${cloudUrl} within 120 s`);
}

startPart(cloud);
cloudReady().then(
  () => {
    if (stopping) return;
    startPart(relay);
    startPart(terminal);
  },
  (error: unknown) => {
    console.error(`[start] ${(error as Error).message}; stopping`);
    stopAll(1);
  },
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopAll(0));
