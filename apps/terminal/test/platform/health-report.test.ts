// The health report against a real cloud: an activated terminal (printing to a printer-sim
// process) reports what its GET /api/health says, and reports again at once when something an
// alert depends on changes (paper out), long before the periodic report would come. The cloud
// keeps the latest report, one row per terminal.
import { setPrinterFault, startPrinterSimProcess, type PrinterSimProcess } from '@fiscal-pos/printer-sim';
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadTerminalConfig, processTimeZone } from '../../src/config.js';
import { TcpPrinter } from '../../src/printing/tcp-printer.js';
import { PlatformWorld } from '../support/platform-world.js';
import { startTerminal, tempDir } from '../support/terminal-harness.js';

const world = new PlatformWorld();
let printerSim: PrinterSimProcess;

beforeAll(async () => {
  await world.start();
  printerSim = await startPrinterSimProcess({ dataDir: tempDir('printer-sim') });
});
afterAll(async () => {
  await world.stop();
  await printerSim?.stop();
});

/** The cloud's stored report of the terminal once `done` says it is the awaited one. */
async function storedReport(
  terminalId: string,
  done: (report: DeviceHealthReport) => boolean,
): Promise<DeviceHealthReport> {
  for (;;) {
    const row = await world.cloud.cloud.ctx.db.query.terminalHealth.findFirst({
      where: (health, { eq }) => eq(health.terminalId, terminalId),
    });
    if (row && done(row.report)) return row.report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('reports what health says, and a printer out of paper at once', async () => {
  const { dataDir, terminalId } = await world.activated('Casa H');
  const port = Number(new URL(printerSim.url.replace(/^tcp:/, 'http:')).port);
  const defaults = loadTerminalConfig({});
  const terminal = world.keep(
    await startTerminal({
      dataDir,
      fiscalization: 'not_fiscal',
      card: 'none',
      printer: new TcpPrinter({ host: '127.0.0.1', port, columns: 48, timeoutMs: 3_000 }),
      config: {
        printerStatusMaxAgeMs: 100,
        platform: {
          ...defaults.platform,
          catalogSyncIntervalMs: 600_000,
          // Only the first report and reports of a change can arrive within the test.
          healthReportIntervalMs: 600_000,
          healthReportCheckMs: 100,
        },
      },
    }),
  );

  const first = await storedReport(terminalId, (r) => r.printer.state === 'ready');
  const health = (await terminal.call<{ data: Record<string, unknown> }>('GET', '/api/health')).body.data as {
    version: string;
    fiscalStatus: string;
    offlineQueueSize: number;
    platform: { documentsWaiting: number; relay: string };
  };
  expect(first).toMatchObject({
    version: health.version,
    status: 'ready',
    fiscalStatus: health.fiscalStatus,
    fiscalDay: null,
    offlineQueue: { size: health.offlineQueueSize, oldestAt: null },
    documentsWaiting: health.platform.documentsWaiting,
    documentsRefused: 0,
    printer: { state: 'ready', queuedJobs: 0, unconfirmedJobs: 0 },
    relay: 'none',
    timeZone: processTimeZone(),
    fiscalIdentity: null,
  });

  await setPrinterFault(printerSim.adminUrl, { mode: 'paper-out' });
  const after = await storedReport(terminalId, (r) => r.printer.state === 'paper-out');
  expect(Date.parse(after.reportedAt)).toBeGreaterThan(Date.parse(first.reportedAt));
  await setPrinterFault(printerSim.adminUrl, { mode: 'ok' });
  await storedReport(terminalId, (r) => r.printer.state === 'ready');
});

it('names the terminal’s time zone and fiscal identity: registration, serial number, tax office', async () => {
  const { dataDir, terminalId } = await world.activated('Casa I');
  const defaults = loadTerminalConfig({});
  world.keep(
    await startTerminal({
      dataDir,
      fiscalization: 'credentials_missing',
      identity: { serialNumber: 'SN-77-0042', taxOfficeAddress: 'mun. Chișinău, str. Cosmonauților 9' },
      card: 'none',
      config: {
        platform: { ...defaults.platform, catalogSyncIntervalMs: 600_000, healthReportCheckMs: 100 },
      },
    }),
  );
  const report = await storedReport(terminalId, () => true);
  expect(report.timeZone).toBe(processTimeZone());
  expect(report.fiscalIdentity).toEqual({
    registrationNumber: '1234567890',
    serialNumber: 'SN-77-0042',
    taxOfficeAddress: 'mun. Chișinău, str. Cosmonauților 9',
  });
});
