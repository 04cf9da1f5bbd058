/** Puts the simulator together: pages, fault switch, the TCP printer port and the admin API. */
import { ReopenableListener, listenAdmin, listenerFaultSwitch } from '@fiscal-pos/sim-kit';
import type { Logger } from 'pino';
import { buildAdminServer } from './admin/admin-server.js';
import type { PrinterSimConfig } from './config.js';
import { FaultSwitch, type FaultSettingsInput } from './faults/fault-switch.js';
import { PageStore } from './pages/page-store.js';
import { buildPrinterServer } from './printer/printer-server.js';

export interface RunningPrinterSim {
  /** tcp://host:port, the value of the terminal's PRINTER. */
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  stop(): Promise<void>;
}

export async function startPrinterSim(config: PrinterSimConfig, logger: Logger): Promise<RunningPrinterSim> {
  const pages = new PageStore(config.dataDir);
  const faults = new FaultSwitch(config.fault);
  const printer = buildPrinterServer({ faults, pages, logger });
  const listener = new ReopenableListener(printer, config.host, config.port);
  // Listen even when starting `offline`: that fixes the port, which `offline` keeps for later.
  await listener.open();

  const applyFault = listenerFaultSwitch({
    set: (input: FaultSettingsInput) => faults.set(input),
    listener: listener,
    closedMode: 'offline',
    logger,
  });
  await applyFault(config.fault);

  const admin = buildAdminServer({
    adminToken: config.adminToken,
    logger,
    pages,
    faultSettings: () => faults.settings,
    applyFault,
    printerListening: () => listener.listening,
  });
  const { adminPort, urlHost: host } = await listenAdmin(admin, config.host, config.adminPort);

  return {
    url: `tcp://${host}:${listener.port}`,
    adminUrl: `http://${host}:${adminPort}`,
    port: listener.port,
    adminPort,
    async stop() {
      await Promise.all([listener.close(), admin.close()]);
    },
  };
}
