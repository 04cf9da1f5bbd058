// The products CSV, one format for import and export (docs/console.md, "Products CSV"):
// a header row naming the columns, one product per row, UTF-8 with or without a BOM, `,` or
// `;` between cells (Excel in the ro and ru locales writes `;` and decimal commas). This file
// reads and writes cells; it knows no database. Amounts are read from their digits, never
// through a float, so "12,30" is 1230 bani exactly.
import { parse, CsvError } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CSV_COLUMNS = [
  'code',
  'sku',
  'barcodes',
  'name_ro',
  'name_ru',
  'name_en',
  'description_ro',
  'description_ru',
  'description_en',
  'category_path',
  'vat_code',
  'unit',
  'price',
  'active',
  'on_hand',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** At most this many product rows and bytes per file (docs/console.md, "Limits"). */
export const MAX_CSV_ROWS = 50_000;
export const MAX_CSV_BYTES = 20 * 1024 * 1024;

/** Barcodes share one cell, separated by this. */
export const BARCODE_SEPARATOR = '|';
/** A category below another: its path from the top, names separated by this. */
export const CATEGORY_SEPARATOR = ' > ';

export type Delimiter = ',' | ';';

/** What is wrong, where the merchant sees it: row 1 is the header, as in a spreadsheet. */
export interface CsvIssue {
  row: number;
  column: CsvColumn | null;
  message: string;
}

export interface CsvTable {
  delimiter: Delimiter;
  /** The columns the header names, in its order. */
  columns: CsvColumn[];
  /** Each product row: its spreadsheet row number and its cells by column. */
  rows: { row: number; cells: Partial<Record<CsvColumn, string>> }[];
  /** Rows that could not be read as products (a wrong number of cells). */
  issues: CsvIssue[];
}

const isColumn = (name: string): name is CsvColumn => (CSV_COLUMNS as readonly string[]).includes(name);

/** The header decides the delimiter: column names hold neither `,` nor `;`. */
function delimiterOf(text: string): Delimiter {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

/**
 * Reads the file into rows, or says what keeps it from being read at all (row 0 when no one
 * row is to blame).
 */
export function readCsv(bytes: Uint8Array): CsvTable | CsvIssue[] {
  if (bytes.byteLength > MAX_CSV_BYTES)
    return [{ row: 0, column: null, message: `the file is over ${MAX_CSV_BYTES / 1024 / 1024} MiB` }];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return [
      {
        row: 0,
        column: null,
        message: 'the file is not UTF-8 text; in Excel save it as "CSV UTF-8 (Comma delimited)"',
      },
    ];
  }
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the rows read before the one it could not: that one is its number + 1.
    const row = (error as CsvError & { records?: number }).records ?? 0;
    return [{ row: row + 1, column: null, message: `unreadable CSV: ${error.message}` }];
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === ''))
    return [{ row: 1, column: null, message: 'the file is empty; its first row must name the columns' }];
  const issues: CsvIssue[] = [];
  const columns: CsvColumn[] = [];
  for (const raw of header) {
    const name = raw.trim().toLowerCase();
    if (!isColumn(name))
      issues.push({
        row: 1,
        column: null,
        message: `unknown column "${raw}"; the columns are ${CSV_COLUMNS.join(', ')}`,
      });
    else if (columns.includes(name))
      issues.push({ row: 1, column: name, message: `column ${name} appears twice` });
    else columns.push(name);
  }
  if (!columns.includes('code'))
    issues.push({ row: 1, column: 'code', message: 'the column code is required' });
  if (issues.length > 0) return issues;
  const rows: CsvTable['rows'] = [];
  for (const [index, record] of body.entries()) {
    const row = index + 2;
    // An empty row (a blank line, or only delimiters) is skipped as a spreadsheet would show it.
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length !== header.length) {
      issues.push({
        row,
        column: null,
        message: `${record.length} cells where the header has ${header.length}`,
      });
      continue;
    }
    rows.push({
      row,
      cells: Object.fromEntries(columns.map((c, i) => [c, fromTextCell(record[i]!.trim())])),
    });
  }
  if (rows.length > MAX_CSV_ROWS)
    return [
      { row: 0, column: null, message: `${rows.length} product rows; at most ${MAX_CSV_ROWS} per file` },
    ];
  if (rows.length === 0 && issues.length === 0)
    return [{ row: 0, column: null, message: 'the file has a header but no product rows' }];
  return { delimiter, columns, rows, issues };
}

/**
 * A decimal cell as an integer of `decimals` places ("12,5" with 2 -> 1250), with `.` or `,`
 * before the decimals and no thousands separators; or why it is not one.
 */
export function parseDecimalCell(
  text: string,
  decimals: number,
  options: { negative: boolean },
): number | { error: string } {
  const match = /^(-?)(\d{1,12})(?:[.,](\d+))?$/.exec(text);
  if (!match) return { error: `"${text}" is not a number (digits, "." or "," before the decimals)` };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (sign && !options.negative) return { error: 'must not be negative' };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return { error: `at most ${decimals} decimals` };
  const value = Number(whole) * 10 ** decimals + Number(significant.padEnd(decimals, '0') || '0');
  return sign && value !== 0 ? -value : value;
}

/** The integer of `decimals` places as the cell shows it: 1250 -> "12.50" (or "12,50"). */
export function formatDecimalCell(value: number, decimals: number, decimalMark: '.' | ','): string {
  const magnitude = Math.abs(value);
  const scale = 10 ** decimals;
  const whole = Math.floor(magnitude / scale);
  const fraction = String(magnitude % scale).padStart(decimals, '0');
  return `${value < 0 ? '-' : ''}${whole}${decimalMark}${fraction}`;
}

const YES = new Set(['1', 'true', 'yes', 'y', 'da', 'да']);
const NO = new Set(['0', 'false', 'no', 'n', 'nu', 'нет']);

export function parseBooleanCell(text: string): boolean | { error: string } {
  const word = text.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return { error: `"${text}" is not yes or no (yes/no, true/false, 1/0, da/nu, да/нет)` };
}

export const parseBarcodesCell = (text: string): string[] =>
  text
    .split(BARCODE_SEPARATOR)
    .map((b) => b.trim())
    .filter((b) => b !== '');

/** The names of a category path from the top; an empty one ("Băuturi >") stays, for its error. */
export function parseCategoryPath(text: string): string[] {
  return text.split(CATEGORY_SEPARATOR.trim()).map((name) => name.trim());
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one)
 * as a formula: a product name from an integration could then run in the merchant's Excel.
 * The export writes such text behind a `'` (Excel's own mark for "this is text", which it does
 * not show), and the import takes one `'` off again. Text that already starts with `'`s before
 * one of those gets one more, so every text round-trips unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const asTextCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
const fromTextCell = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;

/**
 * The file: a BOM (so Excel reads it as UTF-8, Cyrillic included), the header, the rows.
 * With `;` the decimals are written with a comma, as the ro and ru locales expect.
 */
export function writeCsv(delimiter: Delimiter, rows: readonly Record<CsvColumn, string>[]): string {
  return stringify(rows as Record<CsvColumn, string>[], {
    bom: true,
    delimiter,
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
