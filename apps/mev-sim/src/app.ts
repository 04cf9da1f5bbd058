/**
 * Puts the simulator together: CA and certificates, store, SOAP listener, admin listener,
 * and the fault switch that opens and closes the SOAP listener for `down`.
 */
import { listenAdmin, listenerFaultSwitch } from '@fiscal-pos/sim-kit';
import type { Logger } from 'pino';
import { buildAdminServer } from './admin/admin-server.js';
import type { MevSimConfig } from './config.js';
import { FaultSwitch, type FaultSettingsInput } from './faults/fault-switch.js';
import { RegistrationStore } from './registrations/registration-store.js';
import { createSoapHandler } from './soap/handle-soap-request.js';
import { soapListener } from './soap/soap-listener.js';
import { openSimulatorDatabase } from './store/database.js';
import { fiscalizeTerminal } from './terminals/fiscalize-terminal.js';
import { TerminalStore } from './terminals/terminal-store.js';
import { loadOrCreateCa, loadOrCreateServerCertificate } from './tls/dev-ca.js';
import { MEV_SOAP_PATH } from '@fiscal-pos/mev-protocol';

export interface RunningMevSim {
  url: string;
  adminUrl: string;
  port: number;
  adminPort: number;
  caCertPath: string;
  stop(): Promise<void>;
}

export async function startMevSim(config: MevSimConfig, logger: Logger): Promise<RunningMevSim> {
  const ca = loadOrCreateCa(config.dataDir);
  const serverCert = loadOrCreateServerCertificate(config.dataDir, ca);
  const db = openSimulatorDatabase(config.dataDir);
  const terminals = new TerminalStore(db);
  const registrations = new RegistrationStore(db);
  const faults = new FaultSwitch(config.fault);
  const now = () => new Date();

  const soap = soapListener({
    host: config.host,
    port: config.port,
    tls: { keyPem: serverCert.keyPem, certPem: serverCert.certPem, caCertPem: ca.certPem },
    handle: createSoapHandler({ db, terminals, registrations, faults, now, logger }),
  });
  // Listen even when starting `down`: that fixes the port, which `down` must keep for later.
  await soap.open();

  const applyFault = listenerFaultSwitch({
    set: (input: FaultSettingsInput) => faults.set(input),
    listener: soap,
    closedMode: 'down',
    logger,
  });
  await applyFault(config.fault);

  const admin = buildAdminServer({
    tls: { keyPem: serverCert.keyPem, certPem: serverCert.certPem },
    adminToken: config.adminToken,
    logger,
    registrations,
    fiscalize: (input) => fiscalizeTerminal({ terminals, ca, now }, input),
    faultSettings: () => faults.settings,
    applyFault,
    soapListening: () => soap.listening,
  });
  const { adminPort, urlHost: host } = await listenAdmin(admin, config.host, config.adminPort);

  return {
    url: `https://${host}:${soap.port}${MEV_SOAP_PATH}`,
    adminUrl: `https://${host}:${adminPort}`,
    port: soap.port,
    adminPort,
    caCertPath: ca.certPath,
    async stop() {
      await Promise.all([soap.close(), admin.close()]);
      db.close();
    },
  };
}
