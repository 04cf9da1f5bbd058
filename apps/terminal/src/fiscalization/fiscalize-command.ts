/**
 * `fiscalize`: writes the five fiscalization files (terminal-credentials.ts) and the device's
 * identity (fiscal-identity.ts) so that a production terminal needs no hand-made step. The
 * material comes either from the tax authority's registration endpoint (MEV's, or mev-sim's
 * POST /admin/terminals, which answers the same JSON) or from a bundle the tax authority handed
 * out in that shape; the identity (serial number, tax office address) from the command line, as
 * SFS registered the device. Everything is checked whole before anything is written, and a
 * fiscalized terminal is fiscalized again only when asked (--replace): registering again rotates
 * the certificate and the credentials, and the old ones stop working. --identity-only gives a
 * terminal fiscalized before the identity was asked for its identity, registering nothing.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { z } from 'zod';
import {
  fiscalIdentitySchema,
  identityProblems,
  writeFiscalIdentity,
  type FiscalIdentity,
} from './fiscal-identity.js';
import {
  readFiscalizationState,
  writeFiscalization,
  type FiscalizationMaterial,
} from '../mev/terminal-credentials.js';

export const FISCALIZE_USAGE = `  fiscalize --registration-url URL [--ca-file PEM] [--terminal-id ID] [--registration-number N]
            --serial-number TEXT --tax-office-address TEXT [--replace]
                       register with the tax authority (Bearer MEV_REGISTRATION_TOKEN when set)
                       and write the fiscalization material to DATA_DIR/fiscal
  fiscalize --bundle FILE --serial-number TEXT --tax-office-address TEXT [--replace]
                       write it from a bundle (JSON) the tax authority handed out
  fiscalize --identity-only --serial-number TEXT --tax-office-address TEXT
                       give a fiscalized terminal the serial number and tax office address
                       its documents print, registering nothing`;

const REGISTRATION_TIMEOUT_MS = 30_000;

const pem = (label: string) => z.string().includes(`-----BEGIN ${label}`);

/** What the registration answers and a bundle holds (docs/deploy.md); extra fields are ignored. */
const materialSchema = z.object({
  terminalId: z.string().min(1),
  registrationNumber: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  credentials: z.object({ username: z.string().min(1), password: z.string().min(1) }),
  clientCertPem: pem('CERTIFICATE'),
  clientKeyPem: z.string().includes('PRIVATE KEY-----'),
  caCertPem: pem('CERTIFICATE'),
});

class FiscalizeError extends Error {}

interface Console {
  log(text: string): void;
  error(text: string): void;
}

