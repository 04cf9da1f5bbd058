import { join } from 'node:path';
import type { EndpointConfig, TerminalConfig } from '../config.js';
import type { FiscalServer } from '../mev/fiscal-server.js';
import { openFiscalServer } from '../mev/open-fiscal-server.js';
import { readFiscalIdentity, type FiscalIdentity } from './fiscal-identity.js';
import type { Fiscalization } from './fiscalization-status.js';

/** What the terminal knows about its fiscal registration, decided at start (see main.ts). */
export interface FiscalSetup {
  fiscalization: Fiscalization;
  registrationNumber: string;
  /** The serial number and tax office printed on every fiscal document; null: not given yet. */
  identity: FiscalIdentity | null;
  server: FiscalServer | null;
}

export interface FiscalBootstrap {
  setup: FiscalSetup;
  terminalId: string | null;
}

/** Fiscalized (even without credentials) but without the identity its documents must print. */
export function identityMissing(setup: Pick<FiscalSetup, 'fiscalization' | 'identity'>): boolean {
  return setup.fiscalization !== 'not_fiscal' && setup.identity === null;
}

export function fiscalDir(config: TerminalConfig): string {
  return join(config.dataDir, 'fiscal');
}

/**
 * The terminal's fiscal state at start, from the material in DATA_DIR/fiscal: not_fiscal
 * (no certificate), MEV_CREDENTIALS_MISSING (certificate, no credentials) or fiscal; and the
 * identity (fiscal-identity.ts) when fiscalization gave it.
 */
export async function prepareFiscalSetup(config: EndpointConfig): Promise<FiscalBootstrap> {
  const identity = await readFiscalIdentity(fiscalDir(config));
  const { state, fiscalServer } = await openFiscalServer({
    mevUrl: config.mevUrl,
    credentialsDir: fiscalDir(config),
    connectTimeoutMs: config.mevConnectTimeoutMs,
    requestTimeoutMs: config.mevRequestTimeoutMs,
  });
  switch (state.status) {
    case 'not_fiscal':
      return {
        setup: { fiscalization: 'not_fiscal', registrationNumber: '', identity: null, server: null },
        terminalId: null,
      };
    case 'credentials_missing':
      return {
        setup: {
          fiscalization: 'credentials_missing',
          registrationNumber: state.registrationNumber,
          identity,
          server: null,
        },
        terminalId: state.terminalId,
      };
    case 'fiscalized':
      return {
        setup: {
          fiscalization: 'fiscal',
          registrationNumber: state.material.registrationNumber,
          identity,
          server: fiscalServer,
        },
        terminalId: state.material.terminalId,
      };
  }
}
