// Cluster mode (NATS_URL, docs/relay.md "Cluster mode"): this node's part in a set of relay
// nodes behind one address. For each terminal it holds it answers that terminal's subject; for
// a terminal it does not hold it reaches the node that does with NATS request-reply, and "no
// responders" means no node holds it. Every node hears every claim, so a terminal linked anew
// on another node makes the older link here go: one live link per terminal across the cluster.
import type { OutgoingHttpHeaders } from 'node:http2';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  Claim,
  CLAIM_SUBJECT,
  decodeFrame,
  DEFAULT_MAX_PAYLOAD,
  encodeFrame,
  HOLDER_QUEUE,
  linkSubject,
  requestHeadRoom,
} from './cluster-frames.js';
import type { RelayTarget } from './forward.js';
import type { LinkRegistry, LinkWatcher } from './link-registry.js';
import { servePeerRequest } from './peer-request.js';
import { RemoteExchange } from './remote-exchange.js';
import type { TerminalLink } from './terminal-link.js';

export interface ClusterOptions {
  natsUrl: string;
  links: LinkRegistry<TerminalLink>;
  timeoutMs: number;
  /** RELAY_HEADERS_TIMEOUT_MS: how long an answer for a peer waits on its acknowledgements (peer-request.ts). */
  stallTimeoutMs: number;
  logger: Logger;
}

/**
 * `connecting`: NATS has not answered since start; `joined`: in the cluster; `disconnected`:
 * NATS lost after joining (the client redials on its own); `leaving`: the node stops.
 */
export type ClusterState = 'connecting' | 'joined' | 'disconnected' | 'leaving';

/** Waits between attempts to reach NATS at start: doubling from the first, capped at the last. */
const JOIN_RETRY_MS = { first: 250, max: 2_000 };

interface Held {
  responder: Subscription;
  claim: Claim;
}

export class RelayCluster implements LinkWatcher<TerminalLink> {
  readonly #held = new Map<string, Held>();
  #nc: NatsConnection | undefined;
  #state: ClusterState = 'connecting';

  private constructor(private readonly o: ClusterOptions) {}

  /**
   * The node serves at once and keeps dialling NATS until it answers (docs/relay.md "Cluster
   * mode", "When NATS does not answer"): until then it takes no link and reaches no peer.
   */
  static start(o: ClusterOptions): RelayCluster {
    const cluster = new RelayCluster(o);
    void cluster.#join();
    return cluster;
  }

  get state(): ClusterState {
    return this.#state;
  }

  /** Links may be taken and peers reached: claims and requests cross NATS now. */
  get reachable(): boolean {
    return this.#state === 'joined';
  }

  /** The largest request body one NATS message carries beside its head (max_payload learnt from the server). */
  get requestBodyLimit(): number {
    return this.#maxPayload - requestHeadRoom(this.#maxPayload);
  }

