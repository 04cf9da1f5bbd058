/** The one table `npm run bench` prints: suite, figure, value. */
import type { SuiteOutcome } from './suites.js';

function formatValue(value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

export function resultsTable(outcomes: readonly SuiteOutcome[]): string {
  const rows: [string, string, string][] = [['suite', 'figure', 'value']];
  for (const outcome of outcomes) {
    switch (outcome.status) {
      case 'ok':
        for (const [figure, value] of Object.entries(outcome.figures)) {
          rows.push([outcome.suite, figure, formatValue(value)]);
        }
        break;
      case 'skipped':
        rows.push([outcome.suite, '(skipped)', outcome.reason]);
        break;
      case 'failed':
        rows.push([outcome.suite, '(FAILED)', outcome.error.split('\n')[0] ?? '']);
        break;
    }
  }
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: [string, string, string]) =>
    row.map((cell, col) => (col === 2 ? cell : cell.padEnd(widths[col]!))).join('  ');
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
