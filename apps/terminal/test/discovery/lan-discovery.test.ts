/**
 * The terminal's announcement on the LAN (mDNS / DNS-SD, `_fiscalpos._tcp`) for real: a terminal
 * process and the SDK's discover command (`discover-cli.ts`, which runs `watchTerminals` and
 * `discoverTerminals`), both inside a network namespace of this test's own, so that no packet
 * reaches the machine's network. What must hold (docs/terminal-api.md, "Finding terminals on the
 * LAN"):
 *
 * - without a multicast route, or with UDP 5353 held by another program, the terminal starts,
 *   says so in a warning, and is healthy;
 * - with MDNS=off (what every other test's terminal has) nothing is announced;
 * - the command finds the terminal with its TXT record: version, API path, and no registration
 *   number before fiscalization;
 * - a terminal that stops says goodbye: a browser that saw it sees it go at once (without the
 *   goodbye it would keep it for the record's TTL, two minutes);
 * - fiscalized and started again, it is announced with MEV's registration number;
 * - a running terminal whose announcement changes (the cloud renamed it) says goodbye for the old
 *   record and announces the new one (the announcement alone, as a fixture process).
 *
 * Creating a namespace needs root and iproute2 (CI has both); elsewhere the test is skipped with
 * the reason.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startSimulator, tempDir, type Simulator } from '../support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../support/terminal-process.js';

const NAMESPACE = `fpos-mdns-${process.pid}`;
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const DISCOVER = fileURLToPath(new URL('../../../../packages/sdk/src/discover-cli.ts', import.meta.url));
const IN_NAMESPACE = ['ip', 'netns', 'exec', NAMESPACE] as const;

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/** Why the test cannot run here, or null once the namespace exists (its loopback up, nothing else). */
function namespaceRefusal(): string | null {
  if (process.getuid?.() !== 0) return 'creating a network namespace needs root (CI runs as root)';
  try {
    ip('netns', 'add', NAMESPACE);
    ip('-n', NAMESPACE, 'link', 'set', 'lo', 'up');
    return null;
  } catch (error) {
    return `ip netns add failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * A LAN inside the namespace: a veth pair whose two ends are both there (an interface that is not
 * loopback, which is what a host announces its addresses on), and the multicast route over it.
 */
function addLan(): void {
  ip('-n', NAMESPACE, 'link', 'add', 'lan0', 'type', 'veth', 'peer', 'name', 'lan1');
  ip('-n', NAMESPACE, 'addr', 'add', '10.77.0.1/24', 'dev', 'lan0');
  ip('-n', NAMESPACE, 'addr', 'add', '10.77.0.2/24', 'dev', 'lan1');
  ip('-n', NAMESPACE, 'link', 'set', 'lan0', 'up');
  ip('-n', NAMESPACE, 'link', 'set', 'lan1', 'up');
  ip('-n', NAMESPACE, 'route', 'add', '224.0.0.0/4', 'dev', 'lan0');
}

const refusal = namespaceRefusal();
if (refusal !== null) console.warn(`LAN discovery test skipped: ${refusal}`);

interface Found {
  name: string;
  port: number;
  addresses: string[];
  terminalName: string | null;
  version: string | null;
  registrationNumber: string | null;
  terminalId: string | null;
  apiPath: string;
  baseUrl: string;
}

/** `discover --json` in the namespace: the terminals heard within `timeoutMs`. */
function discover(timeoutMs = 1000): Found[] {
  const out = execFileSync(
    IN_NAMESPACE[0],
    [
      ...IN_NAMESPACE.slice(1),
      process.execPath,
      '--import',
      'tsx',
      DISCOVER,
      '--json',
      '--timeout',
      String(timeoutMs),
    ],
    { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return JSON.parse(out) as Found[];
}

/** Child processes still running: a failed test leaves none behind (afterAll). */
const watchers = new Set<ReturnType<typeof spawn>>();

/** `discover --watch --json` in the namespace, its lines read as they come. */
function watch() {
  const child = spawn(
    IN_NAMESPACE[0],
    [...IN_NAMESPACE.slice(1), process.execPath, '--import', 'tsx', DISCOVER, '--watch', '--json'],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  watchers.add(child);
  child.once('exit', () => watchers.delete(child));
  const events: { event: 'up' | 'down'; terminal: Found }[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    events.push(JSON.parse(line) as (typeof events)[number]);
    for (const waiter of waiters) waiter();
  });
  return {
    /** Every event heard so far, in order. */
    events,
    /**
     * The first event of `kind` whose terminal `matches`, once heard; refused after `withinMs` (an
     * mDNS record without its goodbye stays in a browser's cache for its TTL, 120 s for SRV).
     */
    next(kind: 'up' | 'down', matches: (terminal: Found) => boolean, withinMs = 15_000) {
      return new Promise<Found>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${kind}" heard within ${withinMs} ms: ${JSON.stringify(events)}`));
        }, withinMs);
        const check = () => {
          const hit = events.find((e) => e.event === kind && matches(e.terminal));
          if (hit === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit.terminal);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const named = (name: string) => (terminal: Found) => terminal.name === name;

describe.skipIf(refusal !== null)('the terminal announced on the LAN by mDNS', () => {
  let sim: Simulator;
  let terminal: TerminalProcess | undefined;
  let terminalId: string | null = null;
  const dataDir = tempDir('lan-discovery');
  const NAME = 'Casa de test';
  const start = (fiscalized: boolean, mdns: 'on' | 'off' = 'on') =>
    startTerminalProcess({
      dataDir,
      sim,
      fiscalized,
      launcher: IN_NAMESPACE,
      // MEV_URL is the simulator's on the machine's loopback, out of the namespace's reach: the
      // terminal starts offline, which is all this test needs of it.
      env: { MDNS: mdns, MDNS_NAME: NAME, HOST: '0.0.0.0' },
    });

  beforeAll(async () => {
    sim = await startSimulator();
  });

  afterAll(async () => {
    for (const child of watchers) child.kill('SIGKILL');
    await terminal?.stop();
    await sim?.stop();
    removeDir(dataDir);
    if (sim) removeDir(sim.dataDir);
    ip('netns', 'delete', NAMESPACE);
  });

  /** The terminal's first warning about mDNS, once logged. */
  const warningOf = async (running: TerminalProcess) =>
    JSON.parse(await running.logged(/"event":"mdns-unavailable"/)) as { level: number; msg: string };

  /** GET /api/health's status, asked from inside the namespace. */
  const healthStatus = (port: number) =>
    execFileSync(
      IN_NAMESPACE[0],
      [
        ...IN_NAMESPACE.slice(1),
        process.execPath,
        '-e',
        `fetch('http://127.0.0.1:${port}/api/health').then((r) => r.json()).then((b) => console.log(b.data.status))`,
      ],
      { encoding: 'utf8' },
    ).trim();

  it('starts without a multicast route, warns, and stays healthy', { timeout: 30_000 }, async () => {
    terminal = await start(false);
    const warning = await warningOf(terminal);
    expect(warning.level).toBe(40);
    expect(warning.msg).toMatch(/no multicast route/);
    expect(healthStatus(terminal.port)).toBe('ready');
    await terminal.stop();
    terminal = undefined;
  });

  it(
    'starts with UDP 5353 held by another program, warns, and stays healthy',
    { timeout: 30_000 },
    async () => {
      addLan();
      // A socket without SO_REUSEADDR: the terminal's bind is refused (EADDRINUSE), an 'error' that
      // bonjour-service 1.4 leaves unheard and would end the process with.
      const holder = spawn(
        IN_NAMESPACE[0],
        [
          ...IN_NAMESPACE.slice(1),
          process.execPath,
          '-e',
          "require('dgram').createSocket('udp4').bind(5353, () => console.log('bound'))",
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      watchers.add(holder);
      try {
        await new Promise((resolve) => holder.stdout.once('data', resolve));
        terminal = await start(false);
        const warning = await warningOf(terminal);
        expect(warning.msg).toMatch(/the mDNS socket failed/);
        expect(JSON.stringify(warning)).toContain('EADDRINUSE');
        expect(healthStatus(terminal.port)).toBe('ready');
        await terminal.stop();
        terminal = undefined;
        // The discover command says why it heard nothing, and fails.
        expect(() => discover(500)).toThrow(/Discovery failed: bind EADDRINUSE/);
      } finally {
        holder.kill('SIGKILL');
      }
    },
  );

  it(
    'is found with its TXT record, without a registration number before fiscalization',
    { timeout: 60_000 },
    async () => {
      // MDNS=off, what every other test's terminal has: nothing is announced.
      terminal = await start(false, 'off');
      expect(discover()).toEqual([]);
      expect(terminal.logTail().join('\n')).not.toMatch(/"event":"mdns-/);
      await terminal.stop();

      terminal = await start(false);
      await terminal.logged(/"event":"mdns-announced"/);
      const found = discover();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        name: NAME,
        port: terminal.port,
        registrationNumber: null,
        apiPath: '/api',
      });
      // The id the terminal gave itself at its first start: it has no other yet.
      expect(found[0]!.terminalId).toMatch(/^TRM-/);
      terminalId = found[0]!.terminalId;
      expect(found[0]!.baseUrl).toMatch(new RegExp(`^http://10\\.77\\.0\\.[12]:${terminal.port}$`));
      expect(found[0]!.version).toMatch(/^\d+\.\d+\.\d+\+/);
      expect(found[0]!.addresses).toEqual(expect.arrayContaining(['10.77.0.1', '10.77.0.2']));
    },
  );

  it(
    'says goodbye when it stops, and comes back with MEV’s registration number once fiscalized',
    { timeout: 60_000 },
    async () => {
      const watching = watch();
      try {
        await watching.next('up', named(NAME));
        await terminal!.stop();
        terminal = undefined;
        // The goodbye reached a browser that had the terminal: it is gone before its TTL ran out.
        await watching.next('down', named(NAME));

        terminal = await start(true);
        await terminal.logged(/"event":"mdns-announced"/);
        const found = discover();
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ name: NAME, registrationNumber: terminal.registrationNumber });
        expect(terminal.registrationNumber).not.toBe('');
        // The same terminal: its id is kept in its database across restarts.
        expect(found[0]!.terminalId).toBe(terminalId);
      } finally {
        await watching.stop();
      }
    },
  );

  it(
    'announces itself anew when what it says changes (renamed by the cloud)',
    { timeout: 30_000 },
    async () => {
      const FIXTURE = fileURLToPath(new URL('./announcement-fixture.ts', import.meta.url));
      const watching = watch();
      const fixture = spawn(
        IN_NAMESPACE[0],
        [...IN_NAMESPACE.slice(1), process.execPath, '--import', 'tsx', FIXTURE],
        {
          cwd: REPO,
          env: { ...process.env, MDNS_NAME: 'Renamed terminal' },
          stdio: ['pipe', 'ignore', 'inherit'],
        },
      );
      watchers.add(fixture);
      const exited = new Promise((resolve) => fixture.once('exit', resolve));
      try {
        const renamed = named('Renamed terminal');
        expect(await watching.next('up', renamed)).toMatchObject({ terminalName: 'Casa 1' });
        fixture.stdin.write('Casa 2\n');
        expect(await watching.next('up', (t) => renamed(t) && t.terminalName === 'Casa 2')).toMatchObject({
          registrationNumber: '3000123456',
        });
        // The old record went with a goodbye before the new one came: no browser keeps both.
        expect(
          watching.events.filter((e) => renamed(e.terminal)).map((e) => [e.event, e.terminal.terminalName]),
        ).toEqual([
          ['up', 'Casa 1'],
          ['down', 'Casa 1'],
          ['up', 'Casa 2'],
        ]);
        fixture.stdin.write('stop\n');
        await watching.next('down', (t) => renamed(t) && t.terminalName === 'Casa 2');
        await exited;
      } finally {
        fixture.kill('SIGKILL');
        await watching.stop();
      }
    },
  );
});
