// The delivery worker. Any number of cloud processes may run one against the same database:
// rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so a row is sent by one worker at
// a time, and a worker that dies mid-delivery only delays the row until its lease lapses.
// Delivery is at-least-once: a crash between the receiver's 2xx and our commit resends the
// same webhook id, which receivers use to deduplicate.
import { createSecureContext, rootCertificates } from 'node:tls';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { systemClock, type Clock } from '../clock.js';
import type { WebhookConfig } from '../config.js';
import { rowsOf, type Db } from '../db/database.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { PollWait } from '../poll-wait.js';
import type { Opened, SecretsKeyring } from '../secrets/secrets-keyring.js';
import { assertTransition, classifyStatus, nextStep, type AttemptOutcome } from './delivery-lifecycle.js';
import { GroupWriter } from '../db/group-writer.js';
import { recordSuccesses, type SuccessfulAttempt } from './record-successes.js';
import { deliveryHeaders } from './signing.js';
import { previousSecretBinding } from '../db/seal-stored-secrets.js';
import type { UrlGuard } from '@fiscal-pos/url-guard';

const RESPONSE_EXCERPT_BYTES = 1024;
const MAX_IN_FLIGHT = 64;
/**
 * Claims are at least this far apart, so under a stream of events each claim takes several
 * rows rather than one: on PGlite a claim costs ~2 ms of the one thread that also serves the
 * API, and claiming per event could not keep up with 200 events/s. Costs at most this much latency.
 */
const CLAIM_GAP_MS = 20;
/** Successful attempts wait this long to be recorded together (see GroupWriter). */
const RECORD_LINGER_MS = 20;

/** A claimed row as the claim statement returns it (both drivers parse jsonb). */
interface ClaimedRow {
  id: string;
  endpoint_id: string;
  merchant_id: string;
  attempts: number;
  event_id: string;
  url: string;
  secret_ciphertext: string;
  secret_key_id: string;
  previous_secret_ciphertext: string | null;
  previous_secret_key_id: string | null;
  previous_secret_live: boolean;
  endpoint_status: string;
  endpoint_deleted: boolean;
  event_type: string;
  event_data: unknown;
  event_created_at: string;
}

interface Claimed {
  id: string;
  endpointId: string;
  merchantId: string;
  attempts: number;
  url: string;
  /** The signing secret, opened; or why it cannot be (the attempt then fails and is retried). */
  secret: Opened;
  /** A rotated-out secret still in its grace window; it signs too. */
  previousSecret: Opened | undefined;
  endpointStatus: string;
  endpointDeleted: boolean;
  eventType: string;
  body: string;
}

export interface DeliveryWorkerOptions {
  db: Db;
  config: WebhookConfig;
  urlGuard: UrlGuard;
  /** Opens the stored signing secrets. */
  secrets: SecretsKeyring;
  logger: Logger;
  /** Signature timestamps are read from it; the system clock when absent. */
  clock?: Clock;
  /** Told of every attempt's outcome and latency (metrics). */
  onAttempt?: (outcome: AttemptOutcome['kind'], latencyMs: number) => void;
  random?: () => number;
}