export async function fiscalizeCommand(
  args: readonly string[],
  fiscalDir: string,
  env: NodeJS.ProcessEnv,
  out: Console,
): Promise<number> {
  let options;
  try {
    options = parseArgs({
      args: [...args],
      options: {
        'registration-url': { type: 'string' },
        'ca-file': { type: 'string' },
        'terminal-id': { type: 'string' },
        'registration-number': { type: 'string' },
        bundle: { type: 'string' },
        'serial-number': { type: 'string' },
        'tax-office-address': { type: 'string' },
        'identity-only': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    out.error(`${(error as Error).message}\nUsage:\n${FISCALIZE_USAGE}`);
    return 2;
  }
  const url = options['registration-url'];
  const bundle = options.bundle;
  const identityOnly = options['identity-only'];
  const sources = [url, bundle].filter((source) => source !== undefined).length;
  // --identity-only registers nothing: an option of a registration beside it is a mistake.
  const registering = [options['ca-file'], options['terminal-id'], options['registration-number']].some(
    (option) => option !== undefined,
  );
  if (identityOnly ? sources > 0 || registering || options.replace : sources !== 1) {
    out.error(
      `Give either --registration-url, --bundle or --identity-only (alone).\nUsage:\n${FISCALIZE_USAGE}`,
    );
    return 2;
  }
  const identity = parseIdentity(options['serial-number'], options['tax-office-address']);
  if (typeof identity === 'string') {
    out.error(`${identity}. Nothing was written.\nUsage:\n${FISCALIZE_USAGE}`);
    return 2;
  }

  const current = await readFiscalizationState(fiscalDir);
  if (identityOnly) {
    if (current.status === 'not_fiscal') {
      out.error(
        'This terminal is not fiscalized: fiscalize it (--registration-url or --bundle) with its identity.',
      );
      return 1;
    }
    writeFiscalIdentity(fiscalDir, identity);
    out.log(
      `Identity written: serial number ${identity.serialNumber}, tax office ${identity.taxOfficeAddress}; ` +
        'restart the terminal to print it.',
    );
    return 0;
  }
  if (current.status !== 'not_fiscal' && !options.replace) {
    const number =
      current.status === 'fiscalized' ? current.material.registrationNumber : current.registrationNumber;
    out.error(
      `This terminal is already fiscalized (registration number ${number}); --replace fiscalizes it again ` +
        '(the old certificate and credentials stop working).',
    );
    return 1;
  }

  let material: FiscalizationMaterial;
  try {
    material =
      bundle !== undefined
        ? parseMaterial(await readText(bundle), `the bundle ${bundle}`)
        : await register(url!, {
            caFile: options['ca-file'],
            token: env.MEV_REGISTRATION_TOKEN,
            body: {
              ...(options['terminal-id'] === undefined ? {} : { terminalId: options['terminal-id'] }),
              ...(options['registration-number'] === undefined
                ? {}
                : { registrationNumber: options['registration-number'] }),
            },
          });
  } catch (error) {
    if (!(error instanceof FiscalizeError)) throw error;
    out.error(`Fiscalization failed: ${error.message}. Nothing was written.`);
    return 1;
  }
  // Before the material: the certificate, written last, is what makes the terminal fiscalized,
  // so a crash in between never leaves a fiscalized terminal without its identity.
  writeFiscalIdentity(fiscalDir, identity);
  await writeFiscalization(fiscalDir, material);
  out.log(
    `Fiscalized: terminal ${material.terminalId}, registration number ${material.registrationNumber}, ` +
      `serial number ${identity.serialNumber}; the material is in ${fiscalDir}.`,
  );
  return 0;
}

/**
 * The identity from the command line, or why it cannot be taken. Both are required: HG
 * 141/2019 (Anexa nr. 1, pct. 24) has every fiscal document print them.
 */
function parseIdentity(
  serialNumber: string | undefined,
  taxOfficeAddress: string | undefined,
): FiscalIdentity | string {
  const missing = [
    ...(serialNumber === undefined ? ['--serial-number'] : []),
    ...(taxOfficeAddress === undefined ? ['--tax-office-address'] : []),
  ];
  if (missing.length > 0)
    return (
      `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required: every fiscal document prints the ` +
      "device's serial number and the address of the tax office (SFS) where it was registered (HG 141/2019, " +
      'Anexa nr. 1, pct. 24)'
    );
  const parsed = fiscalIdentitySchema.safeParse({ serialNumber, taxOfficeAddress });
  if (!parsed.success) return `Invalid identity: ${identityProblems(parsed.error)}`;
  return parsed.data;
}

async function register(
  url: string,
  o: { caFile: string | undefined; token: string | undefined; body: Record<string, string> },
): Promise<FiscalizationMaterial> {
  const ca = o.caFile === undefined ? undefined : await readText(o.caFile);
  const dispatcher = new Agent({ connect: ca === undefined ? {} : { ca } });
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      headersTimeout: REGISTRATION_TIMEOUT_MS,
      bodyTimeout: REGISTRATION_TIMEOUT_MS,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: JSON.stringify(o.body),
    }).catch((error: unknown) => {
      throw new FiscalizeError(`${url} did not answer (${(error as Error).message})`);
    });
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode > 299)
      throw new FiscalizeError(`${url} answered HTTP ${response.statusCode}: ${text.slice(0, 500)}`);
    return parseMaterial(text, `the answer of ${url}`);
  } finally {
    await dispatcher.close();
  }
}

function parseMaterial(text: string, what: string): FiscalizationMaterial {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FiscalizeError(`${what} is not JSON`);
  }
  const parsed = materialSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
    throw new FiscalizeError(`${what} lacks or has a malformed ${[...new Set(fields)].join(', ')}`);
  }
  return parsed.data;
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new FiscalizeError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
}
