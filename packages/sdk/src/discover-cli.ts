#!/usr/bin/env node
/**
 * `npm run discover` (and `fiscal-pos-discover` where the SDK is installed): the terminals on
 * this network, as a table or, with --json, as the JSON array discoverTerminals answers; with
 * --watch, each terminal as it comes and goes until interrupted.
 */
import { parseArgs } from 'node:util';
import { discoverTerminals, watchTerminals, type DiscoveredTerminal } from './discover-terminals.js';

const USAGE = `Usage: fiscal-pos-discover [--json] [--timeout MS] [--watch]
  Lists the Fiscal POS terminals announced on this network (mDNS, _fiscalpos._tcp).
  --json         the list as JSON (with --watch: one JSON object per line)
  --timeout MS   how long to listen (default 2000)
  --watch        print each terminal as it comes up and goes down, until Ctrl-C`;

const COLUMNS: readonly [string, (t: DiscoveredTerminal) => string][] = [
  ['NAME', (t) => t.name],
  ['BASE URL', (t) => t.baseUrl],
  ['REGISTRATION', (t) => t.registrationNumber ?? '(not fiscalized)'],
  ['TERMINAL', (t) => t.terminalName ?? t.terminalId ?? ''],
  ['VERSION', (t) => t.version ?? ''],
];

const cells = (t: DiscoveredTerminal) => COLUMNS.map(([, cell]) => cell(t));

function table(terminals: readonly DiscoveredTerminal[]): string {
  const rows = [COLUMNS.map(([title]) => title), ...terminals.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(): Promise<number> {
  let values;
  try {
    values = parseArgs({
      options: {
        json: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        watch: { type: 'boolean', default: false },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    console.error(`--timeout must be a positive number of milliseconds, got "${values.timeout}"\n${USAGE}`);
    return 2;
  }
  if (values.watch) return watch(values.json);
  const terminals = await discoverTerminals(timeoutMs === undefined ? {} : { timeoutMs });
  if (values.json) console.log(JSON.stringify(terminals, null, 2));
  else if (terminals.length === 0)
    console.log('No terminal answered (are they on this network, with MDNS on, and UDP 5353 open?)');
  else console.log(table(terminals));
  return 0;
}

/** Until SIGINT or SIGTERM: one line per terminal that comes up or goes down. */
function watch(json: boolean): Promise<number> {
  const watching = watchTerminals((event, terminal) =>
    console.log(
      json ? JSON.stringify({ event, terminal }) : `${event.padEnd(4)}  ${cells(terminal).join('  ')}`,
    ),
  );
  return new Promise((resolve) => {
    const stop = () => {
      watching.stop();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`Discovery failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
