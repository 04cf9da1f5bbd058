// A world for relay tests: the cloud in-process on PGlite (with RELAY_TOKEN), the relay as a real
// process, a mev-sim process, and terminals (terminal harness, in-process) activated in the cloud
// and dialling the relay. Everything runs on loopback.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  admin,
  call,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type Driver,
  type TestDatabase,
} from '../../cloud/test/harness.js';
import type { CloudConfig } from '../../cloud/src/config.js';
import type { Cloud } from '../../cloud/src/server.js';
import {
  removeDir,
  startSimulator,
  startTerminal,
  type Simulator,
  type StartTerminalOptions,
  type TerminalHandle,
} from '../../terminal/test/support/terminal-harness.js';
import { startRelayProcess, type RelayProcess } from '../src/launcher.js';

const RELAY_TOKEN = `rt_test_${randomBytes(16).toString('hex')}`;

/** The requests in flight per publicId a test relay allows (RELAY_MAX_CONCURRENT). */
export const TEST_MAX_CONCURRENT = 4;

/** Limits small enough to reach in a test. */
const RELAY_ENV = {
  RELAY_TOKEN,
  RELAY_REVOCATION_POLL_MS: '200',
  RELAY_HEARTBEAT_MS: '1000',
  RELAY_REQUEST_TIMEOUT_MS: '5000',
  RELAY_BODY_LIMIT_BYTES: '65536',
  RELAY_MAX_CONCURRENT: String(TEST_MAX_CONCURRENT),
  // Metrics on a free port of their own (the ready line says which).
  RELAY_METRICS_PORT: '0',
  // Every relayed request is logged at info: the tests read the log for secrets.
  LOG_LEVEL: 'info',
};

export interface ActivatedTerminal {
  terminalId: string;
  publicId: string;
  deviceCredential: string;
}

export interface RelayWorldOptions {
  /** Relay environment over the small test limits (the bench lifts them). */
  relayEnv?: Record<string, string>;
  cloud?: Partial<CloudConfig>;
  /** The cloud's database: embedded unless told (the bench asks for the PostgreSQL server). */
  driver?: Driver;
  /**
   * Keep every relay log line in `relayLog` (default). The bench says no: a line per request,
   * split and kept in the process that hosts the terminal, would count in the terminal's figures.
   */
  keepRelayLog?: boolean;
}

export class RelayWorld {
  /**
   * With a certificate, the relay serves HTTPS (TLS_CERT, TLS_KEY) and terminals trust it;
   * `relayEnv` goes to every relay process (NATS_URL for cluster mode).
   */
  constructor(
    private readonly tls: { cert: string; key: string } | null = null,
    private readonly options: RelayWorldOptions = {},
  ) {}

  /** Where terminals dial, when not the relay itself (several nodes behind one address). */
  dialUrl: string | null = null;

  /** Every log line of every relay process this world started. */
  readonly relayLog: string[] = [];
  database!: TestDatabase;
  cloud!: Cloud;
  relay!: RelayProcess;
  sim!: Simulator;
  merchantId!: string;
  readonly terminals: TerminalHandle[] = [];

  async start(): Promise<void> {
    // The simulator needs nothing else, and the relay only the cloud's address: each process
    // start is seconds on a busy machine, so they overlap. Every part is settled before this
    // returns, so that stop() finds whatever did start even when another part failed.
    const started = await Promise.allSettled([
      startSimulator().then((sim) => (this.sim = sim)),
      (async () => {
        this.database = await openTestDatabase(this.options.driver ?? 'pglite');
        this.cloud = await startTestCloud(this.database, { relayToken: RELAY_TOKEN, ...this.options.cloud });
        await Promise.allSettled([
          seedMerchant(this.database).then(({ merchantId }) => (this.merchantId = merchantId)),
          this.startRelay().then((relay) => (this.relay = relay)),
        ]).then(firstFailure);
      })(),
    ]);
    firstFailure(started);
  }

