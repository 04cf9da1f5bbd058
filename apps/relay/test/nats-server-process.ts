// A nats-server process of a test's own (NATS_SERVER_BIN, default the one on PATH), on a port
// of its choosing and with the settings the test needs (a small max_payload), where the shared
// server at 127.0.0.1:4222 has fixed ones. Suites skip with the reason when there is no binary.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';

const BINARY = process.env.NATS_SERVER_BIN ?? 'nats-server';

/** Why a suite needing its own nats-server cannot run here; null when it can. */
export function natsServerMissing(): string | null {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? null : `no ${BINARY} binary to start (set NATS_SERVER_BIN)`;
}

/** Whether a NATS server answers at `url` (the shared one the cluster suites and bench use). */
export async function natsAnswers(url: string): Promise<boolean> {
  try {
    const nc = await connect({ servers: url, timeout: 2_000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

export interface NatsServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startNatsServer(o: { port: number; maxPayload?: number }): Promise<NatsServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-pos-nats-'));
  const config = join(dir, 'nats.conf');
  const settings = [`listen: "127.0.0.1:${o.port}"`];
  if (o.maxPayload !== undefined) settings.push(`max_payload: ${o.maxPayload}`);
  writeFileSync(config, `${settings.join('\n')}\n`);
  const child: ChildProcess = spawn(BINARY, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let log = '';
  await new Promise<void>((done, fail) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      if (log.includes('Server is ready')) done();
    });
    child.once('exit', (code) => fail(new Error(`nats-server exited (${code}) before ready: ${log}`)));
  });
  return {
    url: `nats://127.0.0.1:${o.port}`,
    port: o.port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
