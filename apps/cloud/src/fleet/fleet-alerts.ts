// What a shop owner must not miss about a terminal, from its latest health report: a pure
// function of the report, when the cloud received it and now (docs/console.md, "Fleet: alerts").
// Times a terminal reports are on its own clock; each is moved onto the cloud's by the offset
// between the report's `reportedAt` and its arrival, so a terminal whose clock is off still
// gets its alerts at the right moment (the offset includes the report's transit, a second).
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import type { TerminalStatus } from '../terminals/terminal-lifecycle.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A fiscal day expiring within this is an alert (after it, only a Z report is allowed). */
export const FISCAL_DAY_EXPIRY_WARNING_MS = HOUR;
/**
 * An offline queue whose oldest document is this old is an alert: the tax server has been away
 * or refusing the terminal for longer than an outage that mends itself, and someone must look
 * (the shop's internet, the terminal's certificate).
 */
export const OFFLINE_QUEUE_MAX_AGE_MS = 4 * HOUR;
/** An active terminal that has not reported for this long is an alert (switched off, cut off). */
export const SILENT_AFTER_MS = 24 * HOUR;
/**
 * A terminal is online while its last report is this recent (three report intervals of 60 s:
 * two lost reports do not flap it) and it said its relay link was up.
 */
export const ONLINE_WITHIN_MS = 3 * MINUTE;

export const ALERT_CODES = [
  'fiscal_day_expired',
  'fiscal_day_expiring',
  'offline_queue_stale',
  'documents_refused',
  'printer_paper_out',
  'printer_unavailable',
  'print_jobs_unconfirmed',
  'terminal_degraded',
  'terminal_silent',
] as const;
export type AlertCode = (typeof ALERT_CODES)[number];
export const ALERT_SEVERITIES = ['critical', 'warning'] as const;

export interface FleetAlert {
  code: AlertCode;
  severity: (typeof ALERT_SEVERITIES)[number];
  /**
   * The instant the alert is about (the day's expiry, the oldest queued document, the last refusal,
   * the last report), on the cloud's clock.
   */
  at: Date | null;
}

export interface LatestHealth {
  report: DeviceHealthReport;
  /** The cloud's clock when the report arrived. */
  receivedAt: Date;
}

export interface TerminalForAlerts {
  status: TerminalStatus;
  activatedAt: Date | null;
  health: LatestHealth | null;
}

/** An instant the terminal reported, on the cloud's clock. */
export function onCloudClock(health: LatestHealth, reported: string): Date {
  return new Date(
    health.receivedAt.getTime() + (Date.parse(reported) - Date.parse(health.report.reportedAt)),
  );
}

/** Online: reported recently and linked to the relay. */
export function isOnline(health: LatestHealth | null, now: Date): boolean {
  return (
    health !== null &&
    now.getTime() - health.receivedAt.getTime() < ONLINE_WITHIN_MS &&
    health.report.relay === 'connected'
  );
}

/**
 * The alerts of one terminal now, the most urgent first. Only an active terminal has any. A
 * silent one has only that: what its last report said may no longer be so.
 */
export function terminalAlerts(terminal: TerminalForAlerts, now: Date): FleetAlert[] {
  if (terminal.status !== 'active') return [];
  const { health } = terminal;
  const lastHeard = health?.receivedAt ?? terminal.activatedAt;
  if (lastHeard !== null && now.getTime() - lastHeard.getTime() >= SILENT_AFTER_MS)
    return [{ code: 'terminal_silent', severity: 'critical', at: health?.receivedAt ?? null }];
  if (health === null) return [];
  const { report } = health;
  const alerts: FleetAlert[] = [];
  if (report.status === 'degraded')
    alerts.push({ code: 'terminal_degraded', severity: 'critical', at: null });
  if (report.fiscalDay !== null) {
    const expiresAt = onCloudClock(health, report.fiscalDay.expiresAt);
    const left = expiresAt.getTime() - now.getTime();
    if (left <= 0) alerts.push({ code: 'fiscal_day_expired', severity: 'critical', at: expiresAt });
    else if (left <= FISCAL_DAY_EXPIRY_WARNING_MS)
      alerts.push({ code: 'fiscal_day_expiring', severity: 'warning', at: expiresAt });
  }
  if (report.offlineQueue.size > 0 && report.offlineQueue.oldestAt !== null) {
    const oldestAt = onCloudClock(health, report.offlineQueue.oldestAt);
    if (now.getTime() - oldestAt.getTime() >= OFFLINE_QUEUE_MAX_AGE_MS)
      alerts.push({ code: 'offline_queue_stale', severity: 'critical', at: oldestAt });
  }
  // Receipts the cloud refused are missing from its sales, stock and the ERP's feed until someone
  // mends them: they are retried, but a refusal (a defect of the data) seldom heals by itself.
  if ((report.documentsRefused ?? 0) > 0)
    alerts.push({
      code: 'documents_refused',
      severity: 'critical',
      at: report.lastRefusal ? onCloudClock(health, report.lastRefusal.at) : null,
    });
  const printer = report.printer.state;
  if (printer === 'paper-out') alerts.push({ code: 'printer_paper_out', severity: 'critical', at: null });
  else if (printer === 'cover-open' || printer === 'offline' || printer === 'unreachable')
    alerts.push({ code: 'printer_unavailable', severity: 'warning', at: null });
  if (report.printer.unconfirmedJobs > 0)
    alerts.push({ code: 'print_jobs_unconfirmed', severity: 'warning', at: null });
  return alerts.sort((a, b) => ALERT_SEVERITIES.indexOf(a.severity) - ALERT_SEVERITIES.indexOf(b.severity));
}
