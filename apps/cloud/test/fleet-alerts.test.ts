// The fleet's alerts as a pure function of a terminal's latest health report, its arrival and
// now: each threshold just before and at its edge, times moved onto the cloud's clock, a silent
// terminal, and terminals that are not active.
import { describe, expect, it } from 'vitest';
import {
  FISCAL_DAY_EXPIRY_WARNING_MS,
  isOnline,
  OFFLINE_QUEUE_MAX_AGE_MS,
  ONLINE_WITHIN_MS,
  SILENT_AFTER_MS,
  terminalAlerts,
  type LatestHealth,
  type TerminalForAlerts,
} from '../src/fleet/fleet-alerts.js';
import { healthReport } from './health-report-fixture.js';

const RECEIVED = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(RECEIVED.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

/** A report received at RECEIVED; the terminal's clock `skewMs` ahead of the cloud's. */
function health(overrides: Parameters<typeof healthReport>[0] = {}, skewMs = 0): LatestHealth {
  return { report: healthReport({ reportedAt: iso(skewMs), ...overrides }), receivedAt: RECEIVED };
}

function active(h: LatestHealth | null, activatedAt: Date | null = at(-3_600_000)): TerminalForAlerts {
  return { status: 'active', activatedAt, health: h };
}

const codes = (t: TerminalForAlerts, now: Date) => terminalAlerts(t, now).map((a) => a.code);

describe('fleet alerts', () => {
  it('says nothing of a healthy terminal', () => {
    expect(terminalAlerts(active(health()), at(1_000))).toEqual([]);
  });

  it('warns of a fiscal day expiring within the hour and says when it expired', () => {
    const expiresMs = 5 * 3_600_000;
    const day = { startedAt: iso(expiresMs - 86_400_000), expiresAt: iso(expiresMs) };
    const t = active(health({ fiscalDay: day }));
    expect(codes(t, at(expiresMs - FISCAL_DAY_EXPIRY_WARNING_MS - 1))).toEqual([]);
    expect(terminalAlerts(t, at(expiresMs - FISCAL_DAY_EXPIRY_WARNING_MS))).toEqual([
      { code: 'fiscal_day_expiring', severity: 'warning', at: at(expiresMs) },
    ]);
    expect(terminalAlerts(t, at(expiresMs))).toEqual([
      { code: 'fiscal_day_expired', severity: 'critical', at: at(expiresMs) },
    ]);
  });

  it('reads the terminal’s times on the cloud’s clock: a clock two hours ahead changes nothing', () => {
    const skew = 2 * 3_600_000;
    const expiresMs = 30 * 60_000;
    const day = { startedAt: iso(skew + expiresMs - 86_400_000), expiresAt: iso(skew + expiresMs) };
    const alerts = terminalAlerts(active(health({ fiscalDay: day }, skew)), at(0));
    expect(alerts).toEqual([{ code: 'fiscal_day_expiring', severity: 'warning', at: at(expiresMs) }]);
  });

  it('alerts on an offline queue older than the limit, not before', () => {
    const t = active(health({ offlineQueue: { size: 2, oldestAt: iso(0) } }));
    expect(codes(t, at(OFFLINE_QUEUE_MAX_AGE_MS - 1))).toEqual([]);
    expect(terminalAlerts(t, at(OFFLINE_QUEUE_MAX_AGE_MS))).toEqual([
      { code: 'offline_queue_stale', severity: 'critical', at: RECEIVED },
    ]);
  });

  it('alerts on the printer: paper out first, other stops as warnings, unconfirmed jobs', () => {
    const printer = (state: 'paper-out' | 'cover-open' | 'offline' | 'unreachable' | 'paper-near-end') =>
      active(health({ printer: { state, queuedJobs: 1, unconfirmedJobs: 0 } }));
    expect(codes(printer('paper-out'), at(0))).toEqual(['printer_paper_out']);
    expect(codes(printer('cover-open'), at(0))).toEqual(['printer_unavailable']);
    expect(codes(printer('offline'), at(0))).toEqual(['printer_unavailable']);
    expect(codes(printer('unreachable'), at(0))).toEqual(['printer_unavailable']);
    expect(codes(printer('paper-near-end'), at(0))).toEqual([]);
    const unconfirmed = active(health({ printer: { state: 'ready', queuedJobs: 0, unconfirmedJobs: 2 } }));
    expect(codes(unconfirmed, at(0))).toEqual(['print_jobs_unconfirmed']);
  });

  it('alerts on documents the cloud refused, at the last refusal on the cloud’s clock, until none are', () => {
    const skew = 2 * 3_600_000;
    const refused = (documentsRefused: number, lastRefusal: LatestHealth['report']['lastRefusal']) =>
      active(health({ documentsWaiting: 3, documentsRefused, lastRefusal }, skew));
    const refusal = {
      operationId: 'op-1',
      reason: 'documents[0].lines[0].productId: too long',
      at: iso(skew - 60_000),
    };
    expect(terminalAlerts(refused(2, refusal), at(0))).toEqual([
      { code: 'documents_refused', severity: 'critical', at: at(-60_000) },
    ]);
    // A terminal that sends the count alone (no reason yet): the alert, without a time.
    expect(terminalAlerts(refused(1, undefined), at(0))).toEqual([
      { code: 'documents_refused', severity: 'critical', at: null },
    ]);
    // Mended (sent again and taken), or a terminal before refusals were reported: no alert.
    expect(codes(refused(0, null), at(0))).toEqual([]);
    expect(codes(active(health({ documentsWaiting: 3 })), at(0))).toEqual([]);
  });

  it('puts critical alerts before warnings', () => {
    const t = active(
      health({
        status: 'degraded',
        printer: { state: 'cover-open', queuedJobs: 0, unconfirmedJobs: 1 },
        offlineQueue: { size: 1, oldestAt: iso(-OFFLINE_QUEUE_MAX_AGE_MS) },
      }),
    );
    expect(codes(t, at(0))).toEqual([
      'terminal_degraded',
      'offline_queue_stale',
      'printer_unavailable',
      'print_jobs_unconfirmed',
    ]);
  });

  it('calls a terminal silent a day after its last report, or after activation without one, and says only that', () => {
    const paperOut = health({ printer: { state: 'paper-out', queuedJobs: 0, unconfirmedJobs: 0 } });
    expect(codes(active(paperOut), at(SILENT_AFTER_MS - 1))).toEqual(['printer_paper_out']);
    expect(terminalAlerts(active(paperOut), at(SILENT_AFTER_MS))).toEqual([
      { code: 'terminal_silent', severity: 'critical', at: RECEIVED },
    ]);
    const neverReported = active(null, RECEIVED);
    expect(codes(neverReported, at(SILENT_AFTER_MS - 1))).toEqual([]);
    expect(terminalAlerts(neverReported, at(SILENT_AFTER_MS))).toEqual([
      { code: 'terminal_silent', severity: 'critical', at: null },
    ]);
  });

  it('has no alerts for a pending or deactivated terminal', () => {
    const paperOut = health({ printer: { state: 'paper-out', queuedJobs: 0, unconfirmedJobs: 0 } });
    for (const status of ['pending', 'deactivated'] as const)
      expect(
        terminalAlerts({ status, activatedAt: null, health: paperOut }, at(SILENT_AFTER_MS * 2)),
      ).toEqual([]);
  });

  it('is online while its report is fresh and its relay link up', () => {
    expect(isOnline(null, at(0))).toBe(false);
    expect(isOnline(health(), at(ONLINE_WITHIN_MS - 1))).toBe(true);
    expect(isOnline(health(), at(ONLINE_WITHIN_MS))).toBe(false);
    expect(isOnline(health({ relay: 'disconnected' }), at(0))).toBe(false);
    expect(isOnline(health({ relay: 'none' }), at(0))).toBe(false);
  });
});
