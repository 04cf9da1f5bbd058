/**
 * The terminal's Prometheus metrics, in a registry of its own (not prom-client's global one:
 * a test process runs several terminals, and a terminal restarted in place must not inherit
 * the counts of its predecessor).
 *
 * Counts that must be right after a restart (operations by type and status, the offline
 * queue) are gauges read from SQLite at scrape time, not counters kept in memory. The MEV
 * latency histogram is per process by nature: Prometheus handles its reset on restart.
 */
import { FISCAL_OPERATION_STATUSES, FISCAL_OPERATION_TYPES } from '@fiscal-pos/fiscal';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CARD_TERMINAL_STATUSES, type CardTerminalHealth } from '../card/card-terminal-monitor.js';
import type { Clock } from '../clock.js';
import type { PlatformHealth } from '../catalog/platform-sync.js';
import type { PrinterHealth } from '../printing/print-job-contract.js';
import { PRINTER_STATES } from '../printing/receipt-printer.js';
import type { MevConnectivity } from '../fiscal-operations/mev-connectivity.js';
import type { DeliveryBacklog } from '../receipt-delivery/delivery-worker.js';
import type { MevRequestObserver, MevRequestOutcome } from '../fiscal-operations/fiscal-registrar.js';
import type { OperationStore } from '../fiscal-operations/operation-store.js';
import { FISCAL_DAY_LENGTH_MS, fiscalDayOf } from '../terminal-state/fiscal-day.js';
import type { TerminalStateStore } from '../terminal-state/terminal-state-store.js';

/** How one request to the fiscal server ended, as the registrar saw it. */
export interface MetricsSources {
  operations: OperationStore;
  connectivity: MevConnectivity;
  clock: Clock;
  terminalState: TerminalStateStore;
  /** As health shows it; reading it starts a status check when the last contact is old. */
  cardTerminal: () => CardTerminalHealth;
  /** Receipts to the customer not sent yet (the receipt-delivery outbox), as health shows it. */
  receiptDeliveries: () => DeliveryBacklog;
  /** As health shows it; reading it starts a status request when the last word is old. */
  printerHealth: () => PrinterHealth;
  /** Fiscal documents the cloud has not confirmed at their current state (the platform outbox). */
  platformOutboxSize: () => number;
  /** Of those, the documents the cloud refused, set aside (health's platform.documentsRefused). */
  platformOutboxRefused: () => number;
  /** The platform link as health shows it; null when the terminal is not activated. */
  platform: () => PlatformHealth | null;
}

/**
 * `read`, computed at most once per scrape: a scrape runs every gauge's collect in one turn of
 * the event loop, and the value is forgotten at the next.
 */
function oncePerScrape<T>(read: () => T): () => T {
  let value: { of: T } | null = null;
  return () => {
    if (value === null) {
      value = { of: read() };
      setImmediate(() => {
        value = null;
      });
    }
    return value.of;
  };
}

