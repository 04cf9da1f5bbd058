/**
 * mev-sim as the terminal's fiscal server in development: a child process, and the terminal
 * fiscalized against it once, at its first start (unless told not to). The material is written
 * where the production terminal reads it, so past this point nothing can tell the simulator
 * from MEV.
 */
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { readFiscalizationState, writeFiscalization } from '../mev/terminal-credentials.js';

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
  if (current.status === 'not_fiscal' && options.autoFiscalize) {
    const material = await fiscalizeTerminal(simulator.adminUrl, simulator.caCertPem, {
      ...(options.terminalId === undefined ? {} : { terminalId: options.terminalId }),
      ...(options.reportNumber === undefined ? {} : { reportNumber: options.reportNumber }),
    });
    await writeFiscalization(options.credentialsDir, material);
  }
  return simulator;
}
