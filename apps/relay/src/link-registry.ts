// The terminals dialled in to this relay node, by publicId: one live link each, a new one
// replacing the old (a restarted terminal, or a replaced device, must not be shadowed by a
// half-dead predecessor). Next session's cluster mode subscribes each publicId here to NATS.
import { CLOSE_CODES } from '@fiscal-pos/relay-protocol';
import type { VerifiedDevice } from './cloud-client.js';

/** What the registry needs of a link (TerminalLink; the tests' stand-ins). */
export interface RegisteredLink {
  readonly device: VerifiedDevice;
  readonly publicId: string;
  readonly open: boolean;
  onClose(listener: () => void): void;
  close(code: (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES], reason: string): void;
}

export class LinkRegistry<L extends RegisteredLink = RegisteredLink> {
  readonly #byPublicId = new Map<string, L>();

  add(link: L): void {
    const previous = this.#byPublicId.get(link.publicId);
    this.#byPublicId.set(link.publicId, link);
    link.onClose(() => {
      if (this.#byPublicId.get(link.publicId) === link) this.#byPublicId.delete(link.publicId);
    });
    previous?.close(CLOSE_CODES.replaced, 'replaced by a newer connection of this terminal');
  }

  get(publicId: string): L | undefined {
    const link = this.#byPublicId.get(publicId);
    return link?.open ? link : undefined;
  }

  get size(): number {
    return this.#byPublicId.size;
  }

  /** Drops the links authenticated with any of these credentials. */
  revoke(credentialIds: ReadonlySet<string>): L[] {
    const dropped = [...this.#byPublicId.values()].filter((link) =>
      credentialIds.has(link.device.credentialId),
    );
    for (const link of dropped) link.close(CLOSE_CODES.revoked, 'device credential revoked');
    return dropped;
  }

  closeAll(): void {
    for (const link of this.#byPublicId.values()) link.close(CLOSE_CODES.shutdown, 'relay stopping');
  }
}
