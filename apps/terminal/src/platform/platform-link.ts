import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { readStoredApiKey, sha256Hex, storeApiKey, type RetiringKey } from '../storage/api-key-file.js';
import type { PendingApiKey } from './device-api-contract.js';
import { CloudError, type DeviceClient } from './device-client.js';
import { writePlatformFile, type PlatformFile } from './platform-file.js';

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
}

/**
 * An activated terminal's link to the cloud: its stored identity (platform.json), refreshed
 * from GET /terminal at each sync (merchant identity for the receipt header, API key
 * rotation). It never throws into selling: every failure ends up in `status()`.
 */
export class PlatformLink {
  private lastSyncAt: string | null = null;
  private lastError: string | null = null;
  private deactivated = false;

  constructor(
    private state: PlatformFile,
    private readonly o: {
      dataDir: string;
      client: DeviceClient;
      verifier: ApiKeyHolder;
      clock: Clock;
      logger: Logger;
    },
  ) {
    // A rotation's grace window outlives restarts: the verifier learns it from the file.
    const retiring = state.retiringApiKey;
    const current = readStoredApiKey(o.dataDir);
    if (retiring !== null && current !== null) {
      o.verifier.replace(current, { sha256: retiring.sha256, until: new Date(retiring.until) });
    }
  }

  get file(): PlatformFile {
    return this.state;
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
    if (error instanceof CloudError && error.code !== null && CUT_OFF.has(error.code))
      this.deactivated = true;
  }

  /** GET /terminal: the merchant's identity as it is now, and a rotated API key if there is one. */
  async refresh(): Promise<void> {
    const answer = await this.o.client.terminal();
    const { merchant, terminalName } = answer;
    if (
      JSON.stringify(merchant) !== JSON.stringify(this.state.merchant) ||
      terminalName !== this.state.terminalName
    ) {
      this.save({ ...this.state, merchant, terminalName });
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
      this.save({
        ...this.state,
        retiringApiKey: retiring === null ? null : { sha256: retiring.sha256, until: until.toISOString() },
        unacknowledgedApiKeyId: pending.id,
      });
      storeApiKey(this.o.dataDir, pending.key);
      this.o.verifier.replace(pending.key, retiring);
      this.o.logger.info(
        { event: 'api_key_rotated', apiKeyId: pending.id, previousKeyValidUntil: until.toISOString() },
        'the cloud rotated the X-API-Key; the previous key is accepted until the grace window ends',
      );
    }
    await this.o.client.acknowledgeApiKey(pending.id);
    if (this.state.unacknowledgedApiKeyId !== null)
      this.save({ ...this.state, unacknowledgedApiKeyId: null });
  }

  private save(next: PlatformFile): void {
    writePlatformFile(this.o.dataDir, next);
    this.state = next;
  }
}
