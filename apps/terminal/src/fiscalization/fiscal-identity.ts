/**
 * What HG 141/2019 (Anexa nr. 1, pct. 24) asks every fiscal document to print and MEV's
 * registration does not give: the device's manufacturing/serial number (element 2) and the
 * address of the State Tax Service office where it was registered (element 1). Both are known
 * when the device is registered with SFS, so `fiscalize` takes them (--serial-number,
 * --tax-office-address) and keeps them beside the rest of the fiscalization material, in
 * DATA_DIR/fiscal/fiscal-identity.json (0600, written atomically). A terminal fiscalized before
 * they were asked for has no such file: it keeps working, says so in its health, and
 * `fiscalize --identity-only` adds it (docs/deploy.md).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../storage/atomic-file.js';

const IDENTITY_FILE = 'fiscal-identity.json';

/** `NR. SERIE <serial>` fits one 48-column line; a serial is printable ASCII, no edge spaces. */
const SERIAL_MAX = 32;
/** `SFS: <address>` wraps over at most four lines of the 48-column paper. */
const ADDRESS_MAX = 160;

const serialNumberSchema = z
  .string()
  .regex(
    new RegExp(`^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${SERIAL_MAX - 2}}[\\x21-\\x7e])?$`),
    `1 to ${SERIAL_MAX} printable ASCII characters (letters, digits, punctuation), no spaces at its ends`,
  );

const taxOfficeAddressSchema = z
  .string()
  .min(1, 'not empty')
  .max(ADDRESS_MAX, `at most ${ADDRESS_MAX} characters (four lines of paper)`)
  // Control and format characters would be printer commands or invisible on paper.
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'printable text: no control characters or line breaks')
  .refine((text) => text.trim() === text, 'no spaces at its ends');

export const fiscalIdentitySchema = z.object({
  serialNumber: serialNumberSchema,
  taxOfficeAddress: taxOfficeAddressSchema,
});

export type FiscalIdentity = z.infer<typeof fiscalIdentitySchema>;

/** What a terminal fiscalized without its identity lacks, and what gives it one (health, the start's log). */
export const IDENTITY_MISSING =
  'fiscal documents print without the device’s serial number and the tax office’s address (HG 141/2019, ' +
  'Anexa nr. 1, pct. 24): run `fiscalize --identity-only --serial-number … --tax-office-address …` and restart';

/** The identity, or null when the terminal was fiscalized without it (or never). */
export async function readFiscalIdentity(fiscalDir: string): Promise<FiscalIdentity | null> {
  const file = join(fiscalDir, IDENTITY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`fiscalization material corrupt: ${file} is not JSON`);
  }
  const parsed = fiscalIdentitySchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`fiscalization material corrupt: ${file}: ${identityProblems(parsed.error)}`);
  return parsed.data;
}

/** Replaces the identity whole: a crash leaves the old file or the new one. */
export function writeFiscalIdentity(fiscalDir: string, identity: FiscalIdentity): void {
  writeFileAtomically(join(fiscalDir, IDENTITY_FILE), JSON.stringify(identity));
}

/** `serialNumber: 1 to 32 printable ASCII characters …; taxOfficeAddress: …`, for a person to read. */
export function identityProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
