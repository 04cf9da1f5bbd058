/**
 * `fiscalize`: writes the five fiscalization files (terminal-credentials.ts) so that a
 * production terminal needs no hand-made step. The material comes either from the tax
 * authority's registration endpoint (MEV's, or mev-sim's POST /admin/terminals, which answers
 * the same JSON) or from a bundle the tax authority handed out in that shape. It is checked
 * whole before anything is written, and a fiscalized terminal is fiscalized again only when
 * asked (--replace): registering again rotates the certificate and the credentials, and the old
 * ones stop working.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { z } from 'zod';
import {
  readFiscalizationState,
  writeFiscalization,
  type FiscalizationMaterial,
} from '../mev/terminal-credentials.js';

export const FISCALIZE_USAGE = `  fiscalize --registration-url URL [--ca-file PEM] [--terminal-id ID] [--registration-number N] [--replace]
                       register with the tax authority (Bearer MEV_REGISTRATION_TOKEN when set)
                       and write the fiscalization material to DATA_DIR/fiscal
  fiscalize --bundle FILE [--replace]
                       write it from a bundle (JSON) the tax authority handed out`;

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
  if ((url === undefined) === (bundle === undefined)) {
    out.error(`Give either --registration-url or --bundle.\nUsage:\n${FISCALIZE_USAGE}`);
    return 2;
  }

  const current = await readFiscalizationState(fiscalDir);
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
  await writeFiscalization(fiscalDir, material);
  out.log(
    `Fiscalized: terminal ${material.terminalId}, registration number ${material.registrationNumber}; ` +
      `the material is in ${fiscalDir}.`,
  );
  return 0;
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
