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

/** VAT of one code, summed exactly. */
interface VatSum {
  code: VatCode;
  rateBp: VatLine['rateBp'];
  vatAmount: bigint;
  taxableBase: bigint;
  gross: bigint;
}

/** VAT per code, summed in order of first appearance. */
export class VatSums {
  private readonly byCode = new Map<VatCode, VatSum>();

  /** Adds `sign` × a VAT line. */
  add(line: VatLine, sign: 1n | -1n): void {
    const entry = this.byCode.get(line.code) ?? {
      code: line.code,
      rateBp: line.rateBp,
      vatAmount: 0n,
      taxableBase: 0n,
      gross: 0n,
    };
    // A rate change between records keeps the latest rate for the code.
    entry.rateBp = line.rateBp;
    entry.vatAmount += sign * BigInt(line.vatAmount);
    entry.taxableBase += sign * BigInt(line.taxableBase);
    entry.gross += sign * BigInt(line.gross);
    this.byCode.set(line.code, entry);
  }

  /** Σ VAT and Σ taxable bases of every code. */
  totals(): { vat: bigint; untaxed: bigint } {
    let vat = 0n;
    let untaxed = 0n;
    for (const entry of this.byCode.values()) {
      vat += entry.vatAmount;
      untaxed += entry.taxableBase;
    }
    return { vat, untaxed };
  }

  lines(): VatLine[] {
    return [...this.byCode.values()].map((entry) => ({
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
