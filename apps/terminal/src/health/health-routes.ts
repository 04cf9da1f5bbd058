import { fiscalDayOf } from '../terminal-state/fiscal-day.js';
import type { CardTerminalHealth } from '../card/card-terminal-monitor.js';
import type { Clock } from '../clock.js';
import { defineRoute } from '../http/define-route.js';
import type { Fiscalization } from '../fiscalization/fiscalization-status.js';
import { IDENTITY_MISSING } from '../fiscalization/fiscal-identity.js';
import type { MevConnectivity } from '../fiscal-operations/mev-connectivity.js';
import type { OperationStore } from '../fiscal-operations/operation-store.js';
import type { DayVatRates } from '../terminal-state/day-vat-rates.js';
import type { TerminalStateStore } from '../terminal-state/terminal-state-store.js';
import { presentDayVatRates } from '../catalog/vat-rates-presenter.js';
import type { PrinterHealth } from '../printing/print-job-contract.js';
import { lanAddress } from './device-address.js';
import type { PlatformHealth, PlatformSync } from '../catalog/platform-sync.js';
import { clockBehindMessage, isClockBehind } from '../fiscal-operations/document-clock.js';
import type { StorageProblem } from '../storage/storage-failure.js';
import {
  healthRecordSchema,
  type DegradedReason,
  type HealthRecord,
  type ReceiptDeliveryHealth,
  type RelayLinkState,
} from './health-contract.js';

export interface HealthSources {
  version: string;
  port: () => number;
  startedAt: Date;
  clock: Clock;
  fiscalization: () => Fiscalization;
  /** Fiscalized without the serial number and tax office its documents must print (fiscal-setup.ts). */
  identityMissing: () => boolean;
  connectivity: MevConnectivity;
  operations: OperationStore;
  terminalState: TerminalStateStore;
  vatRates: Pick<DayVatRates, 'tables'>;
  cardTerminal: () => CardTerminalHealth;
  printerHealth: () => PrinterHealth;
  /** Null when the terminal is not activated. */
  platform: PlatformSync | null;
  /** The fiscal documents on their way up to the cloud. */
  documentPush: () => Pick<
    HealthRecord['platform'],
    'documentsWaiting' | 'documentsRefused' | 'lastRefusal' | 'lastPushAt' | 'lastPushError'
  >;
  relay: () => RelayLinkState;
  receiptDeliveries: () => ReceiptDeliveryHealth;
  /** The disk's refusal of writes, probed again while there is one; null when writes go through. */
  storage: () => StorageProblem | null;
}

/**
 * What makes the terminal refuse operations now, or print documents that lack something, in the
 * order an operator would fix them.
 */
function degradedReasons(s: HealthSources, now: Date): DegradedReason[] {
  const reasons: DegradedReason[] = [];
  const storage = s.storage();
  if (storage) reasons.push({ code: 'STORAGE_UNAVAILABLE', message: storage.message, since: storage.since });
  const lastDocumentAt = s.operations.lastCreatedAt();
  if (isClockBehind(lastDocumentAt, now)) {
    reasons.push({
      code: 'CLOCK_BEHIND_LAST_DOCUMENT',
      message: clockBehindMessage(lastDocumentAt, now),
      since: null,
    });
  }
  if (s.identityMissing())
    reasons.push({ code: 'FISCAL_IDENTITY_INCOMPLETE', message: IDENTITY_MISSING, since: null });
  return reasons;
}

/** A terminal that is not activated has no link: it says so, selling as before. */
const STANDALONE: PlatformHealth = {
  activated: false,
  cloudUrl: null,
  lastSyncAt: null,
  lastError: null,
  catalogVersion: null,
  deactivated: false,
  deviceCredential: null,
};

/** fiscalStatus, its reason and the refusal that holds the queue, from the last contact with MEV. */
function fiscalStatusOf(
  fiscalization: Fiscalization,
  contact: ReturnType<MevConnectivity['snapshot']>,
): Pick<HealthRecord, 'fiscalStatus' | 'fiscalStatusReason' | 'mevRefusal'> {
  if (fiscalization === 'not_fiscal')
    return { fiscalStatus: 'not_fiscal', fiscalStatusReason: null, mevRefusal: null };
  if (fiscalization === 'credentials_missing')
    return { fiscalStatus: 'offline', fiscalStatusReason: 'MEV_CREDENTIALS_MISSING', mevRefusal: null };
  switch (contact.state) {
    case 'online':
      return { fiscalStatus: 'online', fiscalStatusReason: null, mevRefusal: null };
    case 'unreachable':
      return { fiscalStatus: 'offline', fiscalStatusReason: 'MEV_UNREACHABLE', mevRefusal: null };
    case 'refused':
      return { fiscalStatus: 'offline', fiscalStatusReason: 'MEV_REFUSED', mevRefusal: contact.refusal };
  }
}

/** What GET /api/health answers, and what the health report to the cloud is made of. */
export function healthRecord(s: HealthSources): HealthRecord {
  const now = s.clock.now();
  const fiscalization = s.fiscalization();
  const queue = s.operations.queueStats();
  const state = s.terminalState.get();
  const contact = s.connectivity.snapshot();
  const reasons = degradedReasons(s, now);
  return {
    status: reasons.length === 0 ? 'ready' : 'degraded',
    degradedReasons: reasons,
    version: s.version,
    ...fiscalStatusOf(fiscalization, contact),
    terminalId: state.terminalId,
    serverPort: s.port(),
    uptime: Math.floor((now.getTime() - s.startedAt.getTime()) / 1000),
    serverStartedAt: s.startedAt.toISOString(),
    deviceIp: lanAddress(),
    reportNumber: state.reportNumber,
    fiscalDay: fiscalDayOf(state.dayStartedAt),
    lastReceiptNumber: state.lastReceiptNumber,
    vatRates: presentDayVatRates(s.vatRates.tables()),
    offlineQueueSize: queue.size,
    offlineQueueOldestAt: queue.oldestCreatedAt,
    offlineQueueOldestAgeSeconds:
      queue.oldestCreatedAt === null
        ? null
        : Math.max(0, Math.floor((now.getTime() - Date.parse(queue.oldestCreatedAt)) / 1000)),
    lastMevContactAt: contact.lastContactAt,
    cardTerminal: s.cardTerminal(),
    printer: s.printerHealth(),
    platform: { ...(s.platform?.health() ?? STANDALONE), ...s.documentPush(), relay: s.relay() },
    receiptDeliveries: s.receiptDeliveries(),
  };
}

export const healthRoute = defineRoute<HealthSources>()({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: 'Health record',
  tag: 'Health',
  authenticated: false,
  body: 'envelope',
  response: healthRecordSchema,
  errors: [],
  handler: ({ services }) => healthRecord(services),
});
