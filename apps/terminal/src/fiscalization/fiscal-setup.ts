import { join } from 'node:path';
import type { TerminalConfig } from '../config.js';
import type { FiscalServer } from '../mev/fiscal-server.js';
import { openFiscalServer, type OpenedFiscalServer } from '../mev/open-fiscal-server.js';
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
  opened: OpenedFiscalServer;
}

export function fiscalDir(config: TerminalConfig): string {
  return join(config.dataDir, 'fiscal');
}

/**
 * The terminal's fiscal state at start, from the material in DATA_DIR/fiscal: not_fiscal
 * (no certificate), MEV_CREDENTIALS_MISSING (certificate, no credentials) or fiscal. Without
 * MEV_URL, mev-sim runs as a child process (data in DATA_DIR/mev-sim) and the terminal is
 * fiscalized against it once, unless FISCALIZE=off.
 */
export async function prepareFiscalSetup(config: TerminalConfig): Promise<FiscalBootstrap> {
  const opened = await openFiscalServer({
    ...(config.mevUrl === null ? {} : { mevUrl: config.mevUrl }),
    credentialsDir: fiscalDir(config),
    simulatorDataDir: join(config.dataDir, 'mev-sim'),
    ...(config.terminalId === null ? {} : { terminalId: config.terminalId }),
    autoFiscalize: config.autoFiscalize,
    connectTimeoutMs: config.mevConnectTimeoutMs,
    requestTimeoutMs: config.mevRequestTimeoutMs,
  });
  const { state, fiscalServer } = opened;
  switch (state.status) {
    case 'not_fiscal':
      return {
        setup: { fiscalization: 'not_fiscal', registrationNumber: '', server: null },
        terminalId: null,
        opened,
      };
    case 'credentials_missing':
      return {
        setup: {
          fiscalization: 'credentials_missing',
          registrationNumber: state.registrationNumber,
          server: null,
        },
        terminalId: state.terminalId,
        opened,
      };
    case 'fiscalized':
      return {
        setup: {
          fiscalization: 'fiscal',
          registrationNumber: state.material.registrationNumber,
          server: fiscalServer,
        },
        terminalId: state.material.terminalId,
        opened,
      };
  }
}
