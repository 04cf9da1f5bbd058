// A well-formed terminal health report (the device API's DeviceHealthReport), for tests.
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';

export function healthReport(overrides: Partial<DeviceHealthReport> = {}): DeviceHealthReport {
  return {
    reportedAt: new Date().toISOString(),
    version: '0.1.0+test',
    status: 'ready',
    fiscalStatus: 'online',
    fiscalDay: null,
    offlineQueue: { size: 0, oldestAt: null },
    documentsWaiting: 0,
    printer: { state: 'ready', queuedJobs: 0, unconfirmedJobs: 0 },
    relay: 'connected',
    ...overrides,
  };
}
