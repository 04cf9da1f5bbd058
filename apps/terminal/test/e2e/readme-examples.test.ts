/**
 * The README's "Terminal API by example" block, run as a newcomer runs it: each command with
 * bash and curl, in order, against a real terminal, with every `<placeholder>` filled from what
 * an earlier command answered (`<saleId>` from the last sale created, `<card.rrn>` from the
 * last card result). Every command must succeed, so the README stays a sequence that works.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  removeDir,
  tempDir,
  type TerminalHandle,
  useSimulator,
} from '../support/terminal-harness.js';

const run = promisify(execFile);
const README = new URL('../../../../README.md', import.meta.url);
const README_BASE_URL = 'http://127.0.0.1:4567';

/** The shell commands of the README's terminal example block, one string each. */
function readmeCommands(): string[] {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## Terminal API by example'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('README: no sh block under "Terminal API by example"');
  const commands: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const line of block.split('\n')) {
    if (current === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    current += (current === '' ? '' : '\n') + line;
    quote = quoteAfter(line, quote);
    if (quote === null && !line.endsWith('\\')) {
      commands.push(current);
      current = '';
    }
  }
  return commands;
}

/** The quote still open after `line` (bash's rules, enough for curl lines), or null. */
function quoteAfter(line: string, open: string | null): string | null {
  let quote = open;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      break; // a comment to the end of the line
    }
  }
  return quote;
}

/** Leaves of a JSON answer by their last one and two names (`saleId`, `card.rrn`). */
function rememberLeaves(value: unknown, path: string[], into: Map<string, string>): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (path.length === 0) return;
    into.set(path.at(-1)!, String(value));
    if (path.length >= 2) into.set(path.slice(-2).join('.'), String(value));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    // Array positions are not names: `payments[0].card.rrn` is remembered as `card.rrn`.
    rememberLeaves(child, Array.isArray(value) ? path : [...path, key], into);
  }
}

const env = useSimulator();
let terminal: TerminalHandle;
let home: string;

beforeAll(async () => {
  home = tempDir('readme');
  const dataDir = join(home, '.data', 'terminal');
  mkdirSync(dataDir, { recursive: true });
  terminal = await env.start({ dataDir });
  // What `npm start` leaves for the README's first line.
  writeFileSync(join(dataDir, 'api-key'), `${API_KEY}\n`);
});

afterAll(() => removeDir(home));

describe("the README's terminal examples", () => {
  it('run in order, every command answered with success', async () => {
    const commands = readmeCommands();
    const assignments = commands.filter((command) => /^[A-Z]+=/.test(command));
    const requests = commands.filter((command) => !assignments.includes(command));
    expect(requests.length).toBeGreaterThan(20);
    const remembered = new Map<string, string>();
    for (const request of requests) {
      const filled = request.replace(/<([A-Za-z.]+)>/g, (_, name: string) => {
        const value = remembered.get(name);
        if (value === undefined) throw new Error(`README: nothing before "${request}" gives <${name}>`);
        return value;
      });
      const script = [...assignments, filled].join('\n').replaceAll(README_BASE_URL, terminal.url);
      const { stdout } = await run('bash', ['-c', script], { cwd: home });
      if (/\/metrics\b/.test(request)) {
        expect(stdout, request).toContain('# HELP');
        continue;
      }
      const answer = JSON.parse(stdout) as { success?: boolean; error?: unknown };
      expect({ request, success: answer.success, error: answer.error }).toEqual({
        request,
        success: true,
        error: null,
      });
      if (/-X POST/.test(request)) rememberLeaves(answer, [], remembered);
      // The README's cash count is right: the shift closes with the drawer as expected.
      if (/shifts\/close/.test(request)) {
        expect((answer as { data?: { cashDifference?: unknown } }).data?.cashDifference, request).toBe(0);
      }
    }
  });
});
