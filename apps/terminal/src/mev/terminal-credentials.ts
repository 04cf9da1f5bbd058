/**
 * The terminal's fiscalization material, kept as files in one directory:
 *
 *   fiscalization.json   { registrationNumber, terminalId }
 *   client-cert.pem      client certificate issued at fiscalization
 *   client-key.pem       its private key (mode 0600)
 *   ca-cert.pem          the CA that signed the MEV server's certificate
 *   credentials.json     { username, password } for MEV (mode 0600)
 *
 * From what is there the terminal tells its state: no certificate -> `not_fiscal`
 * (TERMINAL_NOT_FISCAL); a certificate but no credentials -> `credentials_missing`
 * (MEV_CREDENTIALS_MISSING); everything -> `fiscalized`. Files are written to a temporary
 * name and renamed, so a crash never leaves half a key behind.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../storage/private-files.js';

export interface MevCredentials {
  username: string;
  password: string;
}

/** Field names match SoapFiscalServerConfig: `new SoapFiscalServer({ url, ...material })`. */
export interface FiscalizationMaterial {
  terminalId: string;
  registrationNumber: string;
  clientCertPem: string;
  clientKeyPem: string;
  caCertPem: string;
  credentials: MevCredentials;
}

export type FiscalizationState =
  | { status: 'not_fiscal' }
  | { status: 'credentials_missing'; terminalId: string; registrationNumber: string }
  | { status: 'fiscalized'; material: FiscalizationMaterial };

const FILES = {
  identity: 'fiscalization.json',
  cert: 'client-cert.pem',
  key: 'client-key.pem',
  ca: 'ca-cert.pem',
  credentials: 'credentials.json',
} as const;

export async function readFiscalizationState(dir: string): Promise<FiscalizationState> {
  const certPem = await readOptional(join(dir, FILES.cert));
  if (certPem === null) return { status: 'not_fiscal' };
  const identity = parseJson<{ terminalId: string; registrationNumber: string }>(
    await readRequired(join(dir, FILES.identity)),
    FILES.identity,
    ['terminalId', 'registrationNumber'],
  );
  const credentialsText = await readOptional(join(dir, FILES.credentials));
  if (credentialsText === null) return { status: 'credentials_missing', ...identity };
  return {
    status: 'fiscalized',
    material: {
      ...identity,
      clientCertPem: certPem,
      clientKeyPem: await readRequired(join(dir, FILES.key)),
      caCertPem: await readRequired(join(dir, FILES.ca)),
      credentials: parseJson<MevCredentials>(credentialsText, FILES.credentials, ['username', 'password']),
    },
  };
}

/** Stores everything fiscalization issued (replacing an earlier fiscalization). */
export async function writeFiscalization(dir: string, material: FiscalizationMaterial): Promise<void> {
  privateDir(dir);
  // Everything of it is the owner's only (private-files.ts), the certificates too: with the
  // identity they say which terminal this is. The certificate goes last: its presence is what makes the terminal count as fiscalized.
  await writeAtomic(join(dir, FILES.key), material.clientKeyPem);
  await writeAtomic(join(dir, FILES.ca), material.caCertPem);
  await writeAtomic(
    join(dir, FILES.identity),
    JSON.stringify({ terminalId: material.terminalId, registrationNumber: material.registrationNumber }),
  );
  await writeCredentials(dir, material.credentials);
  await writeAtomic(join(dir, FILES.cert), material.clientCertPem);
}

export async function writeCredentials(dir: string, credentials: MevCredentials): Promise<void> {
  privateDir(dir);
  await writeAtomic(join(dir, FILES.credentials), JSON.stringify(credentials));
}

export async function removeCredentials(dir: string): Promise<void> {
  await rm(join(dir, FILES.credentials), { force: true });
}

async function writeAtomic(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: PRIVATE_FILE_MODE, flush: true });
  await rename(temporary, file);
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function readRequired(file: string): Promise<string> {
  const text = await readOptional(file);
  if (text === null) throw new Error(`fiscalization material incomplete: ${file} is missing`);
  return text;
}

function parseJson<T>(text: string, name: string, fields: (keyof T & string)[]): T {
  const value = JSON.parse(text) as Record<string, unknown>;
  for (const field of fields) {
    if (typeof value[field] !== 'string' || value[field] === '') {
      throw new Error(`fiscalization material corrupt: ${name} lacks ${field}`);
    }
  }
  return value as T;
}
