import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { readStoredApiKey, sha256Hex, storeApiKey, type RetiringKey } from '../storage/api-key-file.js';
import type { PendingApiKey } from '@fiscal-pos/platform-protocol';
import { CloudError, type DeviceClient } from './device-client.js';
import {
  credentialIssuedAt,
  platformFileVersion,
  readPlatformFile,
  updatePlatformFile,
  type PlatformFile,
} from './platform-file.js';
import { rotateDeviceCredential } from './rotate-credential.js';

/**
 * Refusals after which no retry can succeed: the terminal was deactivated (its credential is
 * revoked with it), or another device was activated in its place. Only a new activation helps.
 */
const CUT_OFF = new Set(['terminal_deactivated', 'invalid_device_credential']);

/** What checks X-API-Key (http/api-key-auth.ts): told of each key the cloud rotates in. */
export interface ApiKeyHolder {
  replace(apiKey: string, previous: RetiringKey | null): void;
}

/** The link's last sync as health shows it. */
export interface PlatformSyncStatus {
  lastSyncAt: string | null;
  lastError: string | null;
  /** The cloud deactivated the terminal or revoked its credential: syncing stopped, selling goes on. */
  deactivated: boolean;
}

/** Where and as whom the terminal reaches its cloud; null while it is not activated. */
export interface PlatformAccess {
  cloudUrl: string;
  deviceCredential: string;
  /** What the cloud said it accepts beyond the first v1 cloud (CLOUD_CAPABILITIES). */
  cloudCapabilities: readonly string[];
}

/**
 * An activated terminal's link to the cloud: its stored identity (platform.json), refreshed
 * from GET /terminal at each sync (merchant identity for the receipt header, API key
 * rotation). It never throws into selling: every failure ends up in `status()`.
 *
 * platform.json is the one truth, also for another process: `rotate-credential` run beside the
 * running terminal writes the new credential there, and this link reads the file again whenever
 * it was replaced, before any use of the credential, and merges its own changes into the file
 * as it is now rather than writing back what it read earlier.
 */
export class PlatformLink {
  private lastSyncAt: string | null = null;
  private lastError: string | null = null;
  private deactivated = false;
  private stateVersion: string | null;
  /** The credential of the latest call through `credentialForCall`: a refusal is about that one. */
  private lastUsedCredential: string | null = null;

  constructor(
    private state: PlatformFile,
    private readonly o: {
      dataDir: string;
      client: DeviceClient;
      verifier: ApiKeyHolder;
      clock: Clock;
      logger: Logger;
      /** The device client's timeout, which bounds a rotation holding the lock. */
      cloudTimeoutMs: number;
    },
  ) {
    this.stateVersion = platformFileVersion(o.dataDir);
    // A rotation's grace window outlives restarts: the verifier learns it from the file.
    const retiring = state.retiringApiKey;
    const current = readStoredApiKey(o.dataDir);
    if (retiring !== null && current !== null) {
      o.verifier.replace(current, { sha256: retiring.sha256, until: new Date(retiring.until) });
    }
  }

  /** The stored link as it is now (read again if another process replaced the file). */
  get file(): PlatformFile {
    const version = platformFileVersion(this.o.dataDir);
    if (version !== null && version !== this.stateVersion) {
      try {
        const stored = readPlatformFile(this.o.dataDir);
        if (stored !== null) this.state = stored;
        this.stateVersion = version;
      } catch (error) {
        // Damaged by hand while running: what was read before stays in use, and is said once.
        this.o.logger.error({ err: error }, 'platform.json is not readable; the link keeps its last state');
        this.stateVersion = version;
      }
    }
    return this.state;
  }

  /** The device credential for a call to the cloud now. */
  credentialForCall(): string {
    this.lastUsedCredential = this.file.deviceCredential;
    return this.lastUsedCredential;
  }

  status(): PlatformSyncStatus {
    return { lastSyncAt: this.lastSyncAt, lastError: this.lastError, deactivated: this.deactivated };
  }

  isDeactivated(): boolean {
    return this.deactivated;
  }

  /** Records how a sync step ended; the catalog sync reports through here too. */
  recordSuccess(): void {
    this.lastSyncAt = this.o.clock.now().toISOString();
    this.lastError = null;
  }

