/**
 * How the terminal gets its FiscalServer at start:
 * - MEV_URL set: the SOAP client to that endpoint, with the fiscalization material on disk;
 * - MEV_URL unset (development, `npm start`): the simulator as a child process; a terminal
 *   not fiscalized yet is fiscalized against it, and the material written to disk.
 * Without material (not fiscalized, or credentials missing) there is no FiscalServer: the
 * caller answers TERMINAL_NOT_FISCAL / MEV_CREDENTIALS_MISSING from `state`.
 */
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import type { FiscalServer } from './fiscal-server.js';
import { SoapFiscalServer } from './soap-fiscal-server.js';
import {
  readFiscalizationState,
  writeFiscalization,
  type FiscalizationState,
} from './terminal-credentials.js';

export interface OpenFiscalServerOptions {
  /** MEV_URL; absent = start the simulator. */
  mevUrl?: string;
  /** Where the fiscalization material lives. */
  credentialsDir: string;
  /** The simulator's DATA_DIR (only without mevUrl). */
  simulatorDataDir: string;
  /** Used when fiscalizing against the simulator; the simulator names the terminal when absent. */
  terminalId?: string;
  /** Without mevUrl: fiscalize against the simulator when not fiscalized yet (default true). */
  autoFiscalize?: boolean;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface OpenedFiscalServer {
  state: FiscalizationState;
  /** Null unless `state.status` is 'fiscalized'. */
  fiscalServer: FiscalServer | null;
  /** The simulator child process, when one was started. */
  simulator: MevSimProcess | null;
  /** Closes the client and stops the simulator it started. */
  close(): Promise<void>;
}

export async function openFiscalServer(options: OpenFiscalServerOptions): Promise<OpenedFiscalServer> {
  let simulator: MevSimProcess | null = null;
  let url = options.mevUrl;
  if (url === undefined) {
    simulator = await startMevSimProcess({ dataDir: options.simulatorDataDir });
    url = simulator.url;
    const current = await readFiscalizationState(options.credentialsDir);
    if (current.status === 'not_fiscal' && options.autoFiscalize !== false) {
      const material = await fiscalizeTerminal(
        simulator.adminUrl,
        simulator.caCertPem,
        options.terminalId === undefined ? {} : { terminalId: options.terminalId },
      );
      await writeFiscalization(options.credentialsDir, material);
    }
  }
  const state = await readFiscalizationState(options.credentialsDir);
  const fiscalServer =
    state.status === 'fiscalized'
      ? new SoapFiscalServer({
          url,
          ...state.material,
          connectTimeoutMs: options.connectTimeoutMs,
          requestTimeoutMs: options.requestTimeoutMs,
        })
      : null;
  return {
    state,
    fiscalServer,
    simulator,
    async close() {
      await fiscalServer?.close();
      await simulator?.stop();
    },
  };
}
