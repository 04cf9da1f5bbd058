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
  /**
   * First delay after this link was replaced by another connection with the same credential;
   * doubles per replacement in a row up to a day (half of it random).
   */
  replacedBackoffMs: number;
  /** How often a terminal without relay access looks again (activation may have happened). */
  accessPollMs: number;
  random?: () => number;
}

/** How one connection ended: it served until an ordinary drop, never opened (or was revoked), or another took its place. */
type LinkEnd = 'served' | 'failed' | 'replaced';

const REPLACED_BACKOFF_MAX_MS = 24 * 60 * 60 * 1000;

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
    const random = this.o.random ?? Math.random;
    let failures = 0;
    let replacements = 0;
    while (!this.#stopping.signal.aborted) {
      const access = this.o.access();
      let delay = this.o.accessPollMs;
      if (access) {
        const end = await this.#connectOnce(access, origin, dispatcher);
        // A rotated credential: the relay dropped (or refused) the old one, the new one is due
        // now rather than after a backoff meant for failures.
        if (this.o.access()?.deviceCredential !== access.deviceCredential) {
          failures = 0;
          continue;
        }
        if (end === 'replaced') {
          // The relay keeps the newest connection of a credential. Taking it back at once would
          // make two devices holding one credential replace each other forever: this one yields
          // for long, longer at each replacement in a row, and says why.
          delay = backoffDelay(replacements++, this.o.replacedBackoffMs, REPLACED_BACKOFF_MAX_MS, random);
          this.o.logger.error(
            { retryInMs: Math.round(delay) },
            'another connection of this terminal replaced this one (another device with this device credential?)',
          );
        } else {
          failures = end === 'served' ? 0 : failures + 1;
          if (end === 'served') replacements = 0;
          delay = backoffDelay(failures, this.o.reconnectBaseMs, this.o.reconnectMaxMs, random);
        }
      }
      await sleep(delay, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
    }
  }

  /** One connection, from dialling until it closes, and how it ended. */
  #connectOnce(access: RelayAccess, origin: string, dispatcher: Agent): Promise<LinkEnd> {
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
        // A revoked credential is refused at the next dial too: its delays keep growing.
        if (code === CLOSE_CODES.replaced) resolve('replaced');
        else resolve(opened && code !== CLOSE_CODES.revoked ? 'served' : 'failed');
      });
    });
  }
}
