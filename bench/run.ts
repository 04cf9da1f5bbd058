/**
 * `npm run bench [-- --only terminal|offline|cloud|ingest|relay[,...]]`: runs the benchmark suites in one
 * process, one after the other (never in parallel: they would compete for the same cores),
 * prints one table and writes the raw results to bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeMachine, describeSnapshot, isContended, snapshot, type MachineSnapshot } from './machine.js';
import { resultsTable } from './results-table.js';
import { SUITE_NAMES, isSuiteName, runSuite, type SuiteName, type SuiteOutcome } from './suites.js';

function selectedSuites(argv: readonly string[]): SuiteName[] {
  const selected: SuiteName[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value =
      arg === '--only' ? argv[++i] : arg.startsWith('--only=') ? arg.slice('--only='.length) : null;
    if (value === null) throw new Error(`unknown argument "${arg}"; usage: --only ${SUITE_NAMES.join('|')}`);
    for (const name of (value ?? '').split(',')) {
      if (!isSuiteName(name)) throw new Error(`--only takes ${SUITE_NAMES.join('|')}, got "${name}"`);
      if (!selected.includes(name)) selected.push(name);
    }
  }
  return selected.length > 0 ? selected : [...SUITE_NAMES];
}

async function main(): Promise<void> {
  const suites = selectedSuites(process.argv.slice(2));
  const machine = describeMachine();
  const before = snapshot();
  console.log(
    `bench: ${suites.join(', ')} on ${machine.cpuModel}, ${machine.nproc} cores, node ${machine.node}, ${describeSnapshot(before)}`,
  );
  const outcomes: SuiteOutcome[] = [];
  const loadDuring: Record<string, { before: MachineSnapshot; after: MachineSnapshot }> = {};
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = `${resultsDir}latest.json`;
  // Written after every suite, so a later suite that hangs or crashes loses nothing before it.
  const busy = (...more: MachineSnapshot[]) =>
    [before, ...Object.values(loadDuring).map((l) => l.after), ...more].some((s) =>
      isContended(s, machine.nproc),
    );
  const save = (after: MachineSnapshot, contended: boolean) =>
    writeFileSync(
      file,
      `${JSON.stringify({ command, machine, before, after, contended, loadDuring, outcomes }, null, 2)}\n`,
    );
  for (const suite of suites) {
    const start = snapshot();
    console.log(`bench: running ${suite} ...`);
    outcomes.push(await runSuite(suite));
    loadDuring[suite] = { before: start, after: snapshot() };
    save(loadDuring[suite].after, busy());
  }
  const after = snapshot();

  console.log(`\n${resultsTable(outcomes)}\n`);
  const contended = busy(after);
  console.log(
    `before: ${describeSnapshot(before)}; after: ${describeSnapshot(after)}` +
      (contended
        ? '\nthe machine was busy (other processes competed): treat these figures as provisional'
        : ''),
  );

  save(after, contended);
  console.log(`raw results: ${file}`);
  if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
}

await main();
