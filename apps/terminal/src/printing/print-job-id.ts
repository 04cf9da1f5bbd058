import { DomainError } from '../domain-error.js';

/**
 * The print job a path names. Ids are positive integers below 2^53; anything else names no job,
 * and the answer says which id was asked for (cut, since a path can be long), not a stand-in.
 */
export function printJobId(raw: string): number {
  if (/^[1-9]\d{0,14}$/.test(raw)) return Number(raw);
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  throw new DomainError('PRINT_JOB_NOT_FOUND', `No print job ${shown}`);
}
