// The argument helpers of the admin command line, shared by its command modules.
export type Values = Record<string, string | boolean | string[] | undefined>;

export function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '')
    throw new Error(`--${name} is required (run admin without a command for the list)`);
  return value;
}

export function wholeNumber(values: Values, name: string, fallback: number): number {
  const value = values[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new Error(`--${name} must be a whole number, got ${String(value)}`);
  return Number(value);
}

export function decimal(values: Values, name: string): number {
  const text = required(values, name);
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value))
    throw new Error(`--${name} must be a number, got ${text}`);
  return value;
}

export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api/admin/v1. */
  path: string;
  body?: unknown;
}

export const id = (text: string) => encodeURIComponent(text);
