// The terminals dialled in to this relay node, by publicId: one live link each, a new one
// replacing the old (a restarted terminal, or a replaced device, must not be shadowed by a
// half-dead predecessor). In cluster mode a watcher (RelayCluster) hears which publicIds this
// node holds, and a newer link claimed on another node replaces the one here too.
import { CLOSE_CODES } from '@fiscal-pos/relay-protocol';
import type { VerifiedDevice } from './cloud-client.js';

/** A link of a publicId somewhere in the cluster, with what orders two links of one terminal. */
export interface LinkStamp {
  readonly publicId: string;
  /** The cloud counts a terminal's verified dials: no relay node's clock is asked. */
  readonly linkSeq: number;
  readonly linkId: string;
}

/** What hearing another node's claim did to the link of that publicId here, if any. */
export type ClaimOutcome<L> = { yielded: L } | { kept: L } | null;

/** Hears when this node starts and stops holding a publicId. */
export interface LinkWatcher<L> {
  held(link: L): void;
  released(publicId: string): void;
}

/**
 * The newer connection wins. Two links of one terminal have distinct numbers from one cloud;
 * equal ones (a database restored from a backup) are settled by link id, the same way everywhere.
 */
function isNewer(a: LinkStamp, b: LinkStamp): boolean {
  return a.linkSeq !== b.linkSeq ? a.linkSeq > b.linkSeq : a.linkId > b.linkId;
}

/** What the registry needs of a link (TerminalLink; the tests' stand-ins). */
export interface RegisteredLink extends LinkStamp {
  readonly device: VerifiedDevice;
  readonly open: boolean;
  onClose(listener: () => void): void;
  close(code: (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES], reason: string): void;
}

export class LinkRegistry<L extends RegisteredLink = RegisteredLink> {
  readonly #byPublicId = new Map<string, L>();
  #watcher: LinkWatcher<L> | undefined;

  watch(watcher: LinkWatcher<L>): void {
    this.#watcher = watcher;
  }

  add(link: L): void {
    const previous = this.#byPublicId.get(link.publicId);
    // Two dials of one terminal verified in one order and upgraded in the other.
    if (previous && isNewer(previous, link)) {
      link.close(CLOSE_CODES.replaced, REPLACED);
      return;
    }
    this.#byPublicId.set(link.publicId, link);
    link.onClose(() => this.#forget(link));
    previous?.close(CLOSE_CODES.replaced, REPLACED);
    this.#watcher?.held(link);
  }

  /** Another node claims this publicId: the link here goes if it is the older one. */
  settle(claim: LinkStamp): ClaimOutcome<L> {
    const local = this.#byPublicId.get(claim.publicId);
    if (!local || local.linkId === claim.linkId) return null;
    if (isNewer(local, claim)) return { kept: local };
    this.#drop(local, CLOSE_CODES.replaced, REPLACED);
    return { yielded: local };
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
    for (const link of dropped) this.#drop(link, CLOSE_CODES.revoked, 'device credential revoked');
    return dropped;
  }

  /**
   * Forgotten at once, not when the closing handshake ends (up to 2 s later): until then the
   * cluster would still route this terminal's requests here, to a link that takes none.
   */
  #drop(link: L, code: (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES], reason: string): void {
    link.close(code, reason);
    this.#forget(link);
  }

  #forget(link: L): void {
    if (this.#byPublicId.get(link.publicId) !== link) return;
    this.#byPublicId.delete(link.publicId);
    this.#watcher?.released(link.publicId);
  }

  closeAll(): void {
    for (const link of this.#byPublicId.values()) link.close(CLOSE_CODES.shutdown, 'relay stopping');
  }
}

const REPLACED = 'replaced by a newer connection of this terminal';
