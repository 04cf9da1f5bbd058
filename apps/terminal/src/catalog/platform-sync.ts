import type { VatTable } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { MerchantIdentity } from '../config.js';
import { DeviceClient } from '../platform/device-client.js';
import { PeriodicSync } from '../platform/periodic-sync.js';
import { credentialIssuedAt, type PlatformFile } from '../platform/platform-file.js';
import { PlatformLink, type ApiKeyHolder, type PlatformAccess } from '../platform/platform-link.js';
import type { CatalogSyncState } from './catalog-contract.js';
import type { CatalogStore } from './catalog-store.js';

export interface PlatformSyncOptions {
  file: PlatformFile;
  dataDir: string;
  store: CatalogStore;
  verifier: ApiKeyHolder;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  retryBaseMs: number;
  /** Changes per feed request (1-5000). */
  pageLimit: number;
  timeoutMs: number;
  /** A device credential older than this is rotated by the next pass. */
  credentialMaxAgeMs: number;
  /** After each pass that completed: what the catalog brought (VAT rates) may have changed. */
  onSynced: () => void;
}

/** The platform link as health shows it. */
export interface PlatformHealth {
  activated: boolean;
  cloudUrl: string | null;
  terminalId?: string;
  lastSyncAt: string | null;
  lastError: string | null;
  catalogVersion: string | null;
  deactivated: boolean;
  deviceCredential: { issuedAt: string; ageDays: number; rotationDueAt: string } | null;
}

/**
 * An activated terminal's sync with its cloud: each pass refreshes the terminal (merchant
 * identity, API key rotation), then pulls the catalog feed from the stored cursor, page by
 * page, until it is complete. Selling never waits for it: the sale reads the local copy.
 */
export class PlatformSync {
  readonly link: PlatformLink;
  private readonly loop: PeriodicSync;
  private readonly client: DeviceClient;

  constructor(private readonly o: PlatformSyncOptions) {
    this.client = new DeviceClient(o.file.cloudUrl, () => this.link.credentialForCall(), o.timeoutMs);
    this.link = new PlatformLink(o.file, {
      dataDir: o.dataDir,
      client: this.client,
      verifier: o.verifier,
      clock: o.clock,
      logger: o.logger,
      cloudTimeoutMs: o.timeoutMs,
    });
    this.loop = new PeriodicSync({
      pass: () => this.pass(),
      halted: () => this.link.isDeactivated(),
      intervalMs: o.intervalMs,
      retryBaseMs: o.retryBaseMs,
      retryMaxMs: o.intervalMs,
      logger: o.logger,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** A pass now (POST /api/catalog/sync); resolves once it ended, failed or not. */
  syncNow(): Promise<void> {
    return this.loop.now();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Where and as whom the fiscal documents go up; null once the cloud cut the terminal off. */
  documentAccess(): PlatformAccess | null {
    if (this.link.isDeactivated()) return null;
    const { cloudUrl, deviceCredential, cloudCapabilities = [] } = this.link.file;
    return { cloudUrl, deviceCredential, cloudCapabilities };
  }

  merchant(): MerchantIdentity {
    const { name, idno, address } = this.link.file.merchant;
    return { name, idno, address };
  }

  vatTable(): VatTable | null {
    return this.o.store.vatTable();
  }

  syncState(): CatalogSyncState {
    const stored = this.o.store.syncState();
    const link = this.link.status();
    const state = link.deactivated
      ? 'deactivated'
      : stored.lastError !== null
        ? 'failing'
        : stored.lastSyncAt === null
          ? 'never_synced'
          : 'synced';
    return { state, ...stored };
  }

  health(): PlatformHealth {
    const stored = this.o.store.syncState();
    const link = this.link.status();
    const file = this.link.file;
    const issuedAt = credentialIssuedAt(file);
    return {
      activated: true,
      cloudUrl: file.cloudUrl,
      terminalId: file.terminalId,
      lastSyncAt: link.lastSyncAt ?? stored.lastSyncAt,
      lastError: link.lastError,
      catalogVersion: stored.cursor,
      deactivated: link.deactivated,
      deviceCredential: {
        issuedAt: issuedAt.toISOString(),
        ageDays: Math.max(0, Math.floor((this.o.clock.now().getTime() - issuedAt.getTime()) / 86_400_000)),
        rotationDueAt: new Date(issuedAt.getTime() + this.o.credentialMaxAgeMs).toISOString(),
      },
    };
  }

  private async pass(): Promise<void> {
    try {
      await this.link.refresh();
      await this.link.rotateCredentialIfOld(this.o.credentialMaxAgeMs);
      let cursor = this.o.store.syncState().cursor;
      for (;;) {
        const page = await this.client.catalog(cursor, this.o.pageLimit);
        this.o.store.applyPage(page, this.o.clock.now());
        cursor = page.nextCursor;
        if (page.complete) break;
      }
      this.link.recordSuccess();
    } catch (error) {
      this.link.recordFailure(error);
      this.o.store.recordError(error instanceof Error ? error.message : String(error), this.o.clock.now());
      throw error;
    }
    this.o.onSynced();
  }
}
