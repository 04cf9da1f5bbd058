/**
 * Puts the simulator together: store, simulated bank, ECR listener, admin listener, and the
 * fault switch that opens and closes the ECR listener for `down`.
 */
import { ReopenableListener, listenAdmin, listenerFaultSwitch } from '@fiscal-pos/sim-kit';
import type { Logger } from 'pino';
import { buildAdminServer } from './admin/admin-server.js';
import type { CardSimConfig } from './config.js';
import { buildEcrServer } from './ecr/ecr-server.js';
import { FaultSwitch, type FaultSettingsInput } from './faults/fault-switch.js';
import { openSimulatorDatabase } from './store/database.js';
import { SimulatedBank } from './transactions/simulated-bank.js';
import { TransactionStore } from './transactions/transaction-store.js';

export interface RunningCardSim {
  /** Base URL of the ECR protocol, e.g. http://127.0.0.1:8650 (operations under /ecr/v1). */
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  stop(): Promise<void>;
}

export async function startCardSim(config: CardSimConfig, logger: Logger): Promise<RunningCardSim> {
  const db = openSimulatorDatabase(config.dataDir);
  const store = new TransactionStore(db);
  const faults = new FaultSwitch(config.fault);
  const now = () => new Date();
  const bank = new SimulatedBank({ store, faults, terminalId: config.terminalId, now });

  const ecr = await buildEcrServer({ bank, faults, terminalId: config.terminalId, now, logger });
  const listener = new ReopenableListener(ecr.server, config.host, config.port);
  // Listen even when starting `down`: that fixes the port, which `down` must keep for later.
  await listener.open();

  const applyFault = listenerFaultSwitch({
    set: (input: FaultSettingsInput) => faults.set(input),
    listener: listener,
    closedMode: 'down',
    logger,
  });
  await applyFault(config.fault);

  const admin = buildAdminServer({
    adminToken: config.adminToken,
    logger,
    store,
    faultSettings: () => faults.settings,
    applyFault,
    ecrListening: () => listener.listening,
  });
  const { adminPort, urlHost: host } = await listenAdmin(admin, config.host, config.adminPort);

  return {
    url: `http://${host}:${listener.port}`,
    adminUrl: `http://${host}:${adminPort}`,
    port: listener.port,
    adminPort,
    async stop() {
      await Promise.all([listener.close(), admin.close(), ecr.close()]);
      db.close();
    },
  };
}
