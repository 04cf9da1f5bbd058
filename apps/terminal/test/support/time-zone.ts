import { afterAll } from 'vitest';
import { applyTerminalTimeZone } from '../../src/config.js';

/**
 * Runs this test file's process in the terminal's zone as `env` sets it (applyTerminalTimeZone,
 * as the entry points do), and gives the zone back after the file: a vitest worker runs file
 * after file in one process (isolate: false), and the files after this one expect vitest's UTC
 * (a Z report printed at 07:05 UTC would print 09:05 in Chisinau).
 */
export function useTerminalTimeZone(env: NodeJS.ProcessEnv): void {
  const before = process.env.TZ;
  applyTerminalTimeZone(env);
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
