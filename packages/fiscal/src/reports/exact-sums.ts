import { MAX_SCALED, formatMinor } from '../money/money.js';
import type { Minor } from '../money/money.js';
import type { VatCode } from '../vat/vat.js';
import type { VatLine } from '../vat/vat-line.js';

/*
 * Running totals of reports are summed in bigint: a day or a period adds up any number of
 * amounts, each up to MAX_SCALED, and a `number` sum past 2^53 bani would silently lose bani.
 * They are read back as Minor only while exact on the wire (within MAX_SCALED); beyond that
 * the report is refused with AmountOverflowError instead of printing a wrong figure.
 */

const MAX = BigInt(MAX_SCALED);

/** A report total that cannot be given exactly (beyond 15 significant digits). */
export class AmountOverflowError extends RangeError {
  constructor(what: string) {
    super(`${what} exceeds the largest amount a report can state exactly, ${formatMinor(MAX_SCALED)}`);
    this.name = 'AmountOverflowError';
  }
}

/** An exact sum as Minor; throws AmountOverflowError beyond MAX_SCALED. */
export function exactMinor(value: bigint, what: string): Minor {
  if (value > MAX || value < -MAX) throw new AmountOverflowError(what);
  return Number(value);
}

/** VAT of one code at one rate, summed exactly. */
interface VatSum {
  code: VatCode;
  rateBp: VatLine['rateBp'];
  vatAmount: bigint;
  taxableBase: bigint;
  gross: bigint;
}

/**
 * VAT per code and rate, summed in order of first appearance. A fiscal day computes its
 * documents with one table, but a code can still come at two rates: a return of a sale of an
 * earlier day gives back the VAT that sale charged, and a periodic report can span a rate
 * change. Such amounts are never summed under one rate: each rate of a code keeps its entry.
 */
export class VatSums {
  private readonly byRate = new Map<string, VatSum>();

  /** Adds `sign` × a VAT line. */
  add(line: VatLine, sign: 1n | -1n): void {
    const key = `${line.code}:${line.rateBp ?? 'exempt'}`;
    const entry = this.byRate.get(key) ?? {
      code: line.code,
      rateBp: line.rateBp,
      vatAmount: 0n,
      taxableBase: 0n,
      gross: 0n,
    };
    entry.vatAmount += sign * BigInt(line.vatAmount);
    entry.taxableBase += sign * BigInt(line.taxableBase);
    entry.gross += sign * BigInt(line.gross);
    this.byRate.set(key, entry);
  }

  /** Σ VAT and Σ taxable bases of every code. */
  totals(): { vat: bigint; untaxed: bigint } {
    let vat = 0n;
    let untaxed = 0n;
    for (const entry of this.byRate.values()) {
      vat += entry.vatAmount;
      untaxed += entry.taxableBase;
    }
    return { vat, untaxed };
  }

  lines(): VatLine[] {
    return [...this.byRate.values()].map((entry) => ({
      code: entry.code,
      rateBp: entry.rateBp,
      vatAmount: exactMinor(entry.vatAmount, `VAT of code ${entry.code}`),
      taxableBase: exactMinor(entry.taxableBase, `taxable base of code ${entry.code}`),
      gross: exactMinor(entry.gross, `gross of code ${entry.code}`),
    }));
  }
}

/** Amounts per key (ACPS payment code), summed exactly in order of first appearance. */
export class AmountSums {
  private readonly byKey = new Map<string, bigint>();

  add(key: string, amount: bigint): void {
    this.byKey.set(key, (this.byKey.get(key) ?? 0n) + amount);
  }

  get(key: string): bigint {
    return this.byKey.get(key) ?? 0n;
  }

  toRecord(what: string): Record<string, Minor> {
    return Object.fromEntries([...this.byKey].map(([key, sum]) => [key, exactMinor(sum, `${what} ${key}`)]));
  }
}
