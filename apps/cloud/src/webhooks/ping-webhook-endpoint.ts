// Queues a `ping` event to one endpoint only (it needs no subscription).
import type { Db } from '../db/database.js';
import { emitEvent } from '../events/emit-event.js';
import { ProblemError } from '../http/problem.js';
import { requireEndpoint } from './webhook-store.js';

export interface PingWebhookEndpointOptions {
  merchantId: string;
  endpointId: string;
}

/** Returns the id of the queued event. */
export async function pingWebhookEndpoint(db: Db, options: PingWebhookEndpointOptions): Promise<string> {
  const { merchantId } = options;
  const endpoint = await requireEndpoint(db, merchantId, options.endpointId);
  // A disabled endpoint gets no deliveries, so its test event would go nowhere.
  if (endpoint.status !== 'enabled')
    throw new ProblemError('not_found', 'The endpoint is disabled; enable it first.');
  const emitted = await db.transaction((tx) =>
    emitEvent(tx, {
      merchantId,
      type: 'ping',
      data: { object: { endpointId: endpoint.id } },
      onlyEndpointId: endpoint.id,
    }),
  );
  return emitted.eventId;
}
