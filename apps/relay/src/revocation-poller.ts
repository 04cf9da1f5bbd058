// Polls the cloud's revocations feed and drops the links of revoked credentials: a revoked or
// deactivated terminal loses its relay address within about one poll interval, and the relay
// never asks the cloud per request. A failed poll keeps the cursor and tries again next tick.
import type { Logger } from 'pino';
import type { CloudClient } from './cloud-client.js';
import type { LinkRegistry } from './link-registry.js';

export class RevocationPoller {
  #cursor: string | null = null;
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> = Promise.resolve();

  constructor(
    private readonly o: { cloud: CloudClient; links: LinkRegistry; intervalMs: number; logger: Logger },
  ) {}

  /** Takes the first cursor (so nothing revoked from now on is missed), then polls. */
  async start(): Promise<void> {
    await this.#poll();
    this.#timer = setInterval(() => {
      this.#polling = this.#poll();
    }, this.o.intervalMs);
  }

  /**
   * Whether the feed answered once: before that a revocation could go unseen (the first answer
   * only sets the cursor), so no terminal is let in.
   */
  get listening(): boolean {
    return this.#cursor !== null;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#polling;
  }

  async #poll(): Promise<void> {
    try {
      const answer = await this.o.cloud.revocationsSince(this.#cursor);
      this.#cursor = answer.cursor;
      const dropped = this.o.links.revoke(new Set(answer.revoked.map((r) => r.credentialId)));
      for (const link of dropped)
        this.o.logger.info(
          { publicId: link.publicId, terminalId: link.device.terminalId },
          'revoked terminal dropped',
        );
    } catch (error) {
      this.o.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'revocations poll failed',
      );
    }
  }
}
