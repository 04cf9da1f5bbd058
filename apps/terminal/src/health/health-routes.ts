import type { Clock } from '../clock.js';
import type { RouteKit, TerminalApp } from '../http/route-kit.js';
import type { Fiscalization } from '../fiscalization/fiscalization-status.js';
import type { MevConnectivity } from '../fiscal-operations/mev-connectivity.js';
import type { OperationStore } from '../fiscal-operations/operation-store.js';
import type { TerminalStateStore } from '../terminal-state/terminal-state-store.js';
import { lanAddress } from './device-address.js';
import type { CatalogHealth, HealthRecord } from './health-contract.js';

export interface HealthSources {
  version: string;
  port: () => number;
  startedAt: Date;
  clock: Clock;
  fiscalization: () => Fiscalization;
  connectivity: MevConnectivity;
  operations: OperationStore;
  terminalState: TerminalStateStore;
}

export function fiscalStatusOf(
  fiscalization: Fiscalization,
  online: boolean,
): 'online' | 'offline' | 'not_fiscal' {
  if (fiscalization === 'not_fiscal') return 'not_fiscal';
  if (fiscalization === 'credentials_missing') return 'offline';
  return online ? 'online' : 'offline';
}

/** GET /api/health (enveloped, no key) and GET /api/catalog/health (raw JSON, no key). */
export function registerHealthRoutes(app: TerminalApp, kit: RouteKit, s: HealthSources): void {
  kit.get('/api/health', (): HealthRecord => {
    const now = s.clock.now();
    const fiscalization = s.fiscalization();
    const queue = s.operations.queueStats();
    const state = s.terminalState.get();
    return {
      status: 'ready',
      version: s.version,
      fiscalStatus: fiscalStatusOf(fiscalization, s.connectivity.isOnline),
      fiscalStatusReason: fiscalization === 'credentials_missing' ? 'MEV_CREDENTIALS_MISSING' : null,
      terminalId: state.terminalId,
      serverPort: s.port(),
      uptime: Math.floor((now.getTime() - s.startedAt.getTime()) / 1000),
      serverStartedAt: s.startedAt.toISOString(),
      deviceIp: lanAddress(),
      reportNumber: state.reportNumber,
      lastReceiptNumber: state.lastReceiptNumber,
      offlineQueueSize: queue.size,
      offlineQueueOldestAt: queue.oldestCreatedAt,
      offlineQueueOldestAgeSeconds:
        queue.oldestCreatedAt === null
          ? null
          : Math.max(0, Math.floor((now.getTime() - Date.parse(queue.oldestCreatedAt)) / 1000)),
      lastMevContactAt: s.connectivity.snapshot().lastContactAt,
    };
  });

  app.get('/api/catalog/health', (): CatalogHealth => ({
    status: 'ok',
    terminalId: s.terminalState.get().terminalId,
    timestamp: s.clock.now().toISOString(),
  }));
}
