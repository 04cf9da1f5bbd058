import { z } from 'zod';
import type { FieldError } from '../domain-error.js';
import { unknownQueryParameters, type Parsed, type QuerySpec } from './define-route.js';

/*
 * Query strings, declared once per field: the schema the OpenAPI document shows and the rule
 * that reads the raw text, with the validation code the terminal answers. Query codes extend
 * the spec's vocabulary where it has none (documented in docs/terminal-api.md): LIMIT_INVALID,
 * OFFSET_INVALID, TYPE_INVALID, STATUS_INVALID, SHIFT_ID_INVALID; dates use the spec's
 * DATE_RANGE_INVALID.
 */

/** The largest page a list endpoint returns (the spec leaves the maximum open). */
export const MAX_PAGE_LIMIT = 500;

/** What reading one field gave; `earlier` holds the fields read before it, for checks across them. */
interface FieldReading<T> {
  value: T;
  issues: FieldError[];
}

export interface QueryField<T> {
  /** As the document shows it. */
  schema: z.ZodType;
  /** `raw` is undefined when the parameter is absent or empty. */
  read(name: string, raw: string | undefined, earlier: Readonly<Record<string, unknown>>): FieldReading<T>;
}

type Values<F> = { [K in keyof F]: F[K] extends QueryField<infer T> ? T : never };

/** The parameter's text; an empty one counts as absent (a repeated one is refused before). */
function single(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/**
 * A parameter given more than once (`?type=receipt&type=refund`) is refused, as an unknown one
 * is: reading one of its values would answer a question the caller did not ask (the receipts
 * alone, for a caller who wanted both). PARAMETER_REPEATED, at its name.
 */
function repeated(name: string, raw: unknown): FieldError[] {
  if (!Array.isArray(raw)) return [];
  return [
    {
      field: name,
      code: 'PARAMETER_REPEATED',
      message: `query parameter ${name} is given ${raw.length} times; give it once`,
    },
  ];
}

/** A query string of these fields, read in order so that all problems are reported together. */
export function defineQuery<F extends Record<string, QueryField<unknown>>>(fields: F): QuerySpec<Values<F>> {
  const schema = z.object(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.schema])));
  return {
    schema,
    parse(raw: unknown): Parsed<Values<F>> {
      const query = (raw ?? {}) as Record<string, unknown>;
      const values: Record<string, unknown> = {};
      const issues = unknownQueryParameters(query, Object.keys(fields));
      for (const [name, field] of Object.entries(fields)) {
        const twice = repeated(name, query[name]);
        const reading = field.read(name, single(query[name]), values);
        values[name] = reading.value;
        issues.push(...twice, ...reading.issues);
      }
      // Every field of F was read into `values` under its own name.
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: values as Values<F> };
    },
  };
}

const ok = <T>(value: T): FieldReading<T> => ({ value, issues: [] });
const refused = <T>(value: T, field: string, code: string, message: string): FieldReading<T> => ({
  value,
  issues: [{ field, code, message }],
});

/** A value the schema itself decides on (dates, UUIDs, enums), or null when absent. */
function checkedBy<T>(schema: z.ZodType<T>, code: string, message: (name: string) => string) {
  return (name: string, raw: string | undefined): FieldReading<T | null> => {
    if (raw === undefined) return ok(null);
    const result = schema.safeParse(raw);
    return result.success ? ok(result.data) : refused(null, name, code, message(name));
  };
}

const calendarDate = z.iso.date();
const readDate = checkedBy(calendarDate, 'DATE_RANGE_INVALID', (name) => `${name} must be a date YYYY-MM-DD`);
const dateSchema = (description: string) => calendarDate.optional().meta({ description });

export const dateRangeQueryFields = {
  dateFrom: {
    schema: dateSchema(
      'first day, YYYY-MM-DD in the terminal’s time zone, inclusive; malformed -> DATE_RANGE_INVALID',
    ),
    read: readDate,
  },
  dateTo: {
    schema: dateSchema(
      'last day, YYYY-MM-DD in the terminal’s time zone, inclusive; before dateFrom -> DATE_RANGE_INVALID',
    ),
    read(name, raw, earlier) {
      const reading = readDate(name, raw);
      const dateFrom = earlier.dateFrom;
      if (typeof dateFrom === 'string' && reading.value !== null && dateFrom > reading.value) {
        reading.issues.push({
          field: 'dateFrom',
          code: 'DATE_RANGE_INVALID',
          message: 'dateFrom is after dateTo',
        });
      }
      return reading;
    },
  },
} satisfies Record<string, QueryField<string | null>>;

/** A whole number from min to max, in plain digits. */
function integerField(
  fallback: number,
  min: number,
  max: number,
  code: string,
  schema: z.ZodType,
): QueryField<number> {
  return {
    schema,
    read(name, raw) {
      if (raw === undefined) return ok(fallback);
      const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (Number.isSafeInteger(value) && value >= min && value <= max) return ok(value);
      return refused(fallback, name, code, `${name} must be an integer from ${min} to ${max}`);
    },
  };
}

/** `limit` of a list: 1 to MAX_PAGE_LIMIT, `fallback` when absent, LIMIT_INVALID otherwise. */
export function limitQueryField(fallback: number): QueryField<number> {
  return integerField(
    fallback,
    1,
    MAX_PAGE_LIMIT,
    'LIMIT_INVALID',
    z
      .int()
      .min(1)
      .max(MAX_PAGE_LIMIT)
      .default(fallback)
      .meta({ description: `page size, 1-${MAX_PAGE_LIMIT}; otherwise LIMIT_INVALID` }),
  );
}

export const pageQueryFields = {
  limit: limitQueryField(50),
  offset: integerField(
    0,
    0,
    Number.MAX_SAFE_INTEGER,
    'OFFSET_INVALID',
    z.int().min(0).default(0).meta({ description: 'rows skipped; otherwise OFFSET_INVALID' }),
  ),
};

/**
 * The `shiftId` filter, lower-cased as shift ids are stored. A UUID naming no shift is not an
 * error: like any filter, it matches nothing.
 */
const shiftIdSchema = z.uuid();
const readShiftId = checkedBy(shiftIdSchema, 'SHIFT_ID_INVALID', () => 'shiftId must be a UUID');

export const shiftQueryFields = {
  shiftId: {
    schema: shiftIdSchema.optional().meta({
      description:
        'only the documents of this shift (shiftId of GET /api/shifts); not a UUID -> SHIFT_ID_INVALID; a shift that does not exist matches nothing',
    }),
    read(name, raw) {
      const reading = readShiftId(name, raw);
      return { ...reading, value: reading.value?.toLowerCase() ?? null };
    },
  },
} satisfies Record<string, QueryField<string | null>>;

/** One of the values of `values`, or null when absent; documented with `description`. */
export function oneOfQueryField<T extends string>(
  values: z.ZodType<T> & { options: readonly T[] },
  code: string,
  description: string,
): QueryField<T | null> {
  return {
    schema: values.optional().meta({ description }),
    read: checkedBy(values, code, (name) => `${name} must be one of ${values.options.join(', ')}`),
  };
}

/** limit and offset echo what was applied. */
export const pageFields = {
  total: z.int().min(0).meta({ description: 'number of matching rows' }),
  limit: z.int().min(1).max(MAX_PAGE_LIMIT),
  offset: z.int().min(0),
};
