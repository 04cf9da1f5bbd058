// Incremental syncs (`updatedSince`) read rows by updated_at, which every writer sets to now(): the
// start of its transaction, not its commit. A transaction that runs long (a 50,000-product import
// in one transaction, a batch of pending stock) commits rows dated before rows other transactions
// committed meanwhile; a sync that read those later rows and stored the largest updatedAt it saw
// would never see the long transaction's rows. So a sync reads only rows dated before its horizon:
// the start of the oldest transaction still open on the database, or the present when none is.
// Every row committed later is dated at or after it, so what a sync answers below the horizon is
// complete, and the largest updatedAt a client processed is a safe place to ask again from.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './database.js';

/**
 * The horizon, as PostgreSQL text (microseconds kept), for the next statement to compare with.
 * It must be read before that statement, not in it: a statement's snapshot is taken when it
 * starts, so a transaction that commits while the statement reads pg_stat_activity would be in
 * neither. Sessions of this database's client backends count (the cloud's processes share one
 * role, which sees its own sessions' xact_start); a session that is in a transaction but has not
 * written yet counts too, since its rows will carry its start. On PGlite, one session, it is the
 * present.
 */
export async function syncHorizon(db: Db): Promise<string> {
  const [row] = rowsOf<{ horizon: string }>(
    await db.execute(sql`select least(clock_timestamp(), (
        select min(xact_start) from pg_stat_activity
        where xact_start is not null and pid <> pg_backend_pid()
          and backend_type = 'client backend' and datname = current_database()))::text as horizon`),
  );
  return row!.horizon;
}
