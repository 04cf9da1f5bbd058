// Prometheus metrics of one cloud process, in a registry of its own (tests run several clouds
// in one process). Queue figures are read from the database at scrape time, so they describe
// the shared queue whichever process answers.
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rowsOf, type Db } from '../db/database.js';

export class CloudMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly deliveries: Counter<'outcome'>;
  private readonly deliveryLatency: Histogram;

  constructor(db: Db) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'cloud_http_request_duration_seconds',
      help: 'HTTP request durations by route (its pattern) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.deliveries = new Counter({
      name: 'cloud_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, rejected, gone, unreachable)',
      labelNames: ['outcome'],
      registers,
    });
    this.deliveryLatency = new Histogram({
      name: 'cloud_webhook_delivery_latency_seconds',
      help: "Time from sending a delivery to the receiver's answer",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'cloud_webhook_queue_depth',
      help: 'Deliveries waiting to be sent (pending, due or not)',
      registers,
      async collect() {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`),
        );
        this.set(Number(row?.n ?? 0));
      },
    });
    new Gauge({
      name: 'cloud_webhook_oldest_due_age_seconds',
      help: 'How long the oldest due delivery has been waiting past its attempt time (0 when none)',
      registers,
      async collect() {
        const [row] = rowsOf<{ age: number | null }>(
          await db.execute(sql`select extract(epoch from now() - min(next_attempt_at))::float8 as age
            from webhook_deliveries where status = 'pending' and next_attempt_at <= now()`),
        );
        this.set(Math.max(0, Number(row?.age ?? 0)));
      },
    });
    new Gauge({
      name: 'cloud_mail_messages',
      help: 'Console mail in the outbox by status: pending (to send or retry) and failed (given up)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = rowsOf<{ status: string; n: number }>(
          await db.execute(sql`select status, count(*)::int as n from mail_outbox
            where status in ('pending', 'failed') group by status`),
        );
        for (const status of ['pending', 'failed'])
          this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** `outcome`: the kind of a webhook attempt's outcome (webhooks/delivery-lifecycle.ts), as a label. */
  observeDelivery(outcome: string, latencyMs: number): void {
    this.deliveries.inc({ outcome });
    this.deliveryLatency.observe(latencyMs / 1000);
  }
}
