import { z } from 'zod';
import { ApiError, type FieldError } from './api-error.js';
import { parseCursor, type ListCursor } from './list-cursor.js';

/** The largest page a list endpoint returns (the spec leaves the maximum open). */
export const MAX_PAGE_LIMIT = 500;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The rule of the contract's `format: uuid`. */
const uuid = z.uuid();

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Collects query-string problems so that all of them are reported together, like body
 * validation. Query codes extend the spec's vocabulary where it has none (documented in
 * docs/terminal-api.md): LIMIT_INVALID, OFFSET_INVALID, TYPE_INVALID, STATUS_INVALID,
 * SHIFT_ID_INVALID, CURSOR_INVALID.
 */
export class QueryReader {
  private readonly issues: FieldError[] = [];

  constructor(private readonly query: Record<string, unknown>) {}

  private single(name: string): string | undefined {
    const raw = this.query[name];
    if (Array.isArray(raw)) return typeof raw[0] === 'string' ? raw[0] : undefined;
    return typeof raw === 'string' && raw !== '' ? raw : undefined;
  }

  date(name: string): string | null {
    const raw = this.single(name);
    if (raw === undefined) return null;
    if (!isCalendarDate(raw)) {
      this.issues.push({
        field: name,
        code: 'DATE_RANGE_INVALID',
        message: `${name} must be a date YYYY-MM-DD`,
      });
      return null;
    }
    return raw;
  }

  dateRange(): { dateFrom: string | null; dateTo: string | null } {
    const dateFrom = this.date('dateFrom');
    const dateTo = this.date('dateTo');
    if (dateFrom && dateTo && dateFrom > dateTo) {
      this.issues.push({
        field: 'dateFrom',
        code: 'DATE_RANGE_INVALID',
        message: 'dateFrom is after dateTo',
      });
    }
    return { dateFrom, dateTo };
  }

  integer(name: string, fallback: number, min: number, max: number, code: string): number {
    const raw = this.single(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.issues.push({ field: name, code, message: `${name} must be an integer from ${min} to ${max}` });
      return fallback;
    }
    return value;
  }

  page(): { limit: number; offset: number } {
    return {
      limit: this.integer('limit', 50, 1, MAX_PAGE_LIMIT, 'LIMIT_INVALID'),
      offset: this.integer('offset', 0, 0, Number.MAX_SAFE_INTEGER, 'OFFSET_INVALID'),
    };
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], code: string): T | null {
    const raw = this.single(name);
    if (raw === undefined) return null;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.issues.push({ field: name, code, message: `${name} must be one of ${allowed.join(', ')}` });
      return null;
    }
    return raw as T;
  }

  /**
   * The `shiftId` filter, lower-cased as shift ids are stored. A UUID naming no shift is not an
   * error: like any filter, it matches nothing.
   */
  shiftId(): string | null {
    const raw = this.single('shiftId');
    if (raw === undefined) return null;
    if (!uuid.safeParse(raw).success) {
      this.issues.push({ field: 'shiftId', code: 'SHIFT_ID_INVALID', message: 'shiftId must be a UUID' });
      return null;
    }
    return raw.toLowerCase();
  }

  /** The list cursor (`nextCursor` of a previous page), if given. */
  cursor(): ListCursor | null {
    const raw = this.single('cursor');
    if (raw === undefined) return null;
    const cursor = parseCursor(raw);
    if (!cursor)
      this.issues.push({
        field: 'cursor',
        code: 'CURSOR_INVALID',
        message: 'cursor must be a nextCursor of this list',
      });
    return cursor;
  }

  /** Throws VALIDATION_ERROR with every problem found, if any. */
  done(): void {
    if (this.issues.length > 0) throw ApiError.validation(this.issues);
  }
}
