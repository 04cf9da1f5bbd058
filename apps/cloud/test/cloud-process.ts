// The cloud as a real child process (`node --import tsx src/main.ts`), for tests that kill it:
// SIGKILL loses whatever was not committed, which no in-process cloud can imitate.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface CloudChild {
  process: ChildProcess;
  url: string;
}

/** Starts the cloud with `env` over the test's own (PORT 0 unless `env` names one); resolves once it listens. */
export function spawnCloud(env: Record<string, string>): Promise<CloudChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ process: child, url: match[1]! });
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`cloud exited (${code}) before listening:\n${out}`)));
  });
}

/** SIGKILL; resolves once the process is gone. */
export function kill9(child: CloudChild): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}