  get #maxPayload(): number {
    return this.#nc?.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
  }

  /** The connection, once joined; callers check `reachable` first. */
  get #connection(): NatsConnection {
    if (!this.#nc) throw new Error('the relay cluster has not joined NATS yet');
    return this.#nc;
  }

  /** The terminal of this publicId wherever it is linked; the caller checked it is no local one. */
  remote(publicId: string, requestId: string): RelayTarget {
    return {
      request: (headers: OutgoingHttpHeaders, endStream: boolean) => {
        const { ':method': method, ':path': path, ...rest } = headers;
        return new RemoteExchange(
          this.#connection,
          publicId,
          { requestId, method: String(method), path: String(path), headers: rest },
          endStream,
          requestHeadRoom(this.#maxPayload),
        );
      },
    };
  }

  held(link: TerminalLink): void {
    const { publicId } = link;
    const nc = this.#nc;
    // A link accepted while this node leaves NATS: it is closed with the rest.
    if (!nc || nc.isClosed() || nc.isDraining()) return;
    const claim: Claim = { publicId, linkId: link.linkId, linkSeq: link.linkSeq };
    const responder =
      this.#held.get(publicId)?.responder ??
      // A queue group: while an old and a new link briefly coexist on two nodes, each request
      // is still served once.
      nc.subscribe(linkSubject(publicId), {
        queue: HOLDER_QUEUE,
        callback: (_error, msg) =>
          servePeerRequest(msg, this.o.links.get(publicId), {
            nc,
            timeoutMs: this.o.timeoutMs,
            stallTimeoutMs: this.o.stallTimeoutMs,
            logger: this.o.logger,
          }),
      });
    this.#held.set(publicId, { responder, claim });
    nc.publish(CLAIM_SUBJECT, encodeFrame(claim));
  }

  released(publicId: string): void {
    const held = this.#held.get(publicId);
    this.#held.delete(publicId);
    held?.responder.unsubscribe();
  }

  /** Stops dialling NATS, or lets requests in progress finish their publishes and leaves it. */
  async leave(): Promise<void> {
    const wasConnected = this.#state === 'joined';
    this.#state = 'leaving';
    if (!this.#nc || this.#nc.isClosed()) return;
    // Draining waits for the server: without one there is nothing in flight to finish.
    await (wasConnected ? this.#nc.drain() : this.#nc.close());
  }

  async #join(): Promise<void> {
    for (let attempt = 1; this.#state === 'connecting'; attempt++) {
      let nc: NatsConnection | undefined;
      try {
        nc = await connect({ servers: this.o.natsUrl, name: 'fiscal-pos-relay', maxReconnectAttempts: -1 });
        nc.subscribe(CLAIM_SUBJECT, { callback: (_error, msg) => this.#onClaim(msg.data) });
        // The claims subscription is in place before this node holds any link.
        await nc.flush();
      } catch (error) {
        await nc?.close();
        this.o.logger.warn(
          { attempt, err: error instanceof Error ? error.message : String(error) },
          'NATS does not answer; this node takes no link until it does',
        );
        const wait = Math.min(JOIN_RETRY_MS.first * 2 ** (attempt - 1), JOIN_RETRY_MS.max);
        await new Promise((done) => setTimeout(done, wait).unref());
        continue;
      }
      // The node began stopping while NATS answered.
      if (this.#leaving()) {
        await nc.close();
        return;
      }
      this.#nc = nc;
      this.#state = 'joined';
      this.o.links.watch(this);
      this.o.logger.info({ attempt }, 'joined the relay cluster on NATS');
      void this.#followStatus(nc);
    }
  }

  #leaving(): boolean {
    return this.#state === 'leaving';
  }

  async #followStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'ping') continue;
      this.o.logger.info({ nats: status.type }, 'NATS connection status');
      if (this.#leaving()) continue;
      if (status.type === 'disconnect') this.#state = 'disconnected';
      if (status.type === 'reconnect') {
        this.#state = 'joined';
        // Claims published by others while this node was away went unheard: saying again what
        // it holds makes the older of any two links of one terminal go, here or there.
        for (const { claim } of this.#held.values()) nc.publish(CLAIM_SUBJECT, encodeFrame(claim));
      }
    }
  }

  #onClaim(data: Uint8Array): void {
    let claim: Claim;
    try {
      claim = decodeFrame(data, Claim).head;
    } catch {
      this.o.logger.warn('malformed link claim on NATS');
      return;
    }
    const outcome = this.o.links.settle(claim);
    if (outcome && 'yielded' in outcome)
      this.o.logger.info(
        { publicId: claim.publicId, terminalId: outcome.yielded.device.terminalId },
        'link replaced by a newer one on another relay node',
      );
    // An older link claimed after ours (its node had not heard ours, or its upgrade was slow):
    // our claim again makes that node drop it.
    const ours = outcome && 'kept' in outcome ? this.#held.get(claim.publicId)?.claim : undefined;
    if (ours) this.#nc?.publish(CLAIM_SUBJECT, encodeFrame(ours));
  }
}
