// The cloud as a real child process (`node --import tsx src/main.ts`), for tests that kill it
// (SIGKILL loses whatever was not committed, which no in-process cloud can imitate) or that
// need processes which share nothing but the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** The production build's entry (`npm run build`), started as production starts it. */
const BUILT_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface CloudChild {
  process: ChildProcess;
  url: string;
  /** How many lines of its output so far contain `text`. */
  linesWith(text: string): number;
}

/**
 * Starts the cloud with `env` over the test's own (PORT 0 unless `env` names one), Node started
 * with `nodeFlags` besides; resolves once it listens. `from: 'build'` starts the production build
 * (`node --conditions=production dist/main.js`, built beforehand) instead of the sources under tsx.
 */
export function spawnCloud(
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
  from: 'source' | 'build' = 'source',
): Promise<CloudChild> {
  const entry = from === 'build' ? ['--conditions=production', BUILT_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, [...nodeFlags, ...entry], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match)
        resolve({
          process: child,
          url: match[1]!,
          linesWith: (text) => out.split('\n').filter((line) => line.includes(text)).length,
        });
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

/**
 * Sends `signal` and resolves once the process logged one more line containing `line` (what it
 * logs when done with what the signal asked), so a test waits on the event, not on a delay.
 */
export function signalAndWait(child: CloudChild, signal: NodeJS.Signals, line: string): Promise<void> {
  const before = child.linesWith(line);
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (child.linesWith(line) > before) done(undefined);
    };
    const onExit = (code: number | null) => done(new Error(`cloud exited (${code}) before logging ${line}`));
    const done = (error: Error | undefined) => {
      child.process.stdout?.off('data', onData);
      child.process.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    child.process.stdout?.on('data', onData);
    child.process.once('exit', onExit);
    child.process.kill(signal);
  });
}
