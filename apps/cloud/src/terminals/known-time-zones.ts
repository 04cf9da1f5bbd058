// Terminals name their time zone (IANA), checked on the way in against Node's copy of the time
// zone database (platform-protocol's TimeZone). PostgreSQL, which turns the zone into calendar
// days, keeps its own copy, which may be a release apart: a name it does not know would fail
// every statement counting that terminal's days (its pushes, its merchant's overview). So a
// zone is checked against PostgreSQL's names too, read once per database, and refused with 400
// like any other bad field.
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.js';
import { ProblemError } from '../http/problem.js';

const known = new WeakMap<Queryable, Promise<ReadonlySet<string>>>();

async function zoneNames(db: Queryable): Promise<ReadonlySet<string>> {
  const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from pg_timezone_names`));
  return new Set(rows.map((r) => r.name));
}

/** Throws 400 for the first of `zones` (field path, name) the database does not know. */
export async function requireKnownTimeZones(
  db: Queryable,
  zones: readonly (readonly [path: string, zone: string | undefined])[],
): Promise<void> {
  if (zones.every(([, zone]) => zone === undefined)) return;
  let names = known.get(db);
  if (!names) {
    names = zoneNames(db);
    known.set(db, names);
    // A failed read is not kept: the next request reads again.
    names.catch(() => known.delete(db));
  }
  const loaded = await names;
  const unknown = zones.find(([, zone]) => zone !== undefined && !loaded.has(zone));
  if (unknown)
    throw new ProblemError('invalid_request', `The database does not know the time zone ${unknown[1]}.`, [
      { path: unknown[0], message: 'an IANA time zone this cloud’s database knows' },
    ]);
}
