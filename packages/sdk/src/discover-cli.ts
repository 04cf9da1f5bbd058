#!/usr/bin/env node
/**
 * `npm run discover` (and `fiscal-pos-discover` where the SDK is installed): the terminals on
 * this network, as a table or, with --json, as the JSON array discoverTerminals answers.
 */
import { parseArgs } from 'node:util';
import { discoverTerminals, type DiscoveredTerminal } from './discover-terminals.js';

const USAGE = `Usage: fiscal-pos-discover [--json] [--timeout MS]
  Lists the Fiscal POS terminals announced on this network (mDNS, _fiscalpos._tcp).
  --json         the list as JSON
  --timeout MS   how long to listen (default 2000)`;

const COLUMNS: readonly [string, (t: DiscoveredTerminal) => string][] = [
  ['NAME', (t) => t.name],
  ['BASE URL', (t) => t.baseUrl],
  ['REGISTRATION', (t) => t.registrationNumber ?? '(not fiscalized)'],
  ['TERMINAL', (t) => t.terminalName ?? t.terminalId ?? ''],
  ['VERSION', (t) => t.version ?? ''],
];

function table(terminals: readonly DiscoveredTerminal[]): string {
  const rows = [COLUMNS.map(([title]) => title), ...terminals.map((t) => COLUMNS.map(([, cell]) => cell(t)))];
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
  const terminals = await discoverTerminals(timeoutMs === undefined ? {} : { timeoutMs });
  if (values.json) console.log(JSON.stringify(terminals, null, 2));
  else if (terminals.length === 0)
    console.log('No terminal answered (are they on this network, with MDNS on, and UDP 5353 open?)');
  else console.log(table(terminals));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`Discovery failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
