/**
 * Finds the Fiscal POS terminals on the local network: each announces itself by DNS-SD over
 * multicast DNS as `_fiscalpos._tcp` with a TXT record (docs/terminal-api.md, "Finding terminals
 * on the LAN"). The browse listens for `timeoutMs` and answers what was heard by then.
 */
import { Bonjour, type Service } from 'bonjour-service';
import { EventEmitter } from 'node:events';

/** One terminal heard on the LAN. */
export interface DiscoveredTerminal {
  /** The service instance name (MDNS_NAME on the terminal). */
  name: string;
  /** The host name it announced (`<host>.local`). */
  host: string;
  port: number;
  /** Its addresses, IPv4 first. */
  addresses: string[];
  /** The terminal's version, `<major>.<minor>.<patch>+<build>`. */
  version: string | null;
  /** MEV's registration number; null before the terminal is fiscalized. */
  registrationNumber: string | null;
  /** The terminal's id, once known (from its fiscalization). */
  terminalId: string | null;
  /** Its name in the cloud, once activated. */
  terminalName: string | null;
  /** Where the API's routes start on this port (`/api`). */
  apiPath: string;
  /** What `createTerminalClient({ baseUrl })` takes: `http://<first IPv4 address>:<port>`. */
  baseUrl: string;
}

export interface DiscoverOptions {
  /** How long to listen for answers (default 2000 ms). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

function text(txt: unknown, key: string): string | null {
  if (typeof txt !== 'object' || txt === null) return null;
  const value: unknown = Reflect.get(txt, key);
  return typeof value === 'string' && value !== '' ? value : null;
}

const isIpv4 = (address: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(address);

function describe(service: Service): DiscoveredTerminal {
  const all = service.addresses ?? [];
  const addresses = [...all.filter(isIpv4), ...all.filter((a) => !isIpv4(a))];
  const first = addresses[0];
  const hostPart = first === undefined ? service.host : isIpv4(first) ? first : `[${first}]`;
  return {
    name: service.name,
    host: service.host,
    port: service.port,
    addresses,
    version: text(service.txt, 'version'),
    registrationNumber: text(service.txt, 'registration'),
    terminalId: text(service.txt, 'terminal'),
    terminalName: text(service.txt, 'name'),
    apiPath: text(service.txt, 'api') ?? '/api',
    baseUrl: `http://${hostPart}:${service.port}`,
  };
}

export type TerminalEvent = 'up' | 'down';

export interface TerminalWatch {
  /** The terminals heard so far and not gone since, sorted by name. */
  terminals(): DiscoveredTerminal[];
  /** Stops listening; the first failure of the mDNS socket, if any, is thrown here. */
  stop(): void;
}

/**
 * Listens for terminals until stop(): `onChange` hears each one that comes up and each one that
 * says goodbye (a terminal that stops, or announces itself anew when what it says changes).
 */
export function watchTerminals(
  onChange: (event: TerminalEvent, terminal: DiscoveredTerminal) => void = () => {},
): TerminalWatch {
  let failure: Error | null = null;
  const bonjour = new Bonjour({}, (error: Error) => (failure ??= error));
  // bonjour-service 1.4 leaves this emitter's 'error' unheard (onlxltd/bonjour-service#91).
  const server: unknown = Reflect.get(bonjour, 'server');
  const mdns: unknown = typeof server === 'object' && server !== null ? Reflect.get(server, 'mdns') : null;
  if (mdns instanceof EventEmitter) mdns.on('error', (error: Error) => (failure ??= error));
  const browser = bonjour.find({ type: 'fiscalpos' });
  browser.on('up', (service) => onChange('up', describe(service)));
  browser.on('down', (service) => onChange('down', describe(service)));
  return {
    terminals: () => browser.services.map(describe).sort((a, b) => a.name.localeCompare(b.name)),
    stop() {
      browser.stop();
      bonjour.destroy();
      if (failure !== null) throw failure;
    },
  };
}

/**
 * The terminals that answered within `timeoutMs`, sorted by name. A network without multicast
 * answers none; a failure of the mDNS socket (UDP port 5353 refused) is thrown.
 */
export async function discoverTerminals({ timeoutMs = DEFAULT_TIMEOUT_MS }: DiscoverOptions = {}): Promise<
  DiscoveredTerminal[]
> {
  const watch = watchTerminals();
  await new Promise((resolve) => setTimeout(resolve, timeoutMs));
  const found = watch.terminals();
  watch.stop();
  return found;
}
