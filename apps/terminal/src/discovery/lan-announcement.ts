/**
 * The terminal announces itself on the shop's network by DNS-SD over multicast DNS (RFC 6763,
 * RFC 6762): service type `_fiscalpos._tcp`, the API's port, and a TXT record saying which
 * terminal it is, so that a POS front end or an ERP finds it without anyone typing an address
 * (`discoverTerminals` in packages/sdk, `npm run discover`; docs/terminal-api.md, "Finding
 * terminals on the LAN"). A network without multicast costs a warning, never the start.
 */
import { Bonjour, type Service } from 'bonjour-service';
import { createSocket } from 'node:dgram';
import { EventEmitter } from 'node:events';
import { hostname, networkInterfaces } from 'node:os';
import type { Logger } from 'pino';

/** `_fiscalpos._tcp`: what the SDK browses for. */
const SERVICE_TYPE = 'fiscalpos';
/** Where the Terminal API's routes start on this port. */
const API_PATH = '/api';
const MDNS_GROUP = '224.0.0.251';
const MDNS_PORT = 5353;
/**
 * How often what is announced is compared with what the terminal is now (the cloud's sync
 * renames it, for one), and a network that had no multicast route looked at again.
 */
const CHECK_MS = 10_000;

/** What the terminal says of itself on the LAN; null fields are left out of the TXT record. */
export interface AnnouncedTerminal {
  version: string;
  /** MEV's registration number, once fiscalized. */
  registrationNumber: string | null;
  terminalId: string | null;
  /** The terminal's name in the cloud, once activated. */
  terminalName: string | null;
}

/** The TXT record (docs/terminal-api.md lists its keys); `txtvers` versions the set of keys. */
function txtRecord(t: AnnouncedTerminal): Record<string, string> {
  return {
    txtvers: '1',
    version: t.version,
    api: API_PATH,
    ...(t.registrationNumber ? { registration: t.registrationNumber } : {}),
    ...(t.terminalId ? { terminal: t.terminalId } : {}),
    ...(t.terminalName ? { name: t.terminalName } : {}),
  };
}

/**
 * Whether the system can announce: it lists its interfaces (getifaddrs over netlink, which a
 * sandbox may refuse: multicast-dns would then throw where nothing catches it) and has a route to
 * the mDNS group (a UDP connect looks the route up and sends nothing). Null when it can; the
 * error (ENETUNREACH, EAFNOSUPPORT) when it cannot.
 */
function multicastRouteProblem(): Promise<Error | null> {
  try {
    networkInterfaces();
  } catch (error) {
    return Promise.resolve(error instanceof Error ? error : new Error(String(error)));
  }
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', (error) => {
      socket.close();
      resolve(error);
    });
    socket.connect(MDNS_PORT, MDNS_GROUP, (error?: Error) => {
      socket.close();
      resolve(error ?? null);
    });
  });
}

export interface LanAnnouncementOptions {
  /** MDNS_NAME; null: `Fiscal POS <host name>:<port>`, unique on a LAN of one terminal per host. */
  instanceName: string | null;
  port: number;
  describe: () => AnnouncedTerminal;
  logger: Logger;
}

/** One announcement of the terminal, kept current until stop() says goodbye. */
export class LanAnnouncement {
  #bonjour: Bonjour | null = null;
  #service: Service | null = null;
  /** The TXT record published, as JSON, to see whether it changed. */
  #published = '';
  /** A network problem was logged: said once until an announcement goes out again. */
  #warned = false;
  #stopped = false;
  #timer: NodeJS.Timeout | null = null;
  /** Checks run one after the other: a re-announcement is a goodbye and a new record. */
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly o: LanAnnouncementOptions) {}

  start(): void {
    this.#timer = setInterval(() => void this.check(), CHECK_MS);
    this.#timer.unref();
    void this.check();
  }

  /** Announces the terminal, or announces it again when what it says of itself changed. */
  check(): Promise<void> {
    this.#queue = this.#queue.then(() => this.#check());
    return this.#queue;
  }

  /** Goodbye packets (TTL 0): browsers drop the terminal now rather than when the record expires. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#queue;
    await this.#unpublish();
    this.#close();
  }

  async #check(): Promise<void> {
    if (this.#stopped) return;
    const txt = txtRecord(this.o.describe());
    const json = JSON.stringify(txt);
    if (this.#service !== null && json === this.#published) return;
    if (this.#bonjour === null) {
      const problem = await multicastRouteProblem();
      if (problem !== null)
        return this.#warn(problem, 'the network has no multicast route or interfaces to list');
      this.#bonjour = this.#open();
    }
    const again = this.#service !== null;
    await this.#unpublish();
    const service = this.#bonjour.publish({
      name: this.o.instanceName ?? `Fiscal POS ${hostname()}:${this.o.port}`,
      type: SERVICE_TYPE,
      port: this.o.port,
      txt,
      // The name is ours already when announced again: no second probe for it.
      probe: !again,
    });
    service.once('up', () => {
      this.#warned = false;
      this.o.logger.info({ event: 'mdns-announced', name: service.name, txt }, 'announced on the LAN (mDNS)');
    });
    this.#service = service;
    this.#published = json;
  }

  #open(): Bonjour {
    const bonjour = new Bonjour({}, (error: Error) => this.#warn(error, 'an mDNS answer could not be sent'));
    // bonjour-service 1.4 leaves multicast-dns's own 'error' (the socket cannot bind 5353) without
    // a listener, which would end the process (onlxltd/bonjour-service#91): it is a warning here,
    // and the next check tries again.
    const server: unknown = Reflect.get(bonjour, 'server');
    const mdns: unknown = typeof server === 'object' && server !== null ? Reflect.get(server, 'mdns') : null;
    if (mdns instanceof EventEmitter) {
      mdns.on('error', (error: Error) => {
        this.#warn(error, 'the mDNS socket failed');
        this.#service = null;
        this.#close();
      });
    }
    return bonjour;
  }

  /** Goodbye for the one service this Bonjour holds (TTL 0 records), once they are sent. */
  #unpublish(): Promise<void> {
    const bonjour = this.#bonjour;
    const published = this.#service !== null;
    this.#service = null;
    if (!published || bonjour === null) return Promise.resolve();
    return new Promise((resolve) => bonjour.unpublishAll(() => resolve()));
  }

  #close(): void {
    this.#bonjour?.destroy();
    this.#bonjour = null;
  }

  #warn(error: Error, what: string): void {
    if (this.#warned) return;
    this.#warned = true;
    this.o.logger.warn(
      { event: 'mdns-unavailable', err: error },
      `${what}: the terminal is not announced on the LAN (mDNS); it serves as before`,
    );
  }
}