export class DeliveryWorker {
  private agent: Agent | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly pause = new PollWait();
  private readonly successes: GroupWriter<SuccessfulAttempt>;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.successes = new GroupWriter((done) => recordSuccesses(options.db, done), RECORD_LINGER_MS);
  }

  /** One connection pool per run; connections go through the guard's lookup. */
  private newAgent(): Agent {
    const { config, urlGuard } = this.options;
    return new Agent({
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
      connect: {
        timeout: config.timeoutMs,
        lookup: urlGuard.lookup,
        // Built once: a `ca` list given per connection re-parses ~140 root certificates on
        // every TLS handshake, which dominated a busy worker's CPU.
        ...(config.extraCa
          ? { secureContext: createSecureContext({ ca: [...rootCertificates, config.extraCa] }) }
          : {}),
      },
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.agent = this.newAgent();
    this.loop = this.run(this.agent);
  }

  /** Stops claiming, waits for deliveries in flight, closes connections. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
    await this.agent?.close();
    this.agent = undefined;
  }

  /** New deliveries were committed in this process: look now rather than at the next poll. */
  wake(): void {
    this.pause.wake();
  }

  private async run(agent: Agent): Promise<void> {
    let lastClaim = -Infinity;
    while (this.running) {
      const gap = lastClaim + CLAIM_GAP_MS - performance.now();
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      if (!this.running) break;
      lastClaim = performance.now();
      let claimed = 0;
      try {
        const room = Math.min(this.options.config.batchSize, MAX_IN_FLIGHT - this.inFlight.size);
        if (room > 0) {
          const rows = await this.claim(room);
          claimed = rows.length;
          for (const row of rows) this.track(this.deliver(row, agent));
        }
      } catch (error) {
        this.options.logger.error({ err: error }, 'claiming webhook deliveries failed');
      }
      if (claimed === 0 || this.inFlight.size >= MAX_IN_FLIGHT)
        await this.pause.wait(this.options.config.pollIntervalMs);
    }
  }

  private track(delivery: Promise<void>): void {
    const tracked = delivery
      .catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'recording a webhook delivery failed'),
      )
      .finally(() => {
        this.inFlight.delete(tracked);
        this.pause.interrupt();
      });
    this.inFlight.add(tracked);
  }

  /**
   * Claims due rows for one lease and reads what sending them needs, in one statement; rows
   * locked by another worker are skipped, not waited for.
   */
  async claim(limit: number): Promise<Claimed[]> {
    const { db, config } = this.options;
    const rows = rowsOf<ClaimedRow>(
      await db.execute(sql`
        with claimed as (
          update webhook_deliveries set lease_until = now() + make_interval(secs => ${config.leaseMs / 1000})
          where id in (
            select id from webhook_deliveries
            where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
            order by next_attempt_at
            limit ${limit}
            for update skip locked)
          returning id, endpoint_id, merchant_id, attempts, event_id)
        select c.id, c.endpoint_id, c.merchant_id, c.attempts, c.event_id, w.url, w.secret_ciphertext, w.secret_key_id,
          w.previous_secret_ciphertext, w.previous_secret_key_id,
          coalesce(w.previous_secret_expires_at > now(), false) as previous_secret_live,
          w.status as endpoint_status,
          w.deleted_at is not null as endpoint_deleted, e.type as event_type, e.data as event_data,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_created_at
        from claimed c
        join webhook_endpoints w on w.id = c.endpoint_id
        join events e on e.id = c.event_id`),
    );
    return rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      merchantId: r.merchant_id,
      attempts: r.attempts,
      url: r.url,
      secret: this.options.secrets.open(
        { keyId: r.secret_key_id, ciphertext: r.secret_ciphertext },
        r.endpoint_id,
      ),
      previousSecret:
        r.previous_secret_live && r.previous_secret_ciphertext !== null && r.previous_secret_key_id !== null
          ? this.options.secrets.open(
              { keyId: r.previous_secret_key_id, ciphertext: r.previous_secret_ciphertext },
              previousSecretBinding(r.endpoint_id),
            )
          : undefined,
      endpointStatus: r.endpoint_status,
      endpointDeleted: r.endpoint_deleted,
      eventType: r.event_type,
      // The body is derived from the stored event alone, so every retry sends the same bytes.
      body: JSON.stringify({
        id: r.event_id,
        type: r.event_type,
        apiVersion: 'v1',
        createdAt: r.event_created_at,
        data: r.event_data,
      }),
    }));
  }

  private async deliver(row: Claimed, agent: Agent): Promise<void> {
    if (row.endpointDeleted || row.endpointStatus !== 'enabled') {
      await this.record(row, { kind: 'unreachable', error: 'endpoint disabled or deleted' }, 0, null, true);
      return;
    }
    const started = performance.now();
    let outcome: AttemptOutcome;
    let excerpt: string | null = null;
    const check = await this.options.urlGuard.check(row.url);
    if (!row.secret.ok) {
      outcome = { kind: 'unreachable', error: `signing secret unavailable: ${row.secret.reason}` };
    } else if (!check.ok) {
      outcome = { kind: 'unreachable', error: `address refused: ${check.reason}` };
    } else {
      try {
        const response = await request(check.url, {
          method: 'POST',
          dispatcher: agent,
          headers: deliveryHeaders({
            // A rotated-out secret that no longer opens only loses its extra signature.
            secrets: row.previousSecret?.ok
              ? [row.secret.plaintext, row.previousSecret.plaintext]
              : [row.secret.plaintext],
            webhookId: row.id,
            timestamp: Math.floor((this.options.clock ?? systemClock).now().getTime() / 1000),
            eventType: row.eventType,
            body: row.body,
          }),
          body: row.body,
          signal: AbortSignal.timeout(this.options.config.timeoutMs),
        });
        // The status decides; of the body only an excerpt is read, so a receiver streaming an
        // answer without end holds neither the worker nor its memory.
        outcome = classifyStatus(response.statusCode);
        excerpt = await readExcerpt(response.body);
      } catch (error) {
        outcome = { kind: 'unreachable', error: error instanceof Error ? error.message : String(error) };
      }
    }
    const latencyMs = Math.round(performance.now() - started);
    this.options.onAttempt?.(outcome.kind, latencyMs);
    if (outcome.kind === 'delivered') {
      assertTransition('pending', 'succeeded');
      await this.successes.add({
        deliveryId: row.id,
        endpointId: row.endpointId,
        statusCode: outcome.statusCode,
        latencyMs,
        excerpt: excerpt ?? '',
      });
      return;
    }
    await this.record(row, outcome, latencyMs, excerpt, false);
  }

  /**
   * A failed attempt: writes it and moves the delivery (and, when it must, the endpoint) in one
   * transaction. Successes go through recordSuccesses, many at a time.
   */
  private async record(
    row: Claimed,
    outcome: Exclude<AttemptOutcome, { kind: 'delivered' }>,
    latencyMs: number,
    excerpt: string | null,
    endpointGone: boolean,
  ) {
    const { db, config } = this.options;
    const attempts = row.attempts + 1;
    const step = endpointGone
      ? ({ status: 'failed', disableEndpoint: null } as const)
      : nextStep(outcome, attempts, config, this.options.random ?? Math.random);
    if (step.status === 'succeeded') throw new Error('a failed attempt cannot succeed');
    assertTransition('pending', step.status);
    const statusCode = outcome.kind === 'unreachable' ? null : outcome.statusCode;
    const error = outcome.kind === 'unreachable' ? outcome.error : null;
    let notify = false;
    await db.transaction(async (tx) => {
      await tx
        .insert(webhookAttempts)
        .values({ deliveryId: row.id, statusCode, latencyMs, error, responseExcerpt: excerpt });
      await tx
        .update(webhookDeliveries)
        .set({
          status: step.status,
          attempts,
          leaseUntil: null,
          lastStatusCode: statusCode,
          lastError: error,
          ...(step.status === 'pending'
            ? { nextAttemptAt: sql`now() + make_interval(secs => ${step.retryInMs / 1000})` }
            : {}),
        })
        .where(eq(webhookDeliveries.id, row.id));
      if (endpointGone) return;
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
        .where(eq(webhookEndpoints.id, row.endpointId))
        .returning({
          failingTooLong: sql<boolean>`${webhookEndpoints.failingSince} < now() - make_interval(secs => ${config.disableAfterMs / 1000})`,
        });
      const reason =
        step.status === 'failed' && step.disableEndpoint === 'gone'
          ? 'gone'
          : endpoint?.failingTooLong
            ? 'failing'
            : null;
      if (reason) notify = await disableEndpoint(tx, row.merchantId, row.endpointId, reason);
    });
    if (notify) this.wake();
  }
}

