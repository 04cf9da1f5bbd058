// Successful attempts, the common case, recorded for many deliveries in one statement: the
// attempt log rows, the deliveries marked succeeded, and the endpoints' failure clock cleared
// (written only when set, so busy endpoints' rows are not rewritten on every delivery).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

export interface SuccessfulAttempt {
  deliveryId: string;
  endpointId: string;
  statusCode: number;
  latencyMs: number;
  excerpt: string;
}

export async function recordSuccesses(db: Db, done: readonly SuccessfulAttempt[]): Promise<void> {
  if (done.length === 0) return;
  const rows = sql.join(
    done.map(
      (d) => sql`(${d.deliveryId}, ${d.endpointId}, ${d.statusCode}::int, ${d.latencyMs}::int, ${d.excerpt})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    with done (delivery_id, endpoint_id, status_code, latency_ms, excerpt) as (values ${rows}),
    logged as (
      insert into webhook_attempts (delivery_id, status_code, latency_ms, response_excerpt)
      select delivery_id, status_code, latency_ms, excerpt from done),
    delivered as (
      update webhook_deliveries d
      set status = 'succeeded', attempts = d.attempts + 1, lease_until = null,
        last_status_code = done.status_code, last_error = null, delivered_at = now()
      from done where d.id = done.delivery_id)
    update webhook_endpoints set failing_since = null
    where id in (select endpoint_id from done) and failing_since is not null`);
}
