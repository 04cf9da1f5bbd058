import { isVatCode, VAT_CODES, type VatCode, type VatTable } from './vat.js';

/**
 * A VAT table as text, `{"A":800,"B":2000,"_":null}`: the codes it knows in code order, each
 * with its rate in basis points (null: exempt). Equal tables give equal text, so it is both
 * what the fiscal day stores and how two tables are compared.
 */
export function vatTableToJson(table: VatTable): string {
  const rates: Partial<Record<VatCode, number | null>> = {};
  for (const code of VAT_CODES) {
    const rate = table[code];
    if (rate !== undefined) rates[code] = rate.rateBp;
  }
  return JSON.stringify(rates);
}

function isRateBp(value: unknown): value is number | null {
  return (
    value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000)
  );
}

/** Reads vatTableToJson's text back; throws on anything else, so a damaged day is never read as another table. */
export function vatTableFromJson(text: string): VatTable {
  const rates: unknown = JSON.parse(text);
  if (typeof rates !== 'object' || rates === null || Array.isArray(rates))
    throw new Error(`not a VAT table: ${text}`);
  const table: VatTable = {};
  for (const [code, rateBp] of Object.entries(rates)) {
    if (!isVatCode(code) || !isRateBp(rateBp)) throw new Error(`not a VAT table: ${text}`);
    table[code] = { code, rateBp };
  }
  return table;
}

function sameVatTable(a: VatTable, b: VatTable): boolean {
  return vatTableToJson(a) === vatTableToJson(b);
}

/** The table a fiscal day computes its documents with, and the configured one waiting for the next day. */
export interface DayVatTables {
  inUse: VatTable;
  /** The configured table when it differs from the day's; null when there is none to wait for. */
  pending: VatTable | null;
}

/**
 * A fiscal day keeps one VAT table, as a fiscal device keeps its rates between two Z reports:
 * the one in use when its first document was written (`dayTable`, null before it), until its
 * Z report. A configured table that differs meanwhile (a restart with other VAT_RATES, the
 * cloud's sync) is pending, and is the next day's. Before the day's first document the
 * configured table is in use at once.
 */
export function dayVatTables(dayTable: VatTable | null, configured: VatTable): DayVatTables {
  if (dayTable === null) return { inUse: configured, pending: null };
  return { inUse: dayTable, pending: sameVatTable(dayTable, configured) ? null : configured };
}
