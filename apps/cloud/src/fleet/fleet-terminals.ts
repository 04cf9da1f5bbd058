// A merchant's terminals with what their latest health report says: online or last seen, the
// report's figures on the cloud's clock, and their alerts (fleet-alerts.ts). What the overview
// and the console's terminal list show; every query names the merchant.
import { and, asc, eq, gt, ne, or, type SQL } from 'drizzle-orm';
import type { VatCode } from '@fiscal-pos/fiscal';
import type { Queryable } from '../db/database.js';
import { terminalHealth, terminals } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import type { SortKey } from '../http/cursor.js';
import type { TerminalStatus } from '../terminals/terminal-lifecycle.js';
import { apiKeyColumns } from '../terminals/terminal-store.js';
import {
  isOnline,
  onCloudClock,
  terminalAlerts,
  type FleetAlert,
  type LatestHealth,
} from './fleet-alerts.js';

export interface FleetTerminal {
  id: string;
  name: string;
  status: TerminalStatus;
  publicId: string;
  createdAt: Date;
  activatedAt: Date | null;
  deactivatedAt: Date | null;
  /** Last four characters of its current X-API-Key; null before activation. */
  apiKeyLastFour: string | null;
  /** A rotated key waits for the terminal to pick it up. */
  apiKeyRotationPending: boolean;
  /** `{relay_url}` of the terminal; null while the cloud is not told the relay's address (RELAY_PUBLIC_URL). */
  relayAddress: string | null;
  online: boolean;
  /** When its last health report arrived; null: never. */
  lastSeenAt: Date | null;
  health: FleetHealth | null;
  alerts: FleetAlert[];
}

/** The last report, its times moved onto the cloud's clock. */
export interface FleetHealth {
  reportedAt: Date;
  version: string;
  status: 'ready' | 'degraded';
  fiscalStatus: 'online' | 'offline' | 'not_fiscal';
  fiscalDayExpiresAt: Date | null;
  offlineQueueSize: number;
  offlineQueueOldestAt: Date | null;
  documentsWaiting: number;
  /** Of those, the ones the cloud refused; null: a terminal before it reported them. */
  documentsRefused: number | null;
  /** The latest refusal of a document still refused, its time on the cloud's clock; null: none or not reported. */
  lastRefusal: FleetRefusal | null;
  printer: LatestHealth['report']['printer'];
  relay: LatestHealth['report']['relay'];
  /** Its VAT rates, the day's and those waiting for its Z report; null: a terminal before them. */
  vatRates: FleetVatRates | null;
}

export interface FleetRefusal {
  operationId: string;
  reason: string;
  at: Date;
}

/** A VAT table as the console shows it: percent, null for the exempt code. */
export type FleetVatRate = { code: VatCode; rate: number | null };
export interface FleetVatRates {
  inUse: FleetVatRate[];
  /** In use from the terminal's next fiscal day; null when none wait. */
  pending: FleetVatRate[] | null;
}

type ReportedVatRates = NonNullable<LatestHealth['report']['vatRates']>['inUse'];
const percentRates = (rates: ReportedVatRates): FleetVatRate[] =>
  rates.map((r) => ({ code: r.code, rate: r.exempt ? null : r.rateBasisPoints / 100 }));

/** `https://relay.example` + `/api/relay/<publicId>` (docs/relay.md). */
function relayAddressOf(relayUrl: string | undefined, publicId: string): string | null {
  return relayUrl === undefined ? null : `${relayUrl.replace(/\/+$/, '')}/api/relay/${publicId}`;
}

function presentHealth(latest: LatestHealth): FleetHealth {
  const { report } = latest;
  return {
    reportedAt: latest.receivedAt,
    version: report.version,
    status: report.status,
    fiscalStatus: report.fiscalStatus,
    fiscalDayExpiresAt: report.fiscalDay && onCloudClock(latest, report.fiscalDay.expiresAt),
    offlineQueueSize: report.offlineQueue.size,
    offlineQueueOldestAt:
      report.offlineQueue.oldestAt === null ? null : onCloudClock(latest, report.offlineQueue.oldestAt),
    documentsWaiting: report.documentsWaiting,
    documentsRefused: report.documentsRefused ?? null,
    lastRefusal: report.lastRefusal
      ? { ...report.lastRefusal, at: onCloudClock(latest, report.lastRefusal.at) }
      : null,
    printer: report.printer,
    relay: report.relay,
    vatRates: report.vatRates
      ? {
          inUse: percentRates(report.vatRates.inUse),
          pending: report.vatRates.pending && percentRates(report.vatRates.pending),
        }
      : null,
  };
}

export interface FleetQuery {
  merchantId: string;
  now: Date;
  relayUrl: string | undefined;
  /** Leave deactivated terminals out (the overview). */
  liveOnly?: boolean;
  /** Only this terminal (404 when the merchant has no such terminal). */
  terminalId?: string;
  /** Page after this (createdAt, id), at most `limit` + 1 rows read. */
  after?: SortKey;
  limit?: number;
}

/** The merchant's terminals, oldest first, each with its health and alerts. */
export async function fleetTerminals(db: Queryable, q: FleetQuery): Promise<FleetTerminal[]> {
  const conditions: SQL[] = [eq(terminals.merchantId, q.merchantId)];
  if (q.liveOnly) conditions.push(ne(terminals.status, 'deactivated'));
  if (q.terminalId !== undefined) conditions.push(eq(terminals.id, q.terminalId));
  if (q.after)
    conditions.push(
      or(
        gt(terminals.createdAt, q.after.at),
        and(eq(terminals.createdAt, q.after.at), gt(terminals.id, q.after.id)),
      )!,
    );
  const query = db
    .select({ terminal: terminals, health: terminalHealth, ...apiKeyColumns() })
    .from(terminals)
    .leftJoin(terminalHealth, eq(terminalHealth.terminalId, terminals.id))
    .where(and(...conditions))
    .orderBy(asc(terminals.createdAt), asc(terminals.id));
  const rows = q.limit === undefined ? await query : await query.limit(q.limit + 1);
  if (q.terminalId !== undefined && rows.length === 0)
    throw new ProblemError('not_found', `No terminal ${q.terminalId}.`);
  return rows.map(({ terminal, health, apiKeyLastFour, apiKeyRotationPending }) => {
    const latest: LatestHealth | null = health && { report: health.report, receivedAt: health.receivedAt };
    const status = terminal.status as TerminalStatus;
    return {
      id: terminal.id,
      name: terminal.name,
      status,
      publicId: terminal.publicId,
      createdAt: terminal.createdAt,
      activatedAt: terminal.activatedAt,
      deactivatedAt: terminal.deactivatedAt,
      apiKeyLastFour,
      apiKeyRotationPending,
      relayAddress: relayAddressOf(q.relayUrl, terminal.publicId),
      online: status === 'active' && isOnline(latest, q.now),
      lastSeenAt: latest?.receivedAt ?? null,
      health: latest && presentHealth(latest),
      alerts: terminalAlerts({ status, activatedAt: terminal.activatedAt, health: latest }, q.now),
    };
  });
}
