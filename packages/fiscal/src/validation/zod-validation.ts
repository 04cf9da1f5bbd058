import { z } from 'zod';
import { AMOUNT_LIMIT, DAY_LIMIT } from '../money/limits.js';
import { toBp, toMilli, toMinor, type Minor } from '../money/money.js';
import { isValidationCode, issue } from './validation-issue.js';
import type { ParseResult, ValidationCode, ValidationIssue } from './validation-issue.js';

const SEPARATOR = '|';

/**
 * How a zod issue carries its spec code: every field schema is built with `coded(code)`,
 * whose error map makes the code the issue's message whatever went wrong (wrong JSON type,
 * missing, out of range), optionally followed by `|` and a specific human message. Without
 * one, the code's standard message is used. The schemas stay plain zod, so
 * `z.toJSONSchema(schema, { io: 'input' })` can describe them.
 */
export function coded(code: ValidationCode, message?: string): { error: () => string } {
  const encoded = message === undefined ? code : `${code}${SEPARATOR}${message}`;
  return { error: () => encoded };
}

/** `items[0].name`, `lines[2][0]`, `cartDiscount.percent`. */
function formatFieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = String(segment);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** Zod issues -> spec issues, in zod's (schema key and array) order, one per field and code. */
function toValidationIssues(zodIssues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const zodIssue of zodIssues) {
    // A strict object names each field it does not know, so that a client's misspelt or newer
    // field (a refund's `dryRun`) is refused, never silently dropped.
    if (zodIssue.code === 'unrecognized_keys') {
      for (const key of zodIssue.keys)
        issues.push(issue(formatFieldPath([...zodIssue.path, key]), 'UNKNOWN_FIELD'));
      continue;
    }
    const field = formatFieldPath(zodIssue.path);
    const separatorAt = zodIssue.message.indexOf(SEPARATOR);
    const code = separatorAt < 0 ? zodIssue.message : zodIssue.message.slice(0, separatorAt);
    if (!isValidationCode(code)) {
      // Every schema field is built with coded(); reaching this is a bug in a schema.
      throw new Error(`uncoded validation issue at "${field}": ${zodIssue.message}`);
    }
    const key = `${field}\u0000${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(
      separatorAt < 0 ? issue(field, code) : issue(field, code, zodIssue.message.slice(separatorAt + 1)),
    );
  }
  return issues;
}

/**
 * Runs a request schema on a parsed JSON body. A body that is not a JSON object is the
 * server's INVALID_JSON; if one still arrives here it is read as an empty object, so that
 * the required fields are reported.
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, body: unknown): ParseResult<z.output<S>> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, issues: toValidationIssues(result.error.issues) };
}

interface Bounds {
  /** The value must be strictly greater than 0 (else >= 0). */
  positive?: boolean;
  /** Inclusive upper bound, in the JSON unit (e.g. 100 for a percent). */
  max?: number;
}

/** An upper bound of its own code (money/limits.ts), in the field's units. */
interface Limit {
  units: number;
  code: ValidationCode;
}

/**
 * A JSON number read exactly into integer units by `toUnits`; a value with too many
 * decimals (or beyond MAX_SCALED) fails with `code`. Never negative.
 */
function exactNumber(
  code: ValidationCode,
  toUnits: (x: number) => number | null,
  bounds: Bounds,
  description: string,
  limit: Limit | null = null,
) {
  let schema = z.number(coded(code));
  schema = bounds.positive ? schema.gt(0) : schema.gte(0);
  if (bounds.max !== undefined) schema = schema.lte(bounds.max);
  // A limit has a code of its own, told apart from a malformed number: 10^20 is over it.
  if (limit !== null) schema = schema.lte(limit.units / 100, coded(limit.code));
  return schema.meta({ description }).transform((x, ctx) => {
    const units = toUnits(x);
    if (units === null) {
      ctx.issues.push({ code: 'custom', message: code, input: x });
      return z.NEVER;
    }
    return units;
  });
}

/**
 * Money: at most 2 decimals, read as bani (Minor), at most AMOUNT_LIMIT (AMOUNT_LIMIT_EXCEEDED)
 * unless the field is a sum with a limit of its own (a sale's amountReceived: DOCUMENT_LIMIT; a
 * count of the drawer: DAY_LIMIT, the most it can hold).
 */
export function amountField(
  code: ValidationCode,
  bounds: Bounds,
  description: string,
  limit: Limit = { units: AMOUNT_LIMIT, code: 'AMOUNT_LIMIT_EXCEEDED' },
) {
  return exactNumber(code, toMinor, bounds, `${description}; at most 2 decimals`, limit);
}

/** The limit of a field that states a whole document's amount. */
export function documentLimit(units: Minor): Limit {
  return { units, code: 'DOCUMENT_TOTAL_LIMIT_EXCEEDED' };
}

/** The limit of a count of the drawer: it never holds more than its day's turnover. */
export const drawerCountLimit: Limit = { units: DAY_LIMIT, code: 'CASH_COUNT_LIMIT_EXCEEDED' };

/** Quantity: > 0, at most 3 decimals, read as thousandths (Milli). */
export function quantityField(code: ValidationCode, description: string) {
  return exactNumber(code, toMilli, { positive: true }, `${description}; at most 3 decimals`);
}

/** Percent: at most 2 decimals, read as basis points (Bp). */
export function percentField(code: ValidationCode, bounds: Bounds, description: string) {
  return exactNumber(code, toBp, bounds, `${description}; at most 2 decimals`);
}

/**
 * C0 and C1 control characters (NUL, TAB, LF, ESC, DEL, CSI, ...). Text that reaches paper
 * must be text: to a printer these are commands (an ESC @ resets it, a LF in an item name
 * prints a line of its own, such as a forged TOTAL).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Length in characters (code points), not UTF-16 units: "ă", "€" and "𝄞" are one each. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Characters that print nothing, or that move what prints: the format characters (the bidi
 * embeddings and overrides U+202A-202E and isolates U+2066-2069, zero-width spaces and
 * joiners, the byte-order mark, the soft hyphen) and the line and paragraph separators
 * U+2028-2029. A name with U+202E reads backwards on a screen; paper would print something
 * else than what the ERP showed, or what the inspector's copy says.
 */
const INVISIBLE_CHARACTER = /[\p{Cf}\p{Zl}\p{Zp}]/u;

function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE_CHARACTER.test(text);
}

/**
 * Every run of spaces (U+0020, no-break and the other space separators) read as one space,
 * none at either end: a name padded with spaces to push `0.01` to the paper's right edge
 * would print as a forged total.
 */
function normaliseWhitespace(text: string): string {
  return text.replace(/\p{Zs}+/gu, ' ').trim();
}

/** How printableText refuses each fault, as zod's error parameter (a message or a coded one). */
export interface PrintableTextErrors {
  length: { error: () => string };
  control: { error: () => string };
  invisible: { error: () => string };
}

/**
 * Text that may be printed: no control, invisible or direction character, whitespace
 * normalised (normaliseWhitespace), then at most `max` characters counted as code points as
 * given and at least `min` (0 unless given) once normalised. JSON Schema's minLength and
 * maxLength count code points too, so the document states the same rule. The terminal's fields
 * refuse with their validation codes (textField); the cloud's product names, which terminals
 * print, with messages of its own.
 */
export function printableText(
  bounds: { min?: number; max: number },
  errors: PrintableTextErrors,
  description?: string,
) {
  const { min = 0, max } = bounds;
  return z
    .string(errors.length)
    .refine(
      (text) => characterCount(text) <= max && characterCount(normaliseWhitespace(text)) >= min,
      errors.length,
    )
    .refine((text) => !hasControlCharacter(text), errors.control)
    .refine((text) => !hasInvisibleCharacter(text), errors.invisible)
    .meta({
      ...(min > 0 ? { minLength: min } : {}),
      maxLength: max,
      description: [description, 'runs of spaces are printed as one, none at either end']
        .filter(Boolean)
        .join('; '),
    })
    .transform(normaliseWhitespace);
}

/** printableText refusing with the terminal's validation `code`. */
export function textField(code: ValidationCode, bounds: { min?: number; max: number }, description?: string) {
  return printableText(
    bounds,
    {
      length: coded(code),
      control: coded(code, 'control characters are not allowed'),
      invisible: coded(
        code,
        'invisible and text-direction characters (U+200B, U+202E, U+2028, ...) are not allowed',
      ),
    },
    description,
  );
}

/** An optional field that also accepts null, with the default for both. */
export function withDefault<S extends z.ZodType, D extends z.output<S> | null>(schema: S, fallback: D) {
  return schema.nullish().transform((value): z.output<S> | D => value ?? fallback);
}

/**
 * Flags (printReceipt, printReport, printQr, detailed, cut): true, false, or absent or null for
 * the default. Anything else, `"yes"` or `"no"` included, is FLAG_INVALID (the spec defines no
 * code for them): a string is not a boolean, and guessing what `"no"` meant would print, or not,
 * against the caller's intent.
 */
export function flagField(fallback: boolean, description: string) {
  return withDefault(z.boolean(coded('FLAG_INVALID')).meta({ description }), fallback);
}

/**
 * A key the caller reconciles on (a lot line's id, a card payment's RRN): compared as given, so
 * never normalised, but like printed text it may hold no control, invisible or direction
 * character.
 */
export function keyText(code: ValidationCode) {
  return z
    .string(coded(code))
    .refine(
      (text) => !hasControlCharacter(text) && !hasInvisibleCharacter(text),
      coded(code, 'control, invisible and text-direction characters are not allowed'),
    );
}
