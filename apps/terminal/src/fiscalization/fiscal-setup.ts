import { join } from 'node:path';
import type { EndpointConfig, TerminalConfig } from '../config.js';
import type { FiscalServer } from '../mev/fiscal-server.js';
import { openFiscalServer } from '../mev/open-fiscal-server.js';
import type { Fiscalization } from './fiscalization-status.js';

/** What the terminal knows about its fiscal registration, decided at start (see main.ts). */
export interface FiscalSetup {
  fiscalization: Fiscalization;
  registrationNumber: string;
  server: FiscalServer | null;
}

export interface FiscalBootstrap {
  setup: FiscalSetup;
  terminalId: string | null;
}

export function fiscalDir(config: TerminalConfig): string {
  return join(config.dataDir, 'fiscal');
}

/**
 * The terminal's fiscal state at start, from the material in DATA_DIR/fiscal: not_fiscal
 * (no certificate), MEV_CREDENTIALS_MISSING (certificate, no credentials) or fiscal.
 */
export async function prepareFiscalSetup(config: EndpointConfig): Promise<FiscalBootstrap> {
  const { state, fiscalServer } = await openFiscalServer({
    mevUrl: config.mevUrl,
    credentialsDir: fiscalDir(config),
    connectTimeoutMs: config.mevConnectTimeoutMs,
    requestTimeoutMs: config.mevRequestTimeoutMs,
  });
  switch (state.status) {
    case 'not_fiscal':
      return {
        setup: { fiscalization: 'not_fiscal', registrationNumber: '', server: null },
        terminalId: null,
      };
    case 'credentials_missing':
      return {
        setup: {
          fiscalization: 'credentials_missing',
          registrationNumber: state.registrationNumber,
          server: null,
        },
        terminalId: state.terminalId,
      };
    case 'fiscalized':
      return {
        setup: {
          fiscalization: 'fiscal',
          registrationNumber: state.material.registrationNumber,
          server: fiscalServer,
        },
        terminalId: state.material.terminalId,
      };
  }
}
