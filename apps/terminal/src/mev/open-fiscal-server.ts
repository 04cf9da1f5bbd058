/**
 * How the terminal gets its FiscalServer at start: the SOAP client to MEV_URL, with the
 * fiscalization material on disk (in development, src/dev/ starts mev-sim and fiscalizes the
 * terminal against it first). Without material (not fiscalized, or credentials missing) there
 * is no FiscalServer: the caller answers TERMINAL_NOT_FISCAL / MEV_CREDENTIALS_MISSING from
 * `state`.
 */
import type { FiscalServer } from './fiscal-server.js';
import { SoapFiscalServer } from './soap-fiscal-server.js';
import { readFiscalizationState, type FiscalizationState } from './terminal-credentials.js';

export interface OpenFiscalServerOptions {
  /** MEV_URL. */
  mevUrl: string;
  /** Where the fiscalization material lives. */
  credentialsDir: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface OpenedFiscalServer {
  state: FiscalizationState;
  /** Null unless `state.status` is 'fiscalized'. */
  fiscalServer: FiscalServer | null;
  /** Closes the client. */
  close(): Promise<void>;
}

export async function openFiscalServer(options: OpenFiscalServerOptions): Promise<OpenedFiscalServer> {
  const state = await readFiscalizationState(options.credentialsDir);
  const fiscalServer =
    state.status === 'fiscalized'
      ? new SoapFiscalServer({
          url: options.mevUrl,
          ...state.material,
          connectTimeoutMs: options.connectTimeoutMs,
          requestTimeoutMs: options.requestTimeoutMs,
        })
      : null;
  return {
    state,
    fiscalServer,
    async close() {
      await fiscalServer?.close();
    },
  };
}
