/**
 * mev-sim as the terminal's fiscal server in development: a child process, and the terminal
 * fiscalized against it once, at its first start (unless told not to). The material is written
 * where the production terminal reads it, so past this point nothing can tell the simulator
 * from MEV. So is the identity its documents print, with values that say they are the
 * simulator's (paper in development shows every element production prints).
 */
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { readFiscalIdentity, writeFiscalIdentity } from '../fiscalization/fiscal-identity.js';
import { readFiscalizationState, writeFiscalization } from '../mev/terminal-credentials.js';

/** No tax office registered the device: the simulator did, and the paper says so. */
const DEV_TAX_OFFICE_ADDRESS = 'mev-sim: oficiu SFS simulat (dezvoltare)';

export interface EmbeddedMevSimOptions {
  /** The simulator's DATA_DIR. */
  dataDir: string;
  /** Where the terminal's fiscalization material lives. */
  credentialsDir: string;
  /** Used when fiscalizing; the simulator names the terminal when absent. */
  terminalId?: string;
  /** Fiscalize a terminal that is not fiscalized yet (FISCALIZE=auto). */
  autoFiscalize: boolean;
  /** The report a terminal with a history is in (HISTORY_FILE, adopt-history.ts); absent: a new terminal. */
  reportNumber?: number;
}

export async function startEmbeddedMevSim(options: EmbeddedMevSimOptions): Promise<MevSimProcess> {
  const simulator = await startMevSimProcess({ dataDir: options.dataDir });
  const current = await readFiscalizationState(options.credentialsDir);
  if (current.status === 'not_fiscal') {
    if (options.autoFiscalize) {
      const material = await fiscalizeTerminal(simulator.adminUrl, simulator.caCertPem, {
        ...(options.terminalId === undefined ? {} : { terminalId: options.terminalId }),
        ...(options.reportNumber === undefined ? {} : { reportNumber: options.reportNumber }),
      });
      writeDevIdentity(options.credentialsDir, material.registrationNumber);
      await writeFiscalization(options.credentialsDir, material);
    }
  } else if ((await readFiscalIdentity(options.credentialsDir)) === null) {
    // A development terminal fiscalized before the identity was asked for.
    writeDevIdentity(
      options.credentialsDir,
      current.status === 'fiscalized' ? current.material.registrationNumber : current.registrationNumber,
    );
  }
  return simulator;
}

/**
 * The simulator issues no serial number (a MEV terminal id it names, `terminal-<uuid>`, is longer
 * than a serial's line): DEV- and the registration number, unique per simulated device.
 */
function writeDevIdentity(credentialsDir: string, registrationNumber: string): void {
  writeFiscalIdentity(credentialsDir, {
    serialNumber: `DEV-${registrationNumber}`,
    taxOfficeAddress: DEV_TAX_OFFICE_ADDRESS,
  });
}