  recordFailure(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
    if (!(error instanceof CloudError) || error.code === null || !CUT_OFF.has(error.code)) return;
    // A credential refused after a rotation stored a successor (by this process or the
    // command) was retired by the successor's first use: the next pass uses the successor.
    const refusedOldCredential =
      error.code === 'invalid_device_credential' && this.lastUsedCredential !== this.file.deviceCredential;
    if (!refusedOldCredential) this.deactivated = true;
  }

  /**
   * GET /terminal: the merchant's identity as it is now, what the cloud accepts (a cloud
   * upgraded or rolled back since the last sync), and a rotated API key if there is one.
   */
  async refresh(): Promise<void> {
    const answer = await this.o.client.terminal();
    const { merchant, terminalName } = answer;
    const cloudCapabilities = answer.capabilities ?? [];
    if (
      JSON.stringify(merchant) !== JSON.stringify(this.state.merchant) ||
      terminalName !== this.state.terminalName ||
      JSON.stringify(cloudCapabilities) !== JSON.stringify(this.state.cloudCapabilities ?? [])
    ) {
      this.save((file) => ({ ...file, merchant, terminalName, cloudCapabilities }));
    }
    if (answer.pendingApiKey !== null) await this.adoptApiKey(answer.pendingApiKey);
  }

  /**
   * Stores the rotated key, accepts it at once and the current one until the grace window
   * ends, then acknowledges. The order makes every crash safe: until the ack, the cloud keeps
   * offering the same key, and a key already adopted is only acknowledged again.
   */
  private async adoptApiKey(pending: PendingApiKey): Promise<void> {
    const current = readStoredApiKey(this.o.dataDir);
    if (current !== pending.key) {
      const until = new Date(this.o.clock.now().getTime() + pending.previousKeyGraceSeconds * 1000);
      const retiring = current === null ? null : { sha256: sha256Hex(current), until };
      this.save((file) => ({
        ...file,
        retiringApiKey: retiring === null ? null : { sha256: retiring.sha256, until: until.toISOString() },
        unacknowledgedApiKeyId: pending.id,
      }));
      storeApiKey(this.o.dataDir, pending.key);
      this.o.verifier.replace(pending.key, retiring);
      this.o.logger.info(
        { event: 'api_key_rotated', apiKeyId: pending.id, previousKeyValidUntil: until.toISOString() },
        'the cloud rotated the X-API-Key; the previous key is accepted until the grace window ends',
      );
    }
    await this.o.client.acknowledgeApiKey(pending.id);
    if (this.file.unacknowledgedApiKeyId !== null)
      this.save((file) => ({ ...file, unacknowledgedApiKeyId: null }));
  }

  /**
   * Rotates the device credential once it is `maxAgeMs` old (DEVICE_CREDENTIAL_MAX_AGE_DAYS),
   * so that a credential copied off the device some day stops working without anyone noticing
   * the copy. The successor is stored before it is used (rotate-credential.ts).
   */
  async rotateCredentialIfOld(maxAgeMs: number): Promise<void> {
    const isOld = (file: PlatformFile) =>
      this.o.clock.now().getTime() - credentialIssuedAt(file).getTime() >= maxAgeMs;
    const issuedAt = credentialIssuedAt(this.file);
    if (!isOld(this.file)) return;
    const rotated = await rotateDeviceCredential({
      dataDir: this.o.dataDir,
      client: this.o.client,
      clock: this.o.clock,
      cloudTimeoutMs: this.o.cloudTimeoutMs,
      // `rotate-credential` may have rotated it while this pass waited for the lock.
      due: isOld,
      onWait: () =>
        this.o.logger.info(
          { event: 'device_credential_rotation_waiting' },
          'another process is rotating the device credential; the sync waits for it',
        ),
    });
    if (rotated === null) return;
    this.adopt(rotated);
    this.o.logger.info(
      { event: 'device_credential_rotated', previousIssuedAt: issuedAt.toISOString() },
      'the device credential reached its maximum age and was rotated',
    );
  }

  private save(change: (file: PlatformFile) => PlatformFile): void {
    this.adopt(updatePlatformFile(this.o.dataDir, change));
  }

  private adopt(written: PlatformFile): void {
    this.state = written;
    this.stateVersion = platformFileVersion(this.o.dataDir);
  }
}
