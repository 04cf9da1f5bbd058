/**
 * Fiscalization: the tax authority registers a terminal and hands it what it needs to talk
 * to MEV: a client certificate signed by the CA, credentials, its registration number, and
 * the CA certificate so it can trust the server. Fiscalizing a known terminal again rotates
 * its certificate and credentials (the old ones stop working) and keeps its number.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { issueClientCertificate, type CertificateAuthority } from '../tls/dev-ca.js';
import type { TerminalStore } from './terminal-store.js';

export interface FiscalizeTerminalInput {
  terminalId?: string;
  registrationNumber?: string;
  /** ISO time; lets a test issue a certificate that is already expired. Default: one year. */
  certificateNotAfter?: string;
  /**
   * Adopts a terminal that already has a history: the report its operations carry now (its
   * reports before it count as closed). Default: the terminal's current one, 1 for a new one.
   * The simulator never moves a terminal back behind a Z report it registered.
   */
  reportNumber?: number;
}

export interface FiscalizationMaterial {
  terminalId: string;
  registrationNumber: string;
  credentials: { username: string; password: string };
  clientCertPem: string;
  clientKeyPem: string;
  caCertPem: string;
  certificateNotAfter: string;
}

export class RegistrationNumberTakenError extends Error {
  constructor(registrationNumber: string) {
    super(`registration number ${registrationNumber} belongs to another terminal`);
    this.name = 'RegistrationNumberTakenError';
  }
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function fiscalizeTerminal(
  deps: { terminals: TerminalStore; ca: CertificateAuthority; now: () => Date },
  input: FiscalizeTerminalInput,
): Promise<FiscalizationMaterial> {
  const terminalId = input.terminalId ?? `terminal-${randomUUID()}`;
  const existing = deps.terminals.byId(terminalId);
  const registrationNumber =
    input.registrationNumber ?? existing?.registrationNumber ?? String(randomInt(1e9, 1e10 - 1));
  const holder = deps.terminals.byRegistrationNumber(registrationNumber);
  if (holder && holder.terminalId !== terminalId) throw new RegistrationNumberTakenError(registrationNumber);

  const now = deps.now();
  const notAfter = input.certificateNotAfter
    ? new Date(input.certificateNotAfter)
    : new Date(now.getTime() + YEAR_MS);
  const notBefore = new Date(Math.min(now.getTime(), notAfter.getTime()) - 24 * 60 * 60 * 1000);
  const certificate = await issueClientCertificate(deps.ca, {
    registrationNumber,
    terminalId,
    notBefore,
    notAfter,
  });
  const credentials = { username: `t${registrationNumber}`, password: randomBytes(24).toString('base64url') };

  deps.terminals.save(
    {
      terminalId,
      registrationNumber,
      username: credentials.username,
      certFingerprint: certificate.fingerprint256,
      certNotAfter: certificate.notAfter,
      fiscalizedAt: now.toISOString(),
      firstReportNumber: input.reportNumber ?? existing?.firstReportNumber ?? 1,
    },
    credentials.password,
  );
  return {
    terminalId,
    registrationNumber,
    credentials,
    clientCertPem: certificate.certPem,
    clientKeyPem: certificate.keyPem,
    caCertPem: deps.ca.certPem,
    certificateNotAfter: certificate.notAfter,
  };
}
