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
  logger: Logger;
}

export class RelayCluster implements LinkWatcher<TerminalLink> {
  readonly #responders = new Map<string, Subscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly o: ClusterOptions,
  ) {}

  /** Connects (failing if NATS does not answer: a node that cannot reach its peers must not serve). */
  static async join(o: ClusterOptions): Promise<RelayCluster> {
    const nc = await connect({ servers: o.natsUrl, name: 'fiscal-pos-relay', maxReconnectAttempts: -1 });
    const cluster = new RelayCluster(nc, o);
    nc.subscribe(CLAIM_SUBJECT, { callback: (_error, msg) => cluster.#onClaim(msg.data) });
    // The claims subscription is in place before this node holds any link.
    await nc.flush();
    o.links.watch(cluster);
    void cluster.#logStatus();
    return cluster;
  }

  /** The largest request body one NATS message carries beside its head (max_payload learnt from the server). */
  get requestBodyLimit(): number {
    return this.#maxPayload - requestHeadRoom(this.#maxPayload);
  }

  get #maxPayload(): number {
    return this.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
  }

  /** The terminal of this publicId wherever it is linked; the caller checked it is no local one. */
  remote(publicId: string, requestId: string): RelayTarget {
    return {
      request: (headers: OutgoingHttpHeaders, endStream: boolean) => {
        const { ':method': method, ':path': path, ...rest } = headers;
        return new RemoteExchange(
          this.nc,
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
    // A link accepted while this node leaves NATS: it is closed with the rest.
    if (this.nc.isClosed() || this.nc.isDraining()) return;
    if (!this.#responders.has(publicId))
      this.#responders.set(
        publicId,
        // A queue group: while an old and a new link briefly coexist on two nodes, each request
        // is still served once.
        this.nc.subscribe(linkSubject(publicId), {
          queue: HOLDER_QUEUE,
          callback: (_error, msg) =>
            servePeerRequest(msg, this.o.links.get(publicId), {
              nc: this.nc,
              timeoutMs: this.o.timeoutMs,
              logger: this.o.logger,
            }),
        }),
      );
    const claim: Claim = { publicId, linkId: link.linkId, connectedAt: link.connectedAt };
    this.nc.publish(CLAIM_SUBJECT, encodeFrame(claim));
  }

  released(publicId: string): void {
    const subscription = this.#responders.get(publicId);
    this.#responders.delete(publicId);
    subscription?.unsubscribe();
  }

  /** Lets requests in progress finish their publishes, then leaves NATS. */
  async leave(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  #onClaim(data: Uint8Array): void {
    let claim: Claim;
    try {
      claim = decodeFrame(data, Claim).head;
    } catch {
      this.o.logger.warn('malformed link claim on NATS');
      return;
    }
    const dropped = this.o.links.yieldTo(claim);
    if (dropped)
      this.o.logger.info(
        { publicId: claim.publicId, terminalId: dropped.device.terminalId },
        'link replaced by a newer one on another relay node',
      );
  }

  async #logStatus(): Promise<void> {
    for await (const status of this.nc.status())
      this.o.logger.info({ nats: status.type }, 'NATS connection status');
  }
}
