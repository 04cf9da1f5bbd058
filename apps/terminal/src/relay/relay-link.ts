// The terminal's one outbound connection to the relay (docs/relay.md): a WebSocket to
// <relay>/api/relay/connect with the device credential, carrying HTTP/2 in which the relay is
// the client and this terminal the server. Heartbeats both ways; when the link drops it is
// dialled again after a jittered exponential delay, so a relay restart does not bring every
// terminal back in the same instant. Without relay access (not activated) it only waits.
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLOSE_CODES, CONNECT_PATH, keepAlive, LINK_PROTOCOL, linkStream } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import { backoffDelay } from '../fiscal-operations/sync-worker.js';
import type { RelayAccess } from './relay-access.js';
import { RelayedResponse } from './relayed-response.js';

/**
 * The terminal's own API, given each relayed request as HTTP/2 compatibility objects: the
 * routing its listener runs, so the request meets the same hooks, limits, key check,
 * idempotency and audit as a LAN request (docs/relay.md).
 */
export type RelayedRequestHandler = (req: Http2ServerRequest, res: Http2ServerResponse) => void;

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
/** How long a stopping terminal lets relayed requests in flight finish. */
const CLOSE_GRACE_MS = 5_000;

export class RelayLink {
  readonly #stopping = new AbortController();
  /** The requests this link handed to the API: the audit log's `via: relay`, which no header can fake. */
  readonly #relayed = new WeakSet<object>();
  #socket: WebSocket | null = null;
  #session: ServerHttp2Session | null = null;
  #running: Promise<void> | null = null;
  #connected = false;

  constructor(private readonly o: RelayLinkOptions) {}

  /** Starts dialling; each relayed request goes to `serve` (the API's routing). */
  start(serve: RelayedRequestHandler): void {
    if (this.#running) return;
    this.#running = this.#run(serve);
  }

  /** Whether this raw request came through the relay link. */
  relayed(raw: object): boolean {
    return this.#relayed.has(raw);
  }

  /** Whether the link is up now (for health and the tests). */
  get connected(): boolean {
    return this.#connected;
  }

  /**
   * Stops dialling and ends the link. HTTP/2's GOAWAY first: the relay sends no new request
   * (its clients get 503) while those in flight get up to `graceMs` to finish; what is still
   * in flight then gets 502 on the relay.
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    if (this.#stopping.signal.aborted) return;
    this.#stopping.abort();
    const session = this.#session;
    if (session && !session.closed && graceMs > 0)
      await Promise.race([
        new Promise<void>((done) => session.close(() => done())),
        sleep(graceMs, undefined, { ref: false }),
      ]);
    this.#socket?.terminate();
    await this.#running;
  }

  async #run(serve: RelayedRequestHandler): Promise<void> {
    const random = this.o.random ?? Math.random;
    let failures = 0;
    let replacements = 0;
    while (!this.#stopping.signal.aborted) {
      const access = this.o.access();
      let delay = this.o.accessPollMs;
      if (access) {
        const end = await this.#connectOnce(access, serve);
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
  #connectOnce(access: RelayAccess, serve: RelayedRequestHandler): Promise<LinkEnd> {
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
        const server = createServer({ Http2ServerResponse: RelayedResponse }, (req, res) => {
          this.#relayed.add(req);
          serve(req, res);
        });
        server.on('sessionError', (error) =>
          this.o.logger.warn({ err: error.message }, 'relay link session error'),
        );
        server.once('session', (session) => (this.#session = session));
        // The WebSocket stream is this HTTP/2 server's only connection; it never listens. When
        // the socket closes the stream ends and the HTTP/2 session with it.
        server.emit('connection', linkStream(socket));
      });
      // Refusals (401 revoked credential, 503) and network errors: logged, then retried later.
      socket.on('error', (error) => this.o.logger.warn({ err: error.message }, 'relay link error'));
      socket.on('close', (code, reason) => {
        this.#connected = false;
        this.#session = null;
        if (opened) this.o.logger.warn({ code, reason: reason.toString() }, 'relay link down');
        // A revoked credential is refused at the next dial too: its delays keep growing.
        if (code === CLOSE_CODES.replaced) resolve('replaced');
        else resolve(opened && code !== CLOSE_CODES.revoked ? 'served' : 'failed');
      });
    });
  }
}