/** Seconds; the cashier waits at most the request timeout (5 s by default), so 10 s tops it. */
const MEV_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a fiscal sale waits for MEV (above), everything else answers from SQLite. */
const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class TerminalMetrics implements MevRequestObserver {
  readonly registry = new Registry();
  private readonly mevLatency: Histogram<'outcome'>;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(sources: MetricsSources) {
    const { registry } = this;
    // Three gauges read the card terminal's health; a scrape computes it once (its take-backs
    // walk the card journal), not once per gauge.
    const cardTerminal = oncePerScrape(sources.cardTerminal);
    collectDefaultMetrics({ register: registry });

    new Gauge({
      name: 'fiscal_operations',
      help: 'Fiscal operations stored on the terminal, by type and status',
      labelNames: ['type', 'status'] as const,
      registers: [registry],
      collect() {
        this.reset();
        // Every combination is exported, zeros included, so that rates and alerts see a series
        // before its first operation.
        for (const type of FISCAL_OPERATION_TYPES)
          for (const status of FISCAL_OPERATION_STATUSES) this.set({ type, status }, 0);
        for (const row of sources.operations.countByTypeAndStatus())
          this.set({ type: row.type, status: row.status }, row.count);
      },
    });

    new Gauge({
      name: 'fiscal_offline_queue_size',
      help: 'Fiscal operations not yet confirmed by the fiscal server (pending, sent or offline)',
      registers: [registry],
      collect() {
        this.set(sources.operations.queueStats().size);
      },
    });

    new Gauge({
      name: 'fiscal_offline_queue_oldest_age_seconds',
      help: 'Age of the oldest operation not yet confirmed by the fiscal server; 0 when the queue is empty',
      registers: [registry],
      collect() {
        const oldest = sources.operations.queueStats().oldestCreatedAt;
        const age = oldest === null ? 0 : (sources.clock.now().getTime() - Date.parse(oldest)) / 1000;
        this.set(Math.max(0, age));
      },
    });

    new Gauge({
      name: 'fiscal_day_expires_in_seconds',
      help: 'Seconds until the open fiscal day expires and only a Z report is allowed; negative once expired, a full day before the first receipt (the day starts with it)',
      registers: [registry],
      collect() {
        const day = fiscalDayOf(sources.terminalState.get().dayStartedAt);
        const left =
          day === null ? FISCAL_DAY_LENGTH_MS : Date.parse(day.expiresAt) - sources.clock.now().getTime();
        this.set(left / 1000);
      },
    });

    new Gauge({
      name: 'fiscal_mev_online',
      help: '1 when the last request to the fiscal server was answered about its operations, 0 when it could not be reached or was refused as a whole',
      registers: [registry],
      collect() {
        this.set(sources.connectivity.isOnline ? 1 : 0);
      },
    });

    new Gauge({
      name: 'fiscal_mev_refusing',
      help: '1 while the fiscal server answers but refuses the terminal or faults (certificate, credentials, server fault): the offline queue cannot drain',
      registers: [registry],
      collect() {
        this.set(sources.connectivity.snapshot().state === 'refused' ? 1 : 0);
      },
    });

    new Gauge({
      name: 'card_terminal_status',
      help: 'Bank card terminal, one series per status (health cardTerminal.status): 1 for the current one; card payments are taken only in ready',
      labelNames: ['status'] as const,
      registers: [registry],
      collect() {
        const { status } = cardTerminal();
        for (const each of CARD_TERMINAL_STATUSES) this.set({ status: each }, each === status ? 1 : 0);
      },
    });

    new Gauge({
      name: 'card_terminal_pending_reversals',
      help: 'Card payments the terminal is taking back and the card terminal has not confirmed: no new card payment meanwhile',
      registers: [registry],
      collect() {
        this.set(cardTerminal().pendingReversals);
      },
    });

    new Gauge({
      name: 'card_terminal_take_backs',
      help: 'Rests of partly refunded card payments of refused sales not refunded yet: pending (retried on their own) or declined (declined or refused by the card terminal, owed to the customer: refund them by their RRN)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { pendingTakeBacks, declinedTakeBacks } = cardTerminal();
        this.set({ state: 'pending' }, pendingTakeBacks);
        this.set({ state: 'declined' }, declinedTakeBacks);
      },
    });

    new Gauge({
      name: 'receipt_deliveries_queued',
      help: 'Receipts to customers (e-mail, SMS) waiting to be sent: a growing value means the SMTP server or SMS gateway is away',
      registers: [registry],
      collect() {
        this.set(sources.receiptDeliveries().queued);
      },
    });

    new Gauge({
      name: 'receipt_deliveries_sending',
      help: 'Receipts being sent now, per channel: stuck at DELIVERY_CONCURRENCY means that channel’s server is slow or hangs',
      labelNames: ['channel'] as const,
      registers: [registry],
      collect() {
        const { sending } = sources.receiptDeliveries();
        this.set({ channel: 'email' }, sending.email);
        this.set({ channel: 'sms' }, sending.sms);
      },
    });

    new Gauge({
      name: 'printer_state',
      help: 'The receipt printer, one series per state (health printer.state): 1 for the current one; it prints in ready and paper-near-end',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { state } = sources.printerHealth();
        for (const each of PRINTER_STATES) this.set({ state: each }, each === state ? 1 : 0);
      },
    });

    new Gauge({
      name: 'print_jobs_queued',
      help: 'Fiscal documents whose paper waits for the printer (GET /api/printer/jobs)',
      registers: [registry],
      collect() {
        this.set(sources.printerHealth().queuedJobs);
      },
    });

    new Gauge({
      name: 'print_jobs_unconfirmed',
      help: 'Jobs the printer took without confirming them, never sent again on their own: a cashier reprints or drops each (GET /api/printer/jobs)',
      registers: [registry],
      collect() {
        this.set(sources.printerHealth().unconfirmedJobs);
      },
    });

    new Gauge({
      name: 'platform_outbox_size',
      help: 'Fiscal documents not yet confirmed by the cloud at their current state: growing while the cloud is away (or the terminal is not activated)',
      registers: [registry],
      collect() {
        this.set(sources.platformOutboxSize());
      },
    });

    new Gauge({
      name: 'platform_outbox_refused',
      help: 'Of platform_outbox_size, the documents the cloud refused (a validation failure): set aside so that the later ones go up, offered again at start and every PLATFORM_PUSH_REFUSED_RETRY_MS; any is a defect to look at (GET /api/health, platform.lastRefusal)',
      registers: [registry],
      collect() {
        this.set(sources.platformOutboxRefused());
      },
    });

    new Gauge({
      name: 'platform_link_state',
      help: 'The link to the cloud: -1 not activated (standalone), 0 the last sync failed, 1 the last sync succeeded',
      registers: [registry],
      collect() {
        const platform = sources.platform();
        this.set(
          platform === null ? -1 : platform.lastError === null && platform.lastSyncAt !== null ? 1 : 0,
        );
      },
    });

    new Gauge({
      name: 'platform_catalog_version',
      help: 'The catalog version the terminal holds (the feed cursor); 0 before the first sync',
      registers: [registry],
      collect() {
        this.set(Number(sources.platform()?.catalogVersion ?? 0));
      },
    });

    this.mevLatency = new Histogram({
      name: 'fiscal_mev_request_duration_seconds',
      help: 'Duration of registration requests to the fiscal server, by outcome',
      labelNames: ['outcome'] as const,
      buckets: MEV_LATENCY_BUCKETS,
      registers: [registry],
    });

    // By the route's pattern, not the URL: a sale id or a query must not make a series each.
    this.httpRequests = new Counter({
      name: 'terminal_http_requests_total',
      help: 'Terminal API requests answered, by method, route (its pattern) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    this.httpDuration = new Histogram({
      name: 'terminal_http_request_duration_seconds',
      help: 'Terminal API request durations, by method, route (its pattern) and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_DURATION_BUCKETS,
      registers: [registry],
    });
  }

  /** `route` is the matched route's pattern, or "unmatched" (a 404, or refused before routing). */
  observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  observeMevRequest(outcome: MevRequestOutcome, seconds: number): void {
    this.mevLatency.observe({ outcome }, seconds);
  }

  /** The exposition text and its content type, for GET /metrics. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
