// The terminal's one outbound connection to the relay (docs/relay.md): a WebSocket to
// <relay>/api/relay/connect with the device credential, carrying HTTP/2 in which the relay is
// the client and this terminal the server. Heartbeats both ways; when the link drops it is
// dialled again after a jittered exponential delay, so a relay restart does not bring every
// terminal back in the same instant. Without relay access (not activated) it only waits.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http2';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLOSE_CODES, CONNECT_PATH, keepAlive, LINK_PROTOCOL, linkStream } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import { Agent } from 'undici';
import { WebSocket } from 'ws';
import { backoffDelay } from '../fiscal-operations/sync-worker.js';
import type { RelayAccess } from './relay-access.js';
import { serveRelayedStream } from './serve-relayed-stream.js';

export interface RelayLinkOptions {
  access: () => RelayAccess | null;
  logger: Logger;
  /** First reconnect delay; doubles per failed attempt up to reconnectMaxMs (half of it random). */
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  heartbeatMs: number;
  /** How often a terminal without relay access looks again (activation may have happened). */
  accessPollMs: number;
  random?: () => number;
}

export class RelayLink {
  /** The secret the audit log recognises relayed requests by (see RELAYED_MARKER_HEADER). */
  readonly marker = randomBytes(32).toString('base64url');
  readonly #stopping = new AbortController();
  #socket: WebSocket | null = null;
  #running: Promise<void> | null = null;
  #dispatcher: Agent | null = null;
  #connected = false;

  constructor(private readonly o: RelayLinkOptions) {}

  /** Starts dialling once the terminal's own API listens at `origin`. */
  start(origin: string): void {
    if (this.#running) return;
    const dispatcher = new Agent({ keepAliveTimeout: 60_000 });
    this.#dispatcher = dispatcher;
    this.#running = this.#run(origin, dispatcher);
  }

  /** Whether the link is up now (for health and the tests). */
  get connected(): boolean {
    return this.#connected;
  }

  async close(): Promise<void> {
    if (this.#stopping.signal.aborted) return;
    this.#stopping.abort();
    this.#socket?.terminate();
    await this.#running;
    await this.#dispatcher?.close();
  }

  async #run(origin: string, dispatcher: Agent): Promise<void> {
    let failures = 0;
    while (!this.#stopping.signal.aborted) {
      const access = this.o.access();
      let delay = this.o.accessPollMs;
      if (access) {
        const served = await this.#connectOnce(access, origin, dispatcher);
        // A rotated credential: the relay dropped (or refused) the old one, the new one is due
        // now rather than after a backoff meant for failures.
        if (this.o.access()?.deviceCredential !== access.deviceCredential) {
          failures = 0;
          continue;
        }
        failures = served ? 0 : failures + 1;
        delay = backoffDelay(
          failures,
          this.o.reconnectBaseMs,
          this.o.reconnectMaxMs,
          this.o.random ?? Math.random,
        );
      }
      await sleep(delay, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
    }
  }

  /**
   * One connection, from dialling until it closes; whether it served, i.e. opened and was not
   * dropped for another connection of this terminal or a revoked credential: after those the
   * delays keep growing, so two processes holding one credential do not take turns forever.
   */
  #connectOnce(access: RelayAccess, origin: string, dispatcher: Agent): Promise<boolean> {
    const url = new URL(CONNECT_PATH, access.relayUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, LINK_PROTOCOL, {
      headers: { authorization: `Bearer ${access.deviceCredential}` },
      handshakeTimeout: 10_000,
      perMessageDeflate: false,
      ...(access.ca === undefined ? {} : { ca: access.ca }),
    });
    this.#socket = socket;
    let opened = false;
    return new Promise((resolve) => {
      socket.on('open', () => {
        opened = true;
        this.#connected = true;
        this.o.logger.info({ relay: url.origin }, 'relay link up');
        keepAlive(socket, this.o.heartbeatMs, () => this.o.logger.warn('relay silent; reconnecting'));
        const server = createServer();
        server.on('sessionError', (error) =>
          this.o.logger.warn({ err: error.message }, 'relay link session error'),
        );
        server.on('stream', (stream, headers) => {
          void serveRelayedStream(stream, headers, {
            origin,
            dispatcher,
            marker: this.marker,
            logger: this.o.logger,
          });
        });
        // The WebSocket stream is this HTTP/2 server's only connection; it never listens. When
        // the socket closes the stream ends and the HTTP/2 session with it.
        server.emit('connection', linkStream(socket));
      });
      // Refusals (401 revoked credential, 503) and network errors: logged, then retried later.
      socket.on('error', (error) => this.o.logger.warn({ err: error.message }, 'relay link error'));
      socket.on('close', (code, reason) => {
        this.#connected = false;
        if (opened) this.o.logger.warn({ code, reason: reason.toString() }, 'relay link down');
        resolve(opened && code !== CLOSE_CODES.replaced && code !== CLOSE_CODES.revoked);
      });
    });
  }
}
