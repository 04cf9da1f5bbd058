// The terminal's health report to its cloud (POST /api/device/v1/health, docs/platform.md
// "Health report"): the part of GET /api/health the merchant's console shows and alerts on.
// Sent every `intervalMs` (the cloud's "last seen") and within `checkMs` of a change an alert
// depends on (paper out, a fiscal day opened, the relay link lost), so a shop owner hears of
// it in seconds, not at the next minute. Selling never waits for it; a failure only delays it.
import { REFUSAL_REASON_MAX_LENGTH, type DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import type { Logger } from 'pino';
import { WakeSignal } from '../background/wake-signal.js';
import type { Clock } from '../clock.js';
import { backoffDelay } from '../fiscal-operations/sync-worker.js';
import { DeviceClient } from '../platform/device-client.js';
import type { PlatformAccess } from '../platform/platform-link.js';
import type { HealthRecord } from './health-contract.js';

/** What the report says of the terminal beside its health: its zone and fiscal identity. */
type TerminalIdentity = Pick<DeviceHealthReport, 'timeZone' | 'fiscalIdentity'>;

/** The latest refusal, its reason cut to what the report carries (the console shows its start). */
function reportedRefusal(
  refusal: HealthRecord['platform']['lastRefusal'],
): DeviceHealthReport['lastRefusal'] {
  if (refusal === null || refusal.reason.length <= REFUSAL_REASON_MAX_LENGTH) return refusal;
  return { ...refusal, reason: `${refusal.reason.slice(0, REFUSAL_REASON_MAX_LENGTH - 1)}…` };
}

/** The report made of what GET /api/health answers now: both say the same thing. */
function deviceHealthReport(record: HealthRecord, identity: TerminalIdentity, now: Date): DeviceHealthReport {
  return {
    reportedAt: now.toISOString(),
    version: record.version,
    status: record.status,
    fiscalStatus: record.fiscalStatus,
    fiscalDay: record.fiscalDay,
    offlineQueue: { size: record.offlineQueueSize, oldestAt: record.offlineQueueOldestAt },
    documentsWaiting: record.platform.documentsWaiting,
    documentsRefused: record.platform.documentsRefused,
    lastRefusal: reportedRefusal(record.platform.lastRefusal),
    printer: {
      state: record.printer.state,
      queuedJobs: record.printer.queuedJobs,
      unconfirmedJobs: record.printer.unconfirmedJobs,
    },
    relay: record.platform.relay,
    vatRates: record.vatRates,
    timeZone: identity.timeZone,
    fiscalIdentity: identity.fiscalIdentity,
  };
}

/**
 * What an alert or the "online" column depends on, and the VAT rates (rarely changed, and looked
 * for on the console by whoever just changed them). A change of any of it is reported at once;
 * counts that move with every sale (documents waiting, the queue's size) are not in it, or an
 * offline terminal would report at every sale: they go up with the next periodic report. That
 * the cloud refused a document (set aside, docs/platform.md "Fiscal documents") is in it, and
 * which document it refused last: a second refusal while one is set aside does not change the
 * count's "some", yet the console must say why at once (its time is left out: the same refusal
 * offered again every few hours is no news).
 */
function alertState(report: DeviceHealthReport): string {
  return JSON.stringify([
    report.status,
    report.fiscalStatus,
    report.fiscalDay?.startedAt ?? null,
    report.offlineQueue.oldestAt,
    report.printer.state,
    report.printer.unconfirmedJobs > 0,
    (report.documentsRefused ?? 0) > 0,
    report.lastRefusal?.operationId ?? null,
    report.relay,
    report.version,
    report.vatRates,
  ]);
}

export interface HealthReporterOptions {
  /** Where and as whom to report; null while the terminal is not activated or was cut off. */
  access: () => PlatformAccess | null;
  /** The terminal's time zone and fiscal identity, fixed for the process (TZ and fiscalize's files). */
  identity: TerminalIdentity;
  clock: Clock;
  logger: Logger;
  /** A report at least this often (HEALTH_REPORT_INTERVAL_MS, 60 s): the cloud's "last seen". */
  intervalMs: number;
  /** How often the state is looked at for a change worth reporting at once (HEALTH_REPORT_CHECK_MS, 5 s). */
  checkMs: number;
  timeoutMs: number;
  random?: () => number;
}

export class HealthReporter {
  readonly #signal = new WakeSignal();
  #loop: Promise<void> | null = null;
  #stopped = false;
  #lastSentAt: number | null = null;
  #lastAlertState: string | null = null;
  #failures = 0;
  #retryAt = 0;

  constructor(private readonly o: HealthReporterOptions) {}

  /** Starts reporting what `record` says (GET /api/health's record, built by the app). */
  start(record: () => HealthRecord): void {
    this.#loop ??= this.#run(record);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#signal.wake();
    await this.#loop;
  }

  async #run(record: () => HealthRecord): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#check(record);
      } catch (error) {
        // Building the record failed (the database refused a read): the next check tries again.
        this.o.logger.error({ err: error }, 'health report could not be built');
      }
      await this.#signal.wait(this.o.checkMs);
    }
  }

  async #check(record: () => HealthRecord): Promise<void> {
    const access = this.o.access();
    if (access === null) return;
    const now = this.o.clock.now();
    const at = now.getTime();
    if (at < this.#retryAt) return;
    const report = deviceHealthReport(record(), this.o.identity, now);
    const state = alertState(report);
    const due =
      this.#lastSentAt === null ||
      at - this.#lastSentAt >= this.o.intervalMs ||
      state !== this.#lastAlertState;
    if (!due) return;
    const client = new DeviceClient(access.cloudUrl, () => access.deviceCredential, this.o.timeoutMs);
    try {
      await client.reportHealth(report);
      this.#lastSentAt = at;
      this.#lastAlertState = state;
      this.#failures = 0;
      this.#retryAt = 0;
    } catch (error) {
      this.#failures += 1;
      const wait = backoffDelay(
        this.#failures,
        this.o.checkMs,
        this.o.intervalMs,
        this.o.random ?? Math.random,
      );
      this.#retryAt = at + wait;
      this.o.logger.warn(
        { err: error instanceof Error ? error.message : String(error), retryInMs: Math.round(wait) },
        'health report not sent',
      );
    }
  }
}