  /** Another relay process of this world; `env` over the world's relay environment. */
  startRelay(port = 0, extraEnv: Record<string, string> = {}): Promise<RelayProcess> {
    const env: Record<string, string> = {
      ...RELAY_ENV,
      ...this.options.relayEnv,
      CLOUD_URL: this.cloud.url,
      ...extraEnv,
      PORT: String(port),
    };
    if (this.tls) {
      const dir = mkdtempSync(join(tmpdir(), 'fiscal-pos-relay-tls-'));
      env.TLS_CERT = join(dir, 'cert.pem');
      env.TLS_KEY = join(dir, 'key.pem');
      writeFileSync(env.TLS_CERT, this.tls.cert);
      writeFileSync(env.TLS_KEY, this.tls.key, { mode: 0o600 });
    }
    if (this.options.keepRelayLog === false) return startRelayProcess({ env });
    return startRelayProcess({ env, onLog: (line) => this.relayLog.push(line) });
  }

  /** A terminal created in the cloud, waiting for its activation code (a terminal process takes it). */
  async createTerminal(
    name: string,
  ): Promise<{ terminalId: string; publicId: string; activationCode: string }> {
    const created = await admin(this.cloud, 'POST', `/merchants/${this.merchantId}/terminals`, {
      body: { name },
    });
    // A refusal here (a rate limit) would otherwise surface much later as a terminal refused by the relay.
    if (created.status !== 201) throw new Error(`creating ${name}: ${created.status} ${created.text}`);
    const { terminal, activationCode } = created.json();
    return { terminalId: terminal.id, publicId: terminal.publicId, activationCode };
  }

  /** A terminal created and activated in the cloud (its credential and publicId). */
  async activate(name: string): Promise<ActivatedTerminal> {
    const { activationCode } = await this.createTerminal(name);
    const activated = await call(this.cloud, 'POST', '/api/device/v1/activate', {
      body: { code: activationCode },
    });
    if (activated.status !== 200)
      throw new Error(`activating ${name}: ${activated.status} ${activated.text}`);
    const { terminalId, publicId, deviceCredential } = activated.json();
    return { terminalId, publicId, deviceCredential };
  }

  /** A terminal dialling the relay with this activation, up once the relay routes to it. */
  async startTerminal(
    activation: ActivatedTerminal,
    o: Omit<StartTerminalOptions, 'sim' | 'relayAccess'> = {},
  ): Promise<TerminalHandle> {
    const terminal = await startTerminal({
      sim: this.sim,
      card: 'none',
      ...o,
      config: {
        relayLink: {
          reconnectBaseMs: 100,
          reconnectMaxMs: 400,
          heartbeatMs: 1000,
          replacedBackoffMs: 60_000,
        },
        ...o.config,
      },
      relayAccess: () => ({
        relayUrl: this.dialUrl ?? this.relay.url,
        deviceCredential: activation.deviceCredential,
        ...(this.tls ? { ca: this.tls.cert } : {}),
      }),
    });
    this.terminals.push(terminal);
    await this.untilRouted(activation.publicId);
    return terminal;
  }

  /** Waits until the relay forwards to this publicId (health answers through it). */
  async untilRouted(publicId: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.fetch(`${this.relay.url}/api/relay/${publicId}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      // Its slot (RELAY_MAX_CONCURRENT) is free already: the relay gives it back as it writes the
      // answer's last byte, at its Content-Length, before it reads another request
      // (relay-link-protocol.test.ts), so a test filling the slots next finds them all.
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`publicId ${publicId} not routed (last status ${status})`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  /** fetch that trusts the relay's certificate when it has one. */
  fetch(url: string, init: RequestInit = {}): Promise<Response> {
    if (!this.tls) return fetch(url, init);
    this.#agent ??= new Agent({ connect: { ca: this.tls.cert } });
    return undiciFetch(url, { ...(init as object), dispatcher: this.#agent });
  }

  #agent: Agent | undefined;

  async stop(): Promise<void> {
    await this.#agent?.close();
    for (const terminal of this.terminals) {
      await terminal.stop();
      removeDir(terminal.dataDir);
    }
    await this.relay?.stop();
    await this.sim?.stop();
    if (this.sim) removeDir(this.sim.dataDir);
    await this.cloud?.close();
    await this.database?.close();
  }
}

/** Throws the first rejection of settled promises (after all of them have settled). */
function firstFailure(results: PromiseSettledResult<unknown>[]): void {
  for (const result of results) if (result.status === 'rejected') throw result.reason;
}
