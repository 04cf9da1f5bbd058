/**
 * Starts a simulator as a child process (`node --import tsx <main>`) and waits for the JSON
 * log line with `"event": "ready"`, which carries its addresses. The child also stops when the
 * parent goes away (its stdin closes, see serveUntilStopped), so a crashed test run leaves no
 * simulator behind.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SpawnReadyOptions {
  /** For messages: "mev-sim", "card-sim". */
  name: string;
  /** The entry point (a .ts file run through tsx). */
  main: string;
  /** The package folder: `--import tsx` resolves tsx from the working directory. */
  cwd: string;
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** Receives every log line of the child (JSON), for debugging. */
  onLog?: (line: string) => void;
}

export interface ReadyProcess<R> {
  /** The ready line, as the child printed it. */
  ready: R;
  pid: number;
  /** SIGTERM and wait for a clean exit (SIGKILL after 5 s). */
  stop: () => Promise<void>;
  /** Sends a signal (default SIGKILL) and waits until the process is gone. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function spawnReadyProcess<R extends { event: 'ready' }>(
  options: SpawnReadyOptions,
): Promise<ReadyProcess<R>> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.main], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  const ready = await new Promise<R>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${options.name} did not get ready in time; stderr: ${stderr}`));
    }, options.readyTimeoutMs ?? 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(
        new Error(`${options.name} exited before ready (code ${code}, signal ${signal}); stderr: ${stderr}`),
      );
    });
    const lines = createInterface({ input: child.stdout });
    let waiting = true;
    lines.on('line', (line) => {
      options.onLog?.(line);
      const parsed = waiting ? readyLine<R>(line) : null;
      if (!parsed) return;
      waiting = false;
      clearTimeout(timer);
      done(parsed);
      // Keep reading after "ready" too: a full pipe would block the child. Lines nobody asked
      // for are not split: a relay logs one per request, and a benchmark's figures would count
      // the parsing against the process that hosts the terminal.
      if (options.onLog) return;
      lines.close();
      child.stdout.resume();
    });
  });

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    ready,
    pid: child.pid ?? -1,
    kill,
    stop: async () => {
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await kill('SIGTERM');
      clearTimeout(forced);
    },
  };
}

function readyLine<R>(line: string): R | null {
  try {
    const value = JSON.parse(line) as { event?: unknown };
    return value.event === 'ready' ? (value as R) : null;
  } catch {
    return null;
  }
}
