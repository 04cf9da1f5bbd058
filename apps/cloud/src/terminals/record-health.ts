// A terminal's health report (POST /api/device/v1/health): the latest one per terminal is kept,
// one row replaced in place, so the fleet overview reads one row per terminal whatever the
// number of reports (docs/platform.md, "Health report", counts what it costs).
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import type { Db } from '../db/database.js';
import { terminalHealth } from '../db/schema.js';
import type { AuthenticatedDevice } from '../device-access/device-auth.js';

export async function recordTerminalHealth(
  db: Db,
  device: AuthenticatedDevice,
  report: DeviceHealthReport,
  receivedAt: Date,
): Promise<void> {
  const row = {
    terminalId: device.terminalId,
    merchantId: device.merchantId,
    report,
    reportedAt: new Date(report.reportedAt),
    receivedAt,
  };
  await db
    .insert(terminalHealth)
    .values(row)
    .onConflictDoUpdate({
      target: terminalHealth.terminalId,
      set: { report: row.report, reportedAt: row.reportedAt, receivedAt: row.receivedAt },
    });
}
