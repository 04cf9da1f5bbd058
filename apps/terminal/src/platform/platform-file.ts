import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../storage/atomic-file.js';

/**
 * What an activated terminal keeps of its link to the cloud, in `DATA_DIR/platform.json`
 * (mode 0600: it holds the device credential). The X-API-Key is not here: it stays in
 * `DATA_DIR/api-key`, where the terminal has always kept its key. Fields a later version writes
 * are kept as they are, unread: a terminal rolled back to this version after an upgrade starts,
 * and its updates leave them for the upgrade that follows (a strict object refused the file).
 */
const platformFileSchema = z.looseObject({
  cloudUrl: z.url(),
  terminalId: z.string().min(1),
  terminalName: z.string(),
  merchant: z.looseObject({
    id: z.string(),
    name: z.string(),
    idno: z.string().nullable(),
    address: z.string().nullable(),
  }),
  deviceCredential: z.string().min(1),
  /**
   * When the cloud issued `deviceCredential`: its age decides the automatic rotation. Files
   * written before rotation existed lack it; their credential is the activation's.
   */
  deviceCredentialIssuedAt: z.iso.datetime().optional(),
  activatedAt: z.iso.datetime(),
  /**
   * The key replaced by the last rotation, as a hash, and the end of its grace window: still
   * accepted until then, across restarts.
   */
  retiringApiKey: z
    .strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/), until: z.iso.datetime() })
    .nullable(),
  /** A rotation stored but not yet acknowledged to the cloud (the ack is retried at each sync). */
  unacknowledgedApiKeyId: z.string().nullable(),
  /**
   * What the cloud said it accepts beyond the first v1 cloud (`capabilities` of the activation
   * and of each sync's GET /terminal), kept so that a push right after a restart knows it before
   * the first sync. Absent from files written before it: nothing, until the next sync says.
   */
  cloudCapabilities: z.array(z.string()).optional(),
});
export type PlatformFile = z.infer<typeof platformFileSchema>;

/** When the credential in use was issued. */
export function credentialIssuedAt(file: PlatformFile): Date {
  return new Date(file.deviceCredentialIssuedAt ?? file.activatedAt);
}

function platformFilePath(dataDir: string): string {
  return join(dataDir, 'platform.json');
}

/** The stored link, or null for a terminal never activated. A damaged file stops the start: it is not guessed at. */
export function readPlatformFile(dataDir: string): PlatformFile | null {
  const file = platformFilePath(dataDir);
  if (!existsSync(file)) return null;
  const parsed = platformFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a valid platform file: ${parsed.error.message}`);
  return parsed.data;
}

export function writePlatformFile(dataDir: string, state: PlatformFile): void {
  writeFileAtomically(platformFilePath(dataDir), `${JSON.stringify(state, null, 2)}\n`);
}

/** The stored link of a terminal that must be activated: its absence is an error. */
export function readActivatedPlatformFile(dataDir: string): PlatformFile {
  const stored = readPlatformFile(dataDir);
  if (stored === null) throw new Error(`${platformFilePath(dataDir)} is gone: the terminal is not activated`);
  return stored;
}

/** Reads the file as it is now, changes it, and replaces it atomically: what it holds then. */
export function updatePlatformFile(
  dataDir: string,
  change: (file: PlatformFile) => PlatformFile,
): PlatformFile {
  const next = change(readActivatedPlatformFile(dataDir));
  writePlatformFile(dataDir, next);
  return next;
}

/**
 * What tells one version of the file from the next (writes replace it by rename: a new inode);
 * null when there is none. Cheap enough to ask before every use of the credential.
 */
export function platformFileVersion(dataDir: string): string | null {
  const stat = statSync(platformFilePath(dataDir), { throwIfNoEntry: false, bigint: true });
  return stat === undefined ? null : `${stat.ino}:${stat.mtimeNs}:${stat.size}`;
}