/**
 * Disables an endpoint, fails its queued deliveries and tells the merchant with a
 * `webhook_endpoint.disabled` event (delivered to its other endpoints that subscribed).
 */
async function disableEndpoint(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  merchantId: string,
  endpointId: string,
  reason: 'gone' | 'failing',
): Promise<boolean> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(sql`${webhookEndpoints.id} = ${endpointId} and ${webhookEndpoints.status} = 'enabled'`)
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  if (!disabled) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', leaseUntil: null, lastError: 'endpoint disabled' })
    .where(sql`${webhookDeliveries.endpointId} = ${endpointId} and ${webhookDeliveries.status} = 'pending'`);
  await emitEvent(tx, {
    merchantId,
    type: 'webhook_endpoint.disabled',
    data: { object: { id: disabled.id, url: disabled.url, reason } },
  });
  return true;
}

/**
 * The first RESPONSE_EXCERPT_BYTES of an answer's body, for the delivery log. Leaving the loop
 * destroys the body (its connection is not reused); a body cut or timed out keeps what came.
 */
async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_BYTES) break;
    }
  } catch {
    // The status was read: the attempt's outcome does not depend on the rest of the answer.
  }
  // PostgreSQL text cannot hold NUL; one in a receiver's answer must not fail the record.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replaceAll('\0', '');
}
